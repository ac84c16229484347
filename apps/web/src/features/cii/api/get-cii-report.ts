import { ciiReportResponseSchema } from '@ecohelm/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { ciiKeys, searchOf } from './get-cii-statistics';

export const getCiiReport = (year: number | undefined, signal?: AbortSignal) =>
  apiFetch(`/api/v1/cii/report?${searchOf({ year })}`, {
    schema: ciiReportResponseSchema,
    ...(signal ? { signal } : {}),
  });

export const ciiReportQuery = (year: number | undefined) =>
  queryOptions({ queryKey: ciiKeys.report(year), queryFn: ({ signal }) => getCiiReport(year, signal) });

/** Report samples of a year: SEEMP Part III plan, IMO DCS reporting format and the trial CII. */
export const useCiiReport = (year: number | undefined, enabled: boolean) =>
  useQuery({ ...ciiReportQuery(year), enabled });
