import { restoreResponseSchema } from '@ecohelm/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/**
 * POST /api/v1/backups/restore with the file itself as the body (a store is hundreds of megabytes: no JSON,
 * no form encoding). The server checks it and stages it for the next start.
 */
export const restoreBackup = (file: File) =>
  apiFetch('/api/v1/backups/restore', { method: 'POST', body: file, schema: restoreResponseSchema });

export const useRestoreBackup = () => useMutation({ mutationFn: restoreBackup });
