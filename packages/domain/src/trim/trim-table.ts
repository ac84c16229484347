/**
 * Vendor trim tables (model tests or CFD: speed × draught × trim → ΔP %, methods README §4 option a), read from
 * CSV rows, checked to form a complete grid, and interpolated trilinearly.
 */

export interface TrimTableRow {
  /** Line of the file, for messages. */
  line: number;
  speedKn: number;
  draftM: number;
  trimM: number;
  deltaPowerPct: number;
}

export interface TrimTable {
  speeds: number[];
  drafts: number[];
  trims: number[];
  /** ΔP % at [speed][draft][trim] indices. */
  values: number[][][];
}

/** A table that cannot be used; each message names its line where it has one. */
export class TrimTableError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('; '));
    this.problems = problems;
  }
}

const axis = (xs: number[]) => [...new Set(xs)].sort((a, b) => a - b);

/** Builds the grid: every speed × draught × trim once, plausible values, at least two points on each axis. */
export function buildTrimTable(rows: readonly TrimTableRow[]): TrimTable {
  const problems: string[] = [];
  for (const r of rows) {
    if (!(r.speedKn > 0 && r.speedKn < 40))
      problems.push(`line ${r.line}: speed ${r.speedKn} kn is not between 0 and 40`);
    if (!(r.draftM > 0 && r.draftM < 30))
      problems.push(`line ${r.line}: draught ${r.draftM} m is not between 0 and 30`);
    if (!(Math.abs(r.trimM) <= 10))
      problems.push(`line ${r.line}: trim ${r.trimM} m is not between −10 and 10`);
    if (!(Math.abs(r.deltaPowerPct) <= 50)) {
      problems.push(`line ${r.line}: ΔP ${r.deltaPowerPct} % is not between −50 and 50`);
    }
  }
  if (problems.length > 0) throw new TrimTableError(problems.slice(0, 10));
  const speeds = axis(rows.map((r) => r.speedKn));
  const drafts = axis(rows.map((r) => r.draftM));
  const trims = axis(rows.map((r) => r.trimM));
  for (const [name, a] of [
    ['speeds', speeds],
    ['draughts', drafts],
    ['trims', trims],
  ] as const) {
    if (a.length < 2) problems.push(`the table needs at least two ${name}, it has ${a.length}`);
  }
  if (problems.length > 0) throw new TrimTableError(problems);
  const values = speeds.map(() => drafts.map(() => trims.map(() => Number.NaN)));
  const seen = new Map<string, number>();
  for (const r of rows) {
    const key = `${r.speedKn}/${r.draftM}/${r.trimM}`;
    const first = seen.get(key);
    if (first !== undefined)
      problems.push(
        `line ${r.line}: ${r.speedKn} kn, ${r.draftM} m, ${r.trimM} m is already on line ${first}`,
      );
    seen.set(key, r.line);
    values[speeds.indexOf(r.speedKn)]![drafts.indexOf(r.draftM)]![trims.indexOf(r.trimM)] = r.deltaPowerPct;
  }
  for (const [i, s] of speeds.entries()) {
    for (const [j, d] of drafts.entries()) {
      for (const [k, t] of trims.entries()) {
        if (Number.isNaN(values[i]![j]![k]!))
          problems.push(`no value for ${s} kn, ${d} m draught, ${t} m trim`);
      }
    }
  }
  if (problems.length > 0) throw new TrimTableError(problems.slice(0, 10));
  return { speeds, drafts, trims, values };
}

/** Index and weight of `x` on a sorted axis, clamped to its ends. */
function locate(a: readonly number[], x: number): [number, number] {
  if (x <= a[0]!) return [0, 0];
  if (x >= a[a.length - 1]!) return [a.length - 2, 1];
  let i = 0;
  while (a[i + 1]! < x) i++;
  return [i, (x - a[i]!) / (a[i + 1]! - a[i]!)];
}

/** ΔP % at a speed, draught and trim: trilinear between the eight surrounding grid points (clamped outside). */
export function interpolateTrimTable(
  table: TrimTable,
  speedKn: number,
  draftM: number,
  trimM: number,
): number {
  const [i, fs] = locate(table.speeds, speedKn);
  const [j, fd] = locate(table.drafts, draftM);
  const [k, ft] = locate(table.trims, trimM);
  const v = (a: number, b: number, c: number) => table.values[i + a]![j + b]![k + c]!;
  const lerp = (p: number, q: number, f: number) => p + (q - p) * f;
  const c00 = lerp(v(0, 0, 0), v(0, 0, 1), ft);
  const c01 = lerp(v(0, 1, 0), v(0, 1, 1), ft);
  const c10 = lerp(v(1, 0, 0), v(1, 0, 1), ft);
  const c11 = lerp(v(1, 1, 0), v(1, 1, 1), ft);
  return lerp(lerp(c00, c01, fd), lerp(c10, c11, fd), fs);
}

/** The table's best trim at a speed and draught (a 1 cm search over its trims) and the saving from `trimM`. */
export function tableAdvice(
  table: TrimTable,
  speedKn: number,
  draftM: number,
  trimM: number,
): { optimumM: number; savingPct: number; curve: [number, number][] } {
  const lo = table.trims[0]!;
  const hi = table.trims[table.trims.length - 1]!;
  const curve: [number, number][] = [];
  let best = lo;
  for (let x = lo; x <= hi + 1e-9; x += 0.01) {
    const y = interpolateTrimTable(table, speedKn, draftM, x);
    curve.push([x, y]);
    if (y < interpolateTrimTable(table, speedKn, draftM, best)) best = x;
  }
  const now = interpolateTrimTable(table, speedKn, draftM, trimM);
  const atBest = interpolateTrimTable(table, speedKn, draftM, best);
  return { optimumM: best, savingPct: Math.max(0, (100 * (now - atBest)) / (100 + now)), curve };
}
