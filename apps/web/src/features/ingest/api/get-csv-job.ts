import { ingestCsvJobSchema } from '@ecohelm/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const getCsvJob = (id: string, signal?: AbortSignal) =>
  apiFetch(`/api/v1/ingest/csv/${encodeURIComponent(id)}`, {
    schema: ingestCsvJobSchema,
    ...(signal ? { signal } : {}),
  });

/** An import job's progress, polled every half second until it is done or failed. */
export const useCsvJob = (id: string | null) =>
  useQuery({
    queryKey: ['ingest', 'csv', id],
    queryFn: ({ signal }) => getCsvJob(id as string, signal),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'running' ? false : 500),
  });
