import { backupJobSchema } from '@ecohelm/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const getBackup = (id: string, signal?: AbortSignal) =>
  apiFetch(`/api/v1/backups/${encodeURIComponent(id)}`, {
    schema: backupJobSchema,
    ...(signal ? { signal } : {}),
  });

/** A backup's progress, polled every half second while it runs. */
export const useBackup = (id: string | undefined) =>
  useQuery({
    queryKey: ['backups', id],
    queryFn: ({ signal }) => getBackup(id as string, signal),
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'running' || !query.state.data ? 500 : false),
  });
