import { readFileSync } from 'node:fs';
import { channelById } from '@ecohelm/domain';
import { parse } from 'csv-parse/sync';
import { converterTo } from './source-units.ts';

/** The register types an alarm and monitoring system exposes. */
export const registerTypes = ['int16', 'uint16', 'int32', 'uint32', 'float32'] as const;
export type RegisterType = (typeof registerTypes)[number];

/** One mapped register (or register pair) of a Modbus device. */
export interface RegisterPoint {
  /** Line of the map file, for messages. */
  line: number;
  group: string;
  intervalMs: number;
  unitId: number;
  table: 'holding' | 'input';
  address: number;
  type: RegisterType;
  /** 32-bit values: `big` = high word first (ABCD), `little` = low word first (CDAB). */
  wordOrder: 'big' | 'little';
  scale: number;
  offset: number;
  unit: string;
  channel: string;
  toSi: (v: number) => number;
}

export const registerCount = (p: Pick<RegisterPoint, 'type'>): number =>
  p.type === 'int16' || p.type === 'uint16' ? 1 : 2;

/** A map file that cannot be used; the message names the file's line. */
export class MapFileError extends Error {}

/**
 * The rows of a map file (CSV with a header, `#` comments, blank lines skipped), each with its line number; refused
 * with the file's name when it does not parse, is empty (`what`: "no registers") or lacks a required column.
 */
export function mapRows(
  text: string,
  file: string,
  required: readonly string[],
  what: string,
): { record: Record<string, string>; info: { lines: number } }[] {
  let rows: { record: Record<string, string>; info: { lines: number } }[];
  try {
    rows = parse(text, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      comment: '#',
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as typeof rows;
  } catch (error) {
    throw new MapFileError(`${file}: ${(error as Error).message}`);
  }
  if (rows.length === 0) throw new MapFileError(`${file}: no ${what}`);
  const missing = required.filter((c) => !(c in rows[0]!.record));
  if (missing.length > 0) throw new MapFileError(`${file}: missing column(s) ${missing.join(', ')}`);
  return rows;
}

/** A map file's text, or an error naming the file (a missing file, a folder) instead of the system's bare words. */
export function readMapFile(file: string): { file: string; text: string } {
  try {
    return { file, text: readFileSync(file, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'EISDIR'
        ? 'is a folder, not a map file'
        : code === 'ENOENT'
          ? 'does not exist'
          : (error as Error).message;
    throw new MapFileError(`${file}: ${why}`);
  }
}

const columns = [
  'group',
  'interval_ms',
  'unit_id',
  'table',
  'address',
  'type',
  'word_order',
  'scale',
  'offset',
  'unit',
  'channel',
] as const;

/**
 * Reads a Modbus register map (CSV with a header line; `#` starts a comment):
 *
 *     group,interval_ms,unit_id,table,address,type,word_order,scale,offset,unit,channel
 *     me,1000,1,holding,0,uint16,,0.1,0,rpm,propulsion.main.revolutions
 *
 * `address` is the zero-based register number on the wire; value = raw × scale + offset, in `unit`,
 * converted to the channel's SI unit. Every line is checked; the first wrong one is refused with its
 * line number and what is wrong, so a map with a typo never starts polling half of a ship.
 */
export function parseRegisterMap(text: string, file = 'register map'): RegisterPoint[] {
  const rows = mapRows(text, file, columns, 'registers');
  // Every register taken, by unit and table, with the line that took it: two points may not share one.
  const seen = new Map<string, number>();
  return rows.map(({ record: r, info }) => {
    const line = info.lines;
    const fail = (what: string): never => {
      throw new MapFileError(`${file} line ${line}: ${what}`);
    };
    const int = (name: string, min: number, max: number): number => {
      const v = Number(r[name]);
      if (r[name] === '' || !Number.isInteger(v) || v < min || v > max) {
        fail(`${name} '${r[name]}' is not a whole number from ${min} to ${max}`);
      }
      return v;
    };
    const num = (name: string, fallback: number): number => {
      if (!r[name]) return fallback;
      const v = Number(r[name]);
      if (!Number.isFinite(v)) fail(`${name} '${r[name]}' is not a number`);
      return v;
    };
    const type = r.type as RegisterType;
    if (!registerTypes.includes(type)) fail(`type '${r.type}' is not one of ${registerTypes.join(', ')}`);
    const table =
      r.table === 'input'
        ? 'input'
        : r.table === 'holding'
          ? 'holding'
          : fail(`table '${r.table}' is not holding or input`);
    const wordOrder =
      !r.word_order || r.word_order === 'big'
        ? 'big'
        : r.word_order === 'little'
          ? 'little'
          : fail(`word_order '${r.word_order}' is not big or little`);
    const def = channelById(r.channel!) ?? fail(`channel '${r.channel}' is not in the channel catalogue`);
    const conv = converterTo(r.unit!, def.unit);
    if ('error' in conv) fail(`${conv.error} (channel ${def.id} is in ${def.unit})`);
    const point: RegisterPoint = {
      line,
      group: r.group || 'default',
      intervalMs: int('interval_ms', 100, 3_600_000),
      unitId: int('unit_id', 0, 255),
      table,
      address: int('address', 0, 65535),
      type,
      wordOrder,
      scale: num('scale', 1),
      offset: num('offset', 0),
      unit: r.unit!,
      channel: def.id,
      toSi: (conv as { toSi: (v: number) => number }).toSi,
    };
    if (point.address + registerCount(point) - 1 > 65535) fail('the value runs past register 65535');
    for (let a = point.address; a < point.address + registerCount(point); a++) {
      const key = `${point.unitId}/${point.table}/${a}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        fail(
          a === point.address
            ? `register ${a} is already mapped on line ${earlier}`
            : `${point.type} at ${point.address} overlaps register ${a} mapped on line ${earlier}`,
        );
      }
    }
    for (let a = point.address; a < point.address + registerCount(point); a++) {
      seen.set(`${point.unitId}/${point.table}/${a}`, line);
    }
    return point;
  });
}

/** Decodes one point from the registers read (`words[0]` is the point's first register). */
export function decodeRegisters(point: RegisterPoint, words: readonly number[]): number {
  const view = new DataView(new ArrayBuffer(4));
  if (registerCount(point) === 1) {
    view.setUint16(0, words[0]!);
    return point.type === 'int16' ? view.getInt16(0) : view.getUint16(0);
  }
  const [hi, lo] = point.wordOrder === 'big' ? [words[0]!, words[1]!] : [words[1]!, words[0]!];
  view.setUint16(0, hi);
  view.setUint16(2, lo);
  return point.type === 'int32'
    ? view.getInt32(0)
    : point.type === 'uint32'
      ? view.getUint32(0)
      : view.getFloat32(0);
}

/** The value of a point in the channel's SI unit. */
export const pointValue = (point: RegisterPoint, raw: number): number =>
  point.toSi(raw * point.scale + point.offset);

/** A read of consecutive registers serving several points. */
export interface RegisterBlock {
  unitId: number;
  table: 'holding' | 'input';
  start: number;
  count: number;
  points: RegisterPoint[];
}

/**
 * Groups points into as few reads as the protocol allows: consecutive (or nearly: gaps of up to `maxGap`
 * registers are read and ignored) registers of one unit and table, at most 125 per read.
 */
export function planBlocks(points: readonly RegisterPoint[], maxGap = 8): RegisterBlock[] {
  const sorted = [...points].sort(
    (a, b) => a.unitId - b.unitId || a.table.localeCompare(b.table) || a.address - b.address,
  );
  const blocks: RegisterBlock[] = [];
  for (const p of sorted) {
    const end = p.address + registerCount(p);
    const last = blocks.at(-1);
    if (
      last &&
      last.unitId === p.unitId &&
      last.table === p.table &&
      p.address - (last.start + last.count) <= maxGap &&
      end - last.start <= 125
    ) {
      last.count = Math.max(last.count, end - last.start);
      last.points.push(p);
    } else {
      blocks.push({
        unitId: p.unitId,
        table: p.table,
        start: p.address,
        count: registerCount(p),
        points: [p],
      });
    }
  }
  return blocks;
}
