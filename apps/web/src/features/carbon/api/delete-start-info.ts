import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/api-client';
import { carbonKeys } from './keys';

export const deleteStartInfo = (id: string) =>
  apiFetch<void>(`/api/v1/ship/start-info/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteStartInfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteStartInfo,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: carbonKeys.startInfo });
      void client.invalidateQueries({ queryKey: carbonKeys.filling });
    },
  });
}
