import type { TelemetryChannel } from '@ecohelm/contracts';
import Papa from 'papaparse';

/** The header row of a CSV text and the delimiter found (comma, semicolon or tab). */
export function csvHeader(text: string): { columns: string[]; delimiter: string; rows: number } {
  const parsed = Papa.parse<string[]>(text, { preview: 1, skipEmptyLines: true });
  const columns = (parsed.data[0] ?? []).map((c) => c.trim());
  const rows = Math.max(0, text.split(/\r?\n/).filter((l) => l.trim() !== '').length - 1);
  return { columns, delimiter: parsed.meta.delimiter || ',', rows };
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * A first guess of the mapping: the time column by its name, and each other column to the channel
 * whose id, last id segment or label matches it. The user corrects it before importing.
 */
export function guessMapping(
  columns: readonly string[],
  channels: readonly TelemetryChannel[],
): { timeColumn: string | null; columns: Record<string, string | null> } {
  const timeColumn = columns.find((c) => /^(time|timestamp|date ?time|utc|date)$/i.test(c.trim())) ?? null;
  const out: Record<string, string | null> = {};
  for (const column of columns) {
    if (column === timeColumn) continue;
    const key = norm(column);
    const match = channels.find(
      (ch) => norm(ch.id) === key || norm(ch.id.split('.').at(-1) ?? '') === key || norm(ch.label) === key,
    );
    out[column] = match?.id ?? null;
  }
  return { timeColumn, columns: out };
}
