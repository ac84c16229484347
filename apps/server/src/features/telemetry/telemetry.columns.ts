import { ROLLUP_COLUMNS, type RollupBlock } from './bulk-history.ts';
import { emptyMinuteColumns, type MinuteColumns, type SampleColumns } from './chunk-codec.ts';
import type { RollupRow } from './rollup.ts';

/**
 * Column arithmetic of the telemetry store, the same on both stores: buckets aggregated from rows (as the SQL
 * `group by` of the trend queries answers), merging chunked and hot rows, and rows ↔ columns.
 */

/** A sample with its channel already numbered. */
export interface StoredSample {
  channelId: number;
  /** Epoch ms UTC. */
  t: number;
  /** SI value. */
  value: number;
}

/** One downsampled bucket as the trend query reads it. */
export interface BucketRow {
  /** Bucket index from the query's start. */
  b: number;
  n: number;
  sum: number;
  min: number;
  max: number;
}

export const numericBucket = (r: BucketRow): BucketRow => ({
  b: Number(r.b),
  n: Number(r.n),
  sum: Number(r.sum),
  min: Number(r.min),
  max: Number(r.max),
});

/** Unpacks a block into rows (the PostgreSQL path sends column arrays). */
export function blockRows(block: RollupBlock): RollupRow[] {
  const d = block.data;
  const rows: RollupRow[] = new Array(block.length);
  for (let i = 0; i < block.length; i++) {
    const p = i * ROLLUP_COLUMNS;
    rows[i] = {
      channelId: d[p]!,
      t: d[p + 1]!,
      n: d[p + 2]!,
      sum: d[p + 3]!,
      min: d[p + 4]!,
      max: d[p + 5]!,
      last: d[p + 6]!,
      lastT: d[p + 7]!,
    };
  }
  return rows;
}

/**
 * SQLite's `sum()` of doubles (Kahan–Babuška–Neumaier, SQLite ≥ 3.43): buckets aggregated here from chunks add up
 * exactly as the same rows did in SQL.
 */
export class NeumaierSum {
  #sum = 0;
  #err = 0;

  add(r: number): void {
    const s = this.#sum;
    const t = s + r;
    if (Math.abs(s) > Math.abs(r)) this.#err += s - t + r;
    else this.#err += r - t + s;
    this.#sum = t;
  }

  get value(): number {
    return Number.isFinite(this.#err) ? this.#sum + this.#err : this.#sum;
  }
}

export class BucketSum {
  n = 0;
  readonly sum = new NeumaierSum();
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;

  add(n: number, sum: number, min: number, max: number): void {
    this.n += n;
    this.sum.add(sum);
    if (min < this.min) this.min = min;
    if (max > this.max) this.max = max;
  }
}

/** Buckets of `width` from `from` over rows in time order, as the SQL `group by` of the trend queries answers. */
export function bucketsOf(
  t: Float64Array,
  from: number,
  width: number,
  add: (i: number, bucket: BucketSum) => void,
): BucketRow[] {
  const out: BucketRow[] = [];
  let b = Number.NaN;
  let open: BucketSum | undefined;
  const close = () => {
    if (open) out.push({ b, n: open.n, sum: open.sum.value, min: open.min, max: open.max });
  };
  for (let i = 0; i < t.length; i++) {
    const bi = Math.trunc((t[i]! - from) / width);
    if (bi !== b) {
      close();
      b = bi;
      open = new BucketSum();
    }
    add(i, open!);
  }
  close();
  return out;
}

/**
 * Walks two runs of rows in time order and answers how many rows it wrote: a row of one run only goes to
 * `cold(i, n)` or `hot(j, n)` as output row `n`, a time in both runs to `both(i, j, n)`.
 */
function mergeInTimeOrder(
  coldT: Float64Array,
  hotT: Float64Array,
  cold: (i: number, n: number) => void,
  hot: (j: number, n: number) => void,
  both: (i: number, j: number, n: number) => void,
): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < coldT.length || j < hotT.length) {
    const a = i < coldT.length ? coldT[i]! : Number.POSITIVE_INFINITY;
    const b = j < hotT.length ? hotT[j]! : Number.POSITIVE_INFINITY;
    if (a < b) cold(i++, n++);
    else if (b < a) hot(j++, n++);
    else both(i++, j++, n++);
  }
  return n;
}

/** Merges two runs of samples in time order; a hot sample replaces a chunk's sample of the same time. */
export function mergeSamples(cold: SampleColumns, hot: SampleColumns): SampleColumns {
  if (hot.t.length === 0) return cold;
  if (cold.t.length === 0) return hot;
  const t = new Float64Array(cold.t.length + hot.t.length);
  const v = new Float64Array(t.length);
  const fromHot = (j: number, n: number) => {
    t[n] = hot.t[j]!;
    v[n] = hot.v[j]!;
  };
  const rows = mergeInTimeOrder(
    cold.t,
    hot.t,
    (i, n) => {
      t[n] = cold.t[i]!;
      v[n] = cold.v[i]!;
    },
    fromHot,
    (_i, j, n) => fromHot(j, n),
  );
  return { t: t.subarray(0, rows), v: v.subarray(0, rows) };
}

/** Merges two runs of minutes in time order; the same minute in both merges as the upsert does. */
export function mergeMinutes(cold: MinuteColumns, hot: MinuteColumns): MinuteColumns {
  if (hot.t.length === 0) return cold;
  if (cold.t.length === 0) return hot;
  const out = emptyMinuteColumns(cold.t.length + hot.t.length);
  const rows = mergeInTimeOrder(
    cold.t,
    hot.t,
    (i, n) => copyMinute(cold, i, out, n),
    (j, n) => copyMinute(hot, j, out, n),
    (i, j, n) => {
      copyMinute(cold, i, out, n);
      out.n[n] = out.n[n]! + hot.n[j]!;
      out.sum[n] = out.sum[n]! + hot.sum[j]!;
      if (hot.min[j]! < out.min[n]!) out.min[n] = hot.min[j]!;
      if (hot.max[j]! > out.max[n]!) out.max[n] = hot.max[j]!;
      if (hot.lastT[j]! >= out.lastT[n]!) {
        out.last[n] = hot.last[j]!;
        out.lastT[n] = hot.lastT[j]!;
      }
    },
  );
  return sliceMinutes(out, 0, rows);
}

export const MINUTE_KEYS = ['t', 'n', 'sum', 'min', 'max', 'last', 'lastT'] as const;
/** The columns a means-only read decodes (the others are zeros). */
export const MEAN_KEYS = new Set<string>(['t', 'n', 'sum', 'lastT']);

/** The first index of sorted `t` whose value is ≥ `x`. */
export function lowerBound(t: Float64Array, x: number): number {
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (t[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function copyMinute(from: MinuteColumns, i: number, to: MinuteColumns, k: number): void {
  to.t[k] = from.t[i]!;
  to.n[k] = from.n[i]!;
  to.sum[k] = from.sum[i]!;
  to.min[k] = from.min[i]!;
  to.max[k] = from.max[i]!;
  to.last[k] = from.last[i]!;
  to.lastT[k] = from.lastT[i]!;
}

export function sliceMinutes(m: MinuteColumns, from: number, to: number): MinuteColumns {
  return {
    t: m.t.subarray(from, to),
    n: m.n.subarray(from, to),
    sum: m.sum.subarray(from, to),
    min: m.min.subarray(from, to),
    max: m.max.subarray(from, to),
    last: m.last.subarray(from, to),
    lastT: m.lastT.subarray(from, to),
  };
}

/** Rows of `select t, n, v_sum, v_min, v_max, v_last, last_t` as columns. */
export function minuteColumnsOf(rows: number[][]): MinuteColumns {
  const m = emptyMinuteColumns(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    m.t[i] = r[0]!;
    m.n[i] = r[1]!;
    m.sum[i] = r[2]!;
    m.min[i] = r[3]!;
    m.max[i] = r[4]!;
    m.last[i] = r[5]!;
    m.lastT[i] = r[6]!;
  }
  return m;
}

export function minuteRow(channelId: number, m: MinuteColumns, i: number): RollupRow {
  return {
    channelId,
    t: m.t[i]!,
    n: m.n[i]!,
    sum: m.sum[i]!,
    min: m.min[i]!,
    max: m.max[i]!,
    last: m.last[i]!,
    lastT: m.lastT[i]!,
  };
}
