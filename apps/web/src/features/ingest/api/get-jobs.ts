import { jobsResponseSchema } from '@ecohelm/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const getJobs = (signal?: AbortSignal) =>
  apiFetch('/api/v1/jobs', { schema: jobsResponseSchema, ...(signal ? { signal } : {}) });

/** The server's background jobs and their last runs; refreshed every 10 s while shown. */
export const useJobs = (enabled: boolean) =>
  useQuery({
    queryKey: ['jobs'],
    queryFn: ({ signal }) => getJobs(signal),
    refetchInterval: 10_000,
    enabled,
  });
