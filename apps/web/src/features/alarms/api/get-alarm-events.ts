import { alarmEventsResponseSchema } from '@ecohelm/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { alarmKeys } from './keys';

export const getAlarmEvents = (id: number, signal?: AbortSignal) =>
  apiFetch(`/api/v1/alarms/${id}/events`, {
    schema: alarmEventsResponseSchema,
    ...(signal ? { signal } : {}),
  });

export const alarmEventsQuery = (id: number) =>
  queryOptions({ queryKey: alarmKeys.events(id), queryFn: ({ signal }) => getAlarmEvents(id, signal) });

/** Every stored transition of one alarm (time, state, device). */
export const useAlarmEvents = (id: number) => useQuery(alarmEventsQuery(id));
