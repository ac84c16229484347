import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/**
 * Time inputs show ship time (UTC+8 by default, DESIGN.md "Time") while the wire and the store are
 * UTC: a picker value is the ship's wall-clock time held in a UTC dayjs.
 */
export function toShipTime(iso: string | null | undefined, offsetMinutes: number): Dayjs | undefined {
  if (!iso) return undefined;
  const d = dayjs.utc(iso);
  return d.isValid() ? d.add(offsetMinutes, 'minute') : undefined;
}

/** The UTC ISO string of a picker value in ship time. */
export function fromShipTime(value: Dayjs | null | undefined, offsetMinutes: number): string | undefined {
  if (!value || !dayjs.isDayjs(value) || !value.isValid()) return undefined;
  const wall = dayjs.utc(value.format('YYYY-MM-DDTHH:mm:ss'));
  return wall.subtract(offsetMinutes, 'minute').toISOString();
}

/** `YYYY-MM-DD HH:mm` in ship time, for tables. */
export function formatShipTime(iso: string | null | undefined, offsetMinutes: number): string {
  const d = toShipTime(iso, offsetMinutes);
  return d ? d.format('YYYY-MM-DD HH:mm') : '—';
}

export function toDate(value: string | null | undefined): Dayjs | undefined {
  if (!value) return undefined;
  const d = dayjs(value, 'YYYY-MM-DD');
  return d.isValid() ? d : undefined;
}

export function fromDate(value: Dayjs | null | undefined): string | null {
  return value && dayjs.isDayjs(value) && value.isValid() ? value.format('YYYY-MM-DD') : null;
}
