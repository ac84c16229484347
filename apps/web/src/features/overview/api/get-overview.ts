import { type CiiPeriod, overviewResponseSchema } from '@ecohelm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { overviewKeys } from './keys';

export const getOverview = (period: CiiPeriod, signal?: AbortSignal) =>
  apiFetch(`/api/v1/overview?period=${period}`, {
    schema: overviewResponseSchema,
    ...(signal ? { signal } : {}),
  });

/** CII, CO2 curve, bunker and ECA figures of the overview; refreshed every 10 s. */
export const useOverview = (period: CiiPeriod) =>
  useQuery({
    queryKey: overviewKeys.summary(period),
    queryFn: ({ signal }) => getOverview(period, signal),
    refetchInterval: 10_000,
    placeholderData: keepPreviousData,
  });
