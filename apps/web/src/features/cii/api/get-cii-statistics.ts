import { type CiiStatisticsQuery, ciiStatisticsResponseSchema } from '@ecohelm/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const ciiKeys = {
  all: ['cii'] as const,
  statistics: (query: CiiStatisticsQuery) => ['cii', 'statistics', query] as const,
  report: (year: number | undefined) => ['cii', 'report', year ?? null] as const,
  simulation: (query: Record<string, unknown>) => ['cii', 'simulator', query] as const,
};

export const searchOf = (query: Record<string, unknown>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  return params.toString();
};

export const getCiiStatistics = (query: CiiStatisticsQuery, signal?: AbortSignal) =>
  apiFetch(`/api/v1/cii/statistics?${searchOf(query)}`, {
    schema: ciiStatisticsResponseSchema,
    ...(signal ? { signal } : {}),
  });

export const ciiStatisticsQuery = (query: CiiStatisticsQuery) =>
  queryOptions({
    queryKey: ciiKeys.statistics(query),
    queryFn: ({ signal }) => getCiiStatistics(query, signal),
    placeholderData: keepPreviousData,
  });

/** CII of a year, voyage or custom period with its trend, voyage rows and the years available. */
export const useCiiStatistics = (query: CiiStatisticsQuery, enabled = true) =>
  useQuery({ ...ciiStatisticsQuery(query), enabled });
