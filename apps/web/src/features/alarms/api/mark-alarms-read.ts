import { alarmReadResponseSchema } from '@ecohelm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { alarmKeys } from './keys';

/** Marks the given alarms, or all of the last 30 days when `ids` is undefined, read on this console. */
export const markAlarmsRead = (ids?: number[]) =>
  apiFetch('/api/v1/alarms/read', {
    method: 'POST',
    body: ids ? { ids } : {},
    schema: alarmReadResponseSchema,
  });

export function useMarkAlarmsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAlarmsRead,
    onSettled: () => client.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}
