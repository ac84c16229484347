import type { OverviewFactorsResponse } from '@ecohelm/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { earlyPartQuery } from './get-overview-page';
import { overviewKeys } from './keys';

export const getOverviewFactors = (signal?: AbortSignal) =>
  apiFetch<OverviewFactorsResponse>('/api/v1/overview/factors', signal ? { signal } : {});

/** The chosen factors with their value now and the last 24 hours; refreshed every 30 s. */
export const useOverviewFactors = () =>
  useQuery({
    queryKey: overviewKeys.factors,
    ...earlyPartQuery('factors', getOverviewFactors),
    refetchInterval: 30_000,
  });
