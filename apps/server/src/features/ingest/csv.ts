import { channelById, fromDisplay } from '@ecohelm/domain';
import type { Sample } from './types.ts';

/** How the columns of a CSV file map to channels. */
export interface CsvMapping {
  /** Column holding the time: ISO-8601, `YYYY-MM-DD HH:mm[:ss]` (read as UTC) or epoch ms. */
  timeColumn: string;
  /** Minutes to subtract from local times without an offset to get UTC (ship time UTC+8 → 480). */
  utcOffsetMinutes?: number;
  /** Column → channel; values in the channel's display unit (kn, °C, bar, t, ...) unless `si` is true. */
  columns: Record<string, { channel: string; si?: boolean }>;
  delimiter?: string;
}

function parseTime(raw: string, offsetMinutes: number): number {
  if (/^\d{12,14}$/.test(raw)) return Number(raw);
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/.test(raw);
  const t = Date.parse(hasZone ? raw : `${raw.replace(' ', 'T')}Z`);
  return hasZone ? t : t - offsetMinutes * 60_000;
}

export interface CsvRowResult {
  samples: Sample[];
  /** Fields that were not numbers or had no channel (counted by the caller). */
  problems: { reason: 'malformed' | 'not_a_number' | 'unknown_path' | 'empty_value'; detail: string }[];
}

/** Reads CSV rows (fields already split by the CSV parser) against a mapping; the first row names the columns. */
export class CsvReader {
  readonly #mapping: CsvMapping;
  #header: string[] | undefined;
  #timeIndex = -1;
  #columns: { index: number; channel: string; si: boolean; name: string }[] = [];

  constructor(mapping: CsvMapping) {
    this.#mapping = mapping;
  }

  /** Columns of the mapping missing from the header (after the header is read). */
  missingColumns(): string[] {
    const header = this.#header ?? [];
    return [this.#mapping.timeColumn, ...Object.keys(this.#mapping.columns)].filter(
      (c) => !header.includes(c),
    );
  }

  row(fields: readonly string[]): CsvRowResult {
    const out: CsvRowResult = { samples: [], problems: [] };
    if (fields.every((f) => f === '')) return out;
    if (!this.#header) {
      this.#header = [...fields];
      this.#timeIndex = fields.indexOf(this.#mapping.timeColumn);
      this.#columns = Object.entries(this.#mapping.columns)
        .map(([name, m]) => ({ index: fields.indexOf(name), channel: m.channel, si: m.si === true, name }))
        .filter((c) => c.index >= 0);
      return out;
    }
    const t = parseTime(fields[this.#timeIndex] ?? '', this.#mapping.utcOffsetMinutes ?? 0);
    if (!Number.isFinite(t)) {
      out.problems.push({ reason: 'malformed', detail: `time "${fields[this.#timeIndex] ?? ''}"` });
      return out;
    }
    for (const c of this.#columns) {
      const raw = fields[c.index] ?? '';
      if (raw === '') {
        out.problems.push({ reason: 'empty_value', detail: c.name });
        continue;
      }
      const v = Number(raw);
      const def = channelById(c.channel);
      if (!def) {
        out.problems.push({ reason: 'unknown_path', detail: c.channel });
        continue;
      }
      if (!Number.isFinite(v)) {
        out.problems.push({ reason: 'not_a_number', detail: `${c.name}="${raw}"` });
        continue;
      }
      out.samples.push({ channel: c.channel, t, value: c.si ? v : fromDisplay(def, v) });
    }
    return out;
  }
}
