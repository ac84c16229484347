import { alarmStatisticsResponseSchema } from '@ecohelm/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { overviewKeys } from './keys';

export const getAlarmStatistics = (signal?: AbortSignal) =>
  apiFetch('/api/v1/alarms/statistics', {
    schema: alarmStatisticsResponseSchema,
    ...(signal ? { signal } : {}),
  });

/** Alarms raised per equipment group (main engine, generators, boilers); refreshed every 30 s. */
export const useAlarmStatistics = () =>
  useQuery({
    queryKey: [...overviewKeys.all, 'alarm-statistics'],
    queryFn: ({ signal }) => getAlarmStatistics(signal),
    refetchInterval: 30_000,
  });
