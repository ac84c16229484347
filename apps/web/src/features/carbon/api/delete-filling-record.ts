import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/api-client';
import { carbonKeys } from './keys';

export const deleteFillingRecord = (id: string) =>
  apiFetch<void>(`/api/v1/filling/records/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteFillingRecord() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteFillingRecord,
    onSuccess: () => client.invalidateQueries({ queryKey: carbonKeys.filling }),
  });
}
