import { type StartInfoInput, startInfoSchema } from '@ecohelm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/api/keys';
import { apiFetch } from '../../../lib/api-client';

/** Creates (no id) or updates a start-info entry. */
export const saveStartInfo = ({ id, entry }: { id?: string | undefined; entry: StartInfoInput }) =>
  apiFetch(id ? `/api/v1/ship/start-info/${encodeURIComponent(id)}` : '/api/v1/ship/start-info', {
    method: id ? 'PUT' : 'POST',
    body: entry,
    schema: startInfoSchema,
  });

export function useSaveStartInfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveStartInfo,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.startInfo });
      void client.invalidateQueries({ queryKey: queryKeys.filling });
    },
  });
}
