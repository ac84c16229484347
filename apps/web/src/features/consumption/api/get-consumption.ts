import { consumptionResponseSchema } from '@ecohelm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const getConsumption = (range: { from: string; to: string }, signal?: AbortSignal) =>
  apiFetch(`/api/v1/consumption?${new URLSearchParams(range)}`, {
    schema: consumptionResponseSchema,
    ...(signal ? { signal } : {}),
  });

/** Consumption by consumer and mode for a range (UTC ISO) and the period before it. */
export const useConsumption = (range: { from: string; to: string }) =>
  useQuery({
    queryKey: ['consumption', range.from, range.to] as const,
    queryFn: ({ signal }) => getConsumption(range, signal),
    placeholderData: keepPreviousData,
  });
