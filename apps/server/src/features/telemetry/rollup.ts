/** Rollup levels and the arithmetic that keeps them exact when partial buckets merge. */

export const rollupLevels = ['1m', '1h', '1d'] as const;
export type RollupLevel = (typeof rollupLevels)[number];

/** Bucket width of each level in seconds. */
export const levelSeconds: Record<RollupLevel, number> = { '1m': 60, '1h': 3600, '1d': 86_400 };

/** One bucket of one channel: `t` is the bucket start in epoch seconds; the mean is `sum / n`. */
export interface RollupRow {
  channelId: number;
  t: number;
  n: number;
  sum: number;
  min: number;
  max: number;
  last: number;
  /** Epoch ms of `last`; the later one wins when buckets merge. */
  lastT: number;
}

/** Buckets keyed by channel and start; channel ids stay below 2^16, starts below 2^36 s. */
const keyOf = (channelId: number, t: number) => t * 65_536 + channelId;

/** Accumulates rows into buckets of `seconds`, merging exactly (sum, count, min, max, latest last). */
export class RollupAccumulator {
  readonly #seconds: number;
  readonly #buckets = new Map<number, RollupRow>();

  constructor(seconds: number) {
    this.#seconds = seconds;
  }

  /** Adds one raw sample (`tMs` epoch ms). */
  addSample(channelId: number, tMs: number, value: number): void {
    const t = Math.floor(tMs / 1000 / this.#seconds) * this.#seconds;
    const key = keyOf(channelId, t);
    const b = this.#buckets.get(key);
    if (!b) {
      this.#buckets.set(key, {
        channelId,
        t,
        n: 1,
        sum: value,
        min: value,
        max: value,
        last: value,
        lastT: tMs,
      });
      return;
    }
    b.n += 1;
    b.sum += value;
    if (value < b.min) b.min = value;
    if (value > b.max) b.max = value;
    if (tMs >= b.lastT) {
      b.last = value;
      b.lastT = tMs;
    }
  }

  /** Adds a finer bucket (its `t` in epoch seconds is re-bucketed to this level). */
  addRow(row: RollupRow): void {
    const t = Math.floor(row.t / this.#seconds) * this.#seconds;
    const key = keyOf(row.channelId, t);
    const b = this.#buckets.get(key);
    if (!b) {
      this.#buckets.set(key, { ...row, t });
      return;
    }
    mergeInto(b, row);
  }

  get size(): number {
    return this.#buckets.size;
  }

  /** The buckets sorted by (channel, t), which is also the tables' key order (fewer page splits, no lock-order deadlocks). */
  rows(): RollupRow[] {
    return [...this.#buckets.values()].sort((a, b) => a.channelId - b.channelId || a.t - b.t);
  }
}

/** Merges `row` into `into` in place. */
export function mergeInto(into: RollupRow, row: RollupRow): void {
  into.n += row.n;
  into.sum += row.sum;
  if (row.min < into.min) into.min = row.min;
  if (row.max > into.max) into.max = row.max;
  if (row.lastT >= into.lastT) {
    into.last = row.last;
    into.lastT = row.lastT;
  }
}
