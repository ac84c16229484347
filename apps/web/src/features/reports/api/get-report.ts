import { type ReportQuery, reportResponseSchema } from '@ecohelm/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const reportKeys = {
  all: ['reports'] as const,
  report: (query: ReportQuery) => ['reports', query] as const,
};

export const reportSearch = (query: Record<string, unknown>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  return params.toString();
};

export const getReport = (query: ReportQuery, signal?: AbortSignal) =>
  apiFetch(`/api/v1/reports?${reportSearch(query)}`, {
    schema: reportResponseSchema,
    ...(signal ? { signal } : {}),
  });

export const reportQuery = (query: ReportQuery) =>
  queryOptions({
    queryKey: reportKeys.report(query),
    queryFn: ({ signal }) => getReport(query, signal),
    placeholderData: keepPreviousData,
  });

/** One regime's report for a calendar year (EU MRV with EU ETS and FuelEU, or IMO DCS appendix IX). */
export const useReport = (query: ReportQuery) => useQuery(reportQuery(query));
