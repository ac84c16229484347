import { ingestStatusResponseSchema } from '@ecohelm/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const getIngestStatus = (signal?: AbortSignal) =>
  apiFetch('/api/v1/ingest/status', { schema: ingestStatusResponseSchema, ...(signal ? { signal } : {}) });

/** Per-source accepted and rejected counts of the ingest path; refreshed every 5 s while shown. */
export const useIngestStatus = (enabled: boolean) =>
  useQuery({
    queryKey: ['ingest', 'status'],
    queryFn: ({ signal }) => getIngestStatus(signal),
    refetchInterval: 5000,
    enabled,
  });
