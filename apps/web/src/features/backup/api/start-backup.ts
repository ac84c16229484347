import { backupJobSchema } from '@ecohelm/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const startBackup = () => apiFetch('/api/v1/backups', { method: 'POST', schema: backupJobSchema });

/** POST /api/v1/backups: starts an online backup of the store. */
export const useStartBackup = () => useMutation({ mutationFn: startBackup });
