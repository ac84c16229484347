import { alarmSchema } from '@ecohelm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { alarmKeys } from './keys';

/** How long a silence lasts before the alarm sounds again (IEC 62923-1 practice). */
export const SILENCE_SECONDS = 30;

export const silenceAlarm = (id: number) =>
  apiFetch(`/api/v1/alarms/${id}/silence`, {
    method: 'POST',
    body: { seconds: SILENCE_SECONDS },
    schema: alarmSchema,
  });

/** Silences an alarm for a while; unlike acknowledging, it sounds again unless acknowledged. */
export function useSilenceAlarm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: silenceAlarm,
    onSettled: () => client.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}
