import { DAY_MS } from '@ecohelm/domain';

/** A period in epoch milliseconds, end exclusive. */
export type Range = { from: number; to: number };

/** The calendar year `y` (UTC), the period of IMO DCS and CII. */
export const yearRange = (y: number): Range => ({ from: Date.UTC(y, 0, 1), to: Date.UTC(y + 1, 0, 1) });

/** Calendar buckets over a range: ISO weeks (Monday–Sunday, UTC), months or years. */
export function bucketsOf(
  range: Range,
  unit: 'week' | 'month' | 'year',
): { label: string; from: number; to: number }[] {
  const out: { label: string; from: number; to: number }[] = [];
  const d = new Date(range.from);
  let start: number;
  if (unit === 'week') {
    const dow = (d.getUTCDay() + 6) % 7;
    start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - dow);
  } else if (unit === 'month') start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  else start = Date.UTC(d.getUTCFullYear(), 0, 1);
  while (start < range.to && out.length < 400) {
    const s = new Date(start);
    let end: number;
    let label: string;
    if (unit === 'week') {
      end = start + 7 * DAY_MS;
      label = isoWeekLabel(start);
    } else if (unit === 'month') {
      end = Date.UTC(s.getUTCFullYear(), s.getUTCMonth() + 1, 1);
      label = `${s.getUTCFullYear()}-${String(s.getUTCMonth() + 1).padStart(2, '0')}`;
    } else {
      end = Date.UTC(s.getUTCFullYear() + 1, 0, 1);
      label = String(s.getUTCFullYear());
    }
    out.push({ label, from: Math.max(start, range.from), to: Math.min(end, range.to) });
    start = end;
  }
  return out;
}

function isoWeekLabel(mondayMs: number): string {
  const thursday = new Date(mondayMs + 3 * DAY_MS);
  const y = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(y, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${y}-W${String(week).padStart(2, '0')}`;
}
