import { type AlarmLimitInput, alarmLimitSettingSchema } from '@ecohelm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { alarmKeys } from './keys';

export const saveAlarmLimits = ({ channel, input }: { channel: string; input: AlarmLimitInput }) =>
  apiFetch(`/api/v1/alarms/limits/${encodeURIComponent(channel)}`, {
    method: 'PUT',
    body: input,
    schema: alarmLimitSettingSchema,
  });

/** Saves one channel's limits (needs `settings:write`); the server validates them again. */
export function useSaveAlarmLimits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveAlarmLimits,
    onSuccess: () => client.invalidateQueries({ queryKey: alarmKeys.limits }),
  });
}
