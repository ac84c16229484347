import { type FillingSaveRequest, fillingRecordSchema } from '@ecohelm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/api/keys';
import { apiFetch } from '../../../lib/api-client';

export interface SaveFillingInput extends FillingSaveRequest {
  id?: string | undefined;
}

/** Creates (no id) or updates a filling record; `draft` keeps incomplete or abnormal entries. */
export const saveFillingRecord = ({ id, ...body }: SaveFillingInput) =>
  apiFetch(id ? `/api/v1/filling/records/${encodeURIComponent(id)}` : '/api/v1/filling/records', {
    method: id ? 'PUT' : 'POST',
    body,
    schema: fillingRecordSchema,
  });

export function useSaveFillingRecord() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveFillingRecord,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.filling }),
  });
}
