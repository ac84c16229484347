import { cancelRestoreResponseSchema } from '@ecohelm/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const cancelRestore = () =>
  apiFetch('/api/v1/backups/restore', { method: 'DELETE', schema: cancelRestoreResponseSchema });

/** DELETE /api/v1/backups/restore: the staged backup will not replace the store. */
export const useCancelRestore = () => useMutation({ mutationFn: cancelRestore });
