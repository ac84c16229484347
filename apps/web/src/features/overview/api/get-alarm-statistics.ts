import type { AlarmStatisticsResponse } from '@ecohelm/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { earlyPartQuery } from './get-overview-page';
import { overviewKeys } from './keys';

export const getAlarmStatistics = (signal?: AbortSignal) =>
  apiFetch<AlarmStatisticsResponse>('/api/v1/alarms/statistics', signal ? { signal } : {});

/** Alarms raised per equipment group (main engine, generators, boilers); refreshed every 30 s. */
export const useAlarmStatistics = () =>
  useQuery({
    queryKey: [...overviewKeys.all, 'alarm-statistics'],
    ...earlyPartQuery('alarmStatistics', getAlarmStatistics),
    refetchInterval: 30_000,
  });
