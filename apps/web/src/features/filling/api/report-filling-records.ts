import { fillingReportResponseSchema } from '@ecohelm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/api/keys';
import { apiFetch } from '../../../lib/api-client';

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
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.filling }),
  });
}
