import type { Alarm } from '@ecohelm/contracts';
import type { TFunction } from 'i18next';
import { channelLabel } from '../../lib/channel-label';

const num = (v: number | null) =>
  v === null ? '—' : Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2);

/** The message of an alarm in the user's language: what, how much, against which limit. */
export function alarmMessage(alarm: Alarm, t: TFunction): string {
  return t(`alarms.messages.${alarm.condition}`, {
    channel: alarm.channel ? channelLabel(alarm.channel, t) : '',
    equipment: t(`alarms.equipment.${alarm.equipment}`),
    value: num(alarm.value),
    limit: num(alarm.limit),
    unit: alarm.unit ?? '',
    interpolation: { escapeValue: false },
  });
}
