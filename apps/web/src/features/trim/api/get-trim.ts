import { trimResponseSchema } from '@ecohelm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const getTrim = (signal?: AbortSignal) =>
  apiFetch('/api/v1/trim', { schema: trimResponseSchema, ...(signal ? { signal } : {}) });

/** Trim now and the advice; refreshed every 10 s (the bins themselves change hourly on the server). */
export const useTrim = () =>
  useQuery({
    queryKey: ['trim'] as const,
    queryFn: ({ signal }) => getTrim(signal),
    refetchInterval: 10_000,
    placeholderData: keepPreviousData,
  });
