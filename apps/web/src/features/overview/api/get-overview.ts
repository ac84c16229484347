import type { CiiPeriod, OverviewResponse } from '@ecohelm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { arrivedPart, FIRST_PERIOD, fromEarly } from './get-overview-page';
import { overviewKeys } from './keys';

export const getOverview = (period: CiiPeriod, signal?: AbortSignal) =>
  apiFetch<OverviewResponse>(`/api/v1/overview?period=${period}`, signal ? { signal } : {});

/** CII, CO2 curve, bunker and ECA figures of the overview; refreshed every 10 s. */
export const useOverview = (period: CiiPeriod) =>
  useQuery({
    queryKey: overviewKeys.summary(period),
    queryFn: ({ signal }) =>
      period === FIRST_PERIOD
        ? fromEarly('summary', () => getOverview(period, signal))
        : getOverview(period, signal),
    initialData: () => (period === FIRST_PERIOD ? arrivedPart('summary')?.data : undefined),
    initialDataUpdatedAt: () => (period === FIRST_PERIOD ? arrivedPart('summary')?.at : undefined),
    refetchInterval: 10_000,
    placeholderData: keepPreviousData,
  });
