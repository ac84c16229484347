import { syncStatusSchema } from '@ecohelm/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const getSyncStatus = (signal?: AbortSignal) =>
  apiFetch('/api/v1/sync', { schema: syncStatusSchema, ...(signal ? { signal } : {}) });

/** The ship-to-shore link: connected, what waits, last contact; refreshed every 5 s while shown. */
export const useSyncStatus = (enabled: boolean) =>
  useQuery({
    queryKey: ['sync', 'status'],
    queryFn: ({ signal }) => getSyncStatus(signal),
    refetchInterval: 5000,
    enabled,
  });
