import { fillingReportResponseSchema } from '@ecohelm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/api-client';
import { carbonKeys } from './keys';

/** Reports (submits) departure, end-of-anchorage and end-of-drift records; they are locked afterwards. */
export const reportFillingRecords = (ids: string[]) =>
  apiFetch('/api/v1/filling/records/report', {
    method: 'POST',
    body: { ids },
    schema: fillingReportResponseSchema,
  });

export function useReportFillingRecords() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reportFillingRecords,
    onSuccess: () => client.invalidateQueries({ queryKey: carbonKeys.filling }),
  });
}
