import { alarmLimitSettingsResponseSchema } from '@ecohelm/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { alarmKeys } from './keys';

export const getAlarmLimits = (signal?: AbortSignal) =>
  apiFetch('/api/v1/alarms/limits', {
    schema: alarmLimitSettingsResponseSchema,
    ...(signal ? { signal } : {}),
  });

export const alarmLimitsQuery = queryOptions({
  queryKey: alarmKeys.limits,
  queryFn: ({ signal }) => getAlarmLimits(signal),
});

/** Alarm limits of every channel, in display units, with the valid range and the defaults. */
export const useAlarmLimits = (enabled = true) => useQuery({ ...alarmLimitsQuery, enabled });
