/** SPEC §9: the header clock refreshes every second. */
export const clockIntervalMs = 1_000;
/** Ship time defaults to UTC+8 (480 minutes). */
export const defaultShipTimeOffsetMinutes = 480;

const pad = (value: number, width = 2) => String(Math.trunc(value)).padStart(width, '0');

/** `UTC+8`, `UTC-3:30`, `UTC+0` for an offset in minutes. */
export function utcOffsetLabel(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const minutes = Math.abs(offsetMinutes);
  const hours = Math.trunc(minutes / 60);
  const rest = minutes % 60;
  return `UTC${sign}${hours}${rest ? `:${pad(rest)}` : ''}`;
}

/** Ship time as `YYYY-MM-DD HH:mm:ss (UTC+8)` (SPEC §9), independent of the browser's own time zone. */
export function formatShipTime(epochMs: number, offsetMinutes = defaultShipTimeOffsetMinutes): string {
  const shifted = new Date(epochMs + offsetMinutes * 60_000);
  const date = `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
  const time = `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}`;
  return `${date} ${time} (${utcOffsetLabel(offsetMinutes)})`;
}
