import { alarmSchema } from '@ecohelm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { alarmKeys } from './keys';

export const acknowledgeAlarm = (id: number) =>
  apiFetch(`/api/v1/alarms/${id}/acknowledge`, { method: 'POST', body: {}, schema: alarmSchema });

/** Acknowledges an alarm for every console (needs `alarms:acknowledge`). */
export function useAcknowledgeAlarm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeAlarm,
    onSettled: () => client.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}
