import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/api/keys';
import { apiFetch } from '../../../lib/api-client';

export const deleteStartInfo = (id: string) =>
  apiFetch<void>(`/api/v1/ship/start-info/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteStartInfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteStartInfo,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.startInfo });
      void client.invalidateQueries({ queryKey: queryKeys.filling });
    },
  });
}
