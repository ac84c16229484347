import type { Alarm } from '@ecohelm/contracts';
import type { TFunction } from 'i18next';

/**
 * The translation key of a channel: dots become underscores and the unit number of a cylinder,
 * generator or boiler becomes `N`, passed as `n` (one key serves G/E 1 to 3).
 */
export function channelLabel(channel: string, t: TFunction): string {
  let n: string | undefined;
  const key = channel
    .replace(/\b(cylinders)\.(\d+)\b/, (_, word: string, num: string) => {
      n = num;
      return `${word}.N`;
    })
    .replace(/\b(ge|boiler)(\d)\b/, (_, word: string, num: string) => {
      n = num;
      return `${word}N`;
    })
    .replaceAll('.', '_');
  return t(`alarms.channels.${key}`, { n, defaultValue: channel });
}

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
