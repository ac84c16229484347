import { buildTrimTable, type TrimTable, TrimTableError, type TrimTableRow } from '@ecohelm/domain';
import { parse } from 'csv-parse/sync';

const COLUMNS = ['speed_kn', 'draft_m', 'trim_m', 'delta_power_pct'] as const;

/**
 * Reads a vendor trim table from CSV (a header line with speed_kn, draft_m, trim_m, delta_power_pct; `#` starts a
 * comment; `,` or `;`) into the checked grid. Every problem is reported with its line.
 */
export function readTrimTable(csv: string): TrimTable {
  const delimiter = (csv.split(/\r?\n/, 1)[0] ?? '').includes(';') ? ';' : ',';
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(csv, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      comment: '#',
      skip_empty_lines: true,
      trim: true,
      bom: true,
      delimiter,
      info: true,
    }) as typeof records;
  } catch (error) {
    throw new TrimTableError([(error as Error).message]);
  }
  if (records.length === 0) throw new TrimTableError(['the file has no rows']);
  const missing = COLUMNS.filter((c) => !(c in records[0]!.record));
  if (missing.length > 0) throw new TrimTableError([`missing column(s): ${missing.join(', ')}`]);
  const problems: string[] = [];
  const rows: TrimTableRow[] = records.map(({ record, info }) => {
    const n = (c: (typeof COLUMNS)[number]) => {
      const v = Number(record[c]);
      if (record[c] === '' || !Number.isFinite(v))
        problems.push(`line ${info.lines}: ${c} '${record[c]}' is not a number`);
      return v;
    };
    return {
      line: info.lines,
      speedKn: n('speed_kn'),
      draftM: n('draft_m'),
      trimM: n('trim_m'),
      deltaPowerPct: n('delta_power_pct'),
    };
  });
  if (problems.length > 0) throw new TrimTableError(problems.slice(0, 10));
  return buildTrimTable(rows);
}
