import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/**
 * Ship time, the console's one clock (DESIGN.md "Time"): the wire and the store are UTC, every time a person
 * reads or types is the ship's wall-clock time, UTC+8 by default and configurable.
 */

/** SPEC §9: the header clock refreshes every second. */
export const clockIntervalMs = 1_000;
/** Ship time defaults to UTC+8 (480 minutes). */
export const defaultShipTimeOffsetMinutes = 480;

const pad = (value: number) => String(Math.trunc(value)).padStart(2, '0');

/** `UTC+8`, `UTC-3:30`, `UTC+0` for an offset in minutes. */
export function utcOffsetLabel(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const minutes = Math.abs(offsetMinutes);
  const rest = minutes % 60;
  return `UTC${sign}${Math.trunc(minutes / 60)}${rest ? `:${pad(rest)}` : ''}`;
}

/** A UTC instant (ISO string or epoch ms) as the ship's wall-clock time held in a UTC dayjs. */
export function toShipTime(
  time: string | number | null | undefined,
  offsetMinutes: number,
): Dayjs | undefined {
  if (time === null || time === undefined || time === '') return undefined;
  const d = dayjs.utc(time);
  return d.isValid() ? d.add(offsetMinutes, 'minute') : undefined;
}

/** The UTC ISO string of a picker value in ship time. */
export function fromShipTime(value: Dayjs | null | undefined, offsetMinutes: number): string | undefined {
  if (!value || !dayjs.isDayjs(value) || !value.isValid()) return undefined;
  const wall = dayjs.utc(value.format('YYYY-MM-DDTHH:mm:ss'));
  return wall.subtract(offsetMinutes, 'minute').toISOString();
}

const patterns = { day: 'YYYY-MM-DD', minute: 'YYYY-MM-DD HH:mm', second: 'YYYY-MM-DD HH:mm:ss' } as const;

/** Ship time for tables and notes: `YYYY-MM-DD HH:mm` (or to the day or second); `—` when missing. */
export function formatShipTime(
  time: string | number | null | undefined,
  offsetMinutes: number,
  precision: keyof typeof patterns = 'minute',
): string {
  const d = toShipTime(time, offsetMinutes);
  return d ? d.format(patterns[precision]) : '—';
}

/** The header clock: `YYYY-MM-DD HH:mm:ss (UTC+8)` (SPEC §9), independent of the browser's own time zone. */
export function formatShipClock(epochMs: number, offsetMinutes = defaultShipTimeOffsetMinutes): string {
  return `${formatShipTime(epochMs, offsetMinutes, 'second')} (${utcOffsetLabel(offsetMinutes)})`;
}

/** A calendar date field (`YYYY-MM-DD`, no time zone) as a picker value. */
export function toDate(value: string | null | undefined): Dayjs | undefined {
  if (!value) return undefined;
  const d = dayjs(value, 'YYYY-MM-DD');
  return d.isValid() ? d : undefined;
}

export function fromDate(value: Dayjs | null | undefined): string | null {
  return value && dayjs.isDayjs(value) && value.isValid() ? value.format('YYYY-MM-DD') : null;
}

/**
 * A time axis' label in ship time (ECharts prints the browser's time zone): the day at midnight, else the hour;
 * name the axis with {@link utcOffsetLabel} so the reader knows which clock it is.
 */
export function shipTimeAxisLabel(epochMs: number, offsetMinutes: number): string {
  const at = formatShipTime(epochMs, offsetMinutes);
  return at.endsWith('00:00') ? at.slice(5, 10) : at.slice(11);
}
