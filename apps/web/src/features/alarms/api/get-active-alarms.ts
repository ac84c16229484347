import type { ActiveAlarmsResponse } from '@ecohelm/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { alarmKeys } from './keys';

/** The real-time list is polled this often; alarms are evaluated at 1 Hz on the server. */
export const ACTIVE_ALARMS_POLL_MS = 3000;

export const getActiveAlarms = (signal?: AbortSignal) =>
  apiFetch<ActiveAlarmsResponse>('/api/v1/alarms/active', signal ? { signal } : {});

export const activeAlarmsQuery = queryOptions({
  queryKey: alarmKeys.active,
  queryFn: ({ signal }) => getActiveAlarms(signal),
  refetchInterval: ACTIVE_ALARMS_POLL_MS,
});

/** Every alarm not yet cleared, with this console's unread count (the header badge reads it too). */
export const useActiveAlarms = (enabled = true) => useQuery({ ...activeAlarmsQuery, enabled });
