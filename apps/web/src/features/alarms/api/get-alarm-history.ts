import { type AlarmHistoryQuery, alarmHistoryResponseSchema } from '@ecohelm/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { alarmKeys } from './keys';

export const getAlarmHistory = (query: Partial<AlarmHistoryQuery>, signal?: AbortSignal) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  return apiFetch(`/api/v1/alarms/history?${params}`, {
    schema: alarmHistoryResponseSchema,
    ...(signal ? { signal } : {}),
  });
};

export const alarmHistoryQuery = (query: Partial<AlarmHistoryQuery>) =>
  queryOptions({
    queryKey: alarmKeys.history(query),
    queryFn: ({ signal }) => getAlarmHistory(query, signal),
    placeholderData: keepPreviousData,
  });

/** Alarms raised in a date range, filtered by equipment and event type, one page at a time. */
export const useAlarmHistory = (query: Partial<AlarmHistoryQuery>) => useQuery(alarmHistoryQuery(query));
