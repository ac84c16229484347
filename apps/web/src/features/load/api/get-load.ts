import { loadResponseSchema } from '@ecohelm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const getLoad = (signal?: AbortSignal) =>
  apiFetch('/api/v1/load', { schema: loadResponseSchema, ...(signal ? { signal } : {}) });

/** The generators now and the advice; refreshed every 5 s, as the load changes with the ship's consumers. */
export const useLoad = () =>
  useQuery({
    queryKey: ['load'] as const,
    queryFn: ({ signal }) => getLoad(signal),
    refetchInterval: 5_000,
    placeholderData: keepPreviousData,
  });
