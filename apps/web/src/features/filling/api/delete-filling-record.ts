import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/api/keys';
import { apiFetch } from '../../../lib/api-client';

export const deleteFillingRecord = (id: string) =>
  apiFetch<void>(`/api/v1/filling/records/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteFillingRecord() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteFillingRecord,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.filling }),
  });
}
