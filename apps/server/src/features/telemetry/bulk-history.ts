/**
 * Columnar bulk history: long backfills (the simulator's first start, years of imported data) write
 * millions of 1-minute rollups, so rows live in one growing Float64Array instead of an object each,
 * and the 1 h and 1 d buckets are accumulated per channel while the minutes arrive.
 *
 * ```ts
 * const writer = telemetry.bulkHistory({ minutesAreNew: true });
 * const sog = writer.channelId('navigation.speedOverGround');
 * writer.minute(sog, Date.UTC(2025, 0, 1, 0, 0), { mean: 6.2, min: 6.1, max: 6.4, last: 6.3, count: 60 });
 * if (writer.pending > 200_000) await writer.flush();
 * await writer.finish();
 * ```
 *
 * Exactness: hour and day buckets are *merged* into what is stored (sums and counts add, min/max
 * widen, the later `last` wins), so a bucket emitted in two parts — minutes out of time order, or a
 * range that continues an earlier one — still ends exact. Minutes are merged too unless the caller
 * promises they are new (`minutesAreNew`, a fresh range), which allows a plain insert and the
 * store's bulk mode (SQLite: a rollback journal instead of the WAL until `finish`, which halves the
 * bytes written; durability is unchanged).
 */
import { emptyMinuteColumns, type MinuteColumns } from './chunk-codec.ts';
import type { RollupLevel } from './rollup.ts';

/** Column order of a {@link RollupBlock} row, the rollup tables' column order. */
export const ROLLUP_COLUMNS = 8;

/** Rollup rows packed as [channelId, t (s), n, sum, min, max, last, lastT (ms)] × length. */
export class RollupBlock {
  data: Float64Array;
  length = 0;

  constructor(capacity = 4096) {
    this.data = new Float64Array(capacity * ROLLUP_COLUMNS);
  }

  push(
    channelId: number,
    t: number,
    n: number,
    sum: number,
    min: number,
    max: number,
    last: number,
    lastT: number,
  ): void {
    if ((this.length + 1) * ROLLUP_COLUMNS > this.data.length) {
      const grown = new Float64Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    const d = this.data;
    const p = this.length * ROLLUP_COLUMNS;
    d[p] = channelId;
    d[p + 1] = t;
    d[p + 2] = n;
    d[p + 3] = sum;
    d[p + 4] = min;
    d[p + 5] = max;
    d[p + 6] = last;
    d[p + 7] = lastT;
    this.length += 1;
  }

  clear(): void {
    this.length = 0;
  }
}

/** Where blocks are stored: `TelemetryRepository.writeRollupBlocks`. */
export interface RollupBlockStore {
  writeRollupBlocks(
    blocks: Partial<Record<RollupLevel, readonly RollupBlock[]>>,
    mode: Partial<Record<RollupLevel, 'insert' | 'merge'>>,
  ): Promise<void>;
  /** Switches the store to (or back from) its mode for large bulk writes. */
  setBulkMode(on: boolean): Promise<void>;
}

/** One minute of one channel (SI); `mean · count` is the minute's sum. */
export interface MinuteValues {
  mean: number;
  min: number;
  max: number;
  last: number;
  count: number;
}

/** Open buckets of one level, per channel id, in parallel typed arrays. */
class OpenBuckets {
  readonly #seconds: number;
  readonly #out: RollupBlock;
  /** Per channel id: the open bucket's start (`t`, epoch s; -1 while none is open) and its values. */
  readonly #open: MinuteColumns;

  constructor(seconds: number, out: RollupBlock, channels: number) {
    this.#seconds = seconds;
    this.#out = out;
    this.#open = emptyMinuteColumns(channels);
    this.#open.t.fill(-1);
  }

  add(c: number, tS: number, n: number, sum: number, min: number, max: number, last: number, lastT: number) {
    const o = this.#open;
    const start = tS - (tS % this.#seconds);
    if (o.t[c] !== start) {
      this.emit(c);
      o.t[c] = start;
      o.n[c] = n;
      o.sum[c] = sum;
      o.min[c] = min;
      o.max[c] = max;
      o.last[c] = last;
      o.lastT[c] = lastT;
      return;
    }
    o.n[c]! += n;
    o.sum[c]! += sum;
    if (min < o.min[c]!) o.min[c] = min;
    if (max > o.max[c]!) o.max[c] = max;
    if (lastT >= o.lastT[c]!) {
      o.last[c] = last;
      o.lastT[c] = lastT;
    }
  }

  emit(c: number) {
    const o = this.#open;
    if (o.t[c]! < 0) return;
    this.#out.push(c, o.t[c]!, o.n[c]!, o.sum[c]!, o.min[c]!, o.max[c]!, o.last[c]!, o.lastT[c]!);
    o.t[c] = -1;
  }

  emitAll() {
    for (let c = 0; c < this.#open.t.length; c++) this.emit(c);
  }
}

export class BulkHistoryWriter {
  readonly #store: RollupBlockStore;
  readonly #ids: (channel: string) => number;
  readonly #minutesAreNew: boolean;
  /** Minute rows per channel id: written channel by channel, each in time order, they append to the key range. */
  readonly #minutes: RollupBlock[] = [];
  #pending = 0;
  #bulkMode = false;
  readonly #hours = new RollupBlock(1 << 12);
  readonly #days = new RollupBlock(256);
  readonly #openHours: OpenBuckets;
  readonly #openDays: OpenBuckets;
  readonly #parts: (channelId: number) => { sin: number; cos: number } | undefined;

  constructor(
    store: RollupBlockStore,
    ids: (channel: string) => number,
    options: {
      minutesAreNew: boolean;
      maxChannelId: number;
      /** Where a circular channel's Σ sin and Σ cos go (see `circularParts` in the domain). */
      circularParts?: (channelId: number) => { sin: number; cos: number } | undefined;
    },
  ) {
    this.#store = store;
    this.#parts = options.circularParts ?? (() => undefined);
    this.#ids = ids;
    this.#minutesAreNew = options.minutesAreNew;
    this.#openHours = new OpenBuckets(3600, this.#hours, options.maxChannelId + 1);
    this.#openDays = new OpenBuckets(86_400, this.#days, options.maxChannelId + 1);
  }

  /** The numeric id to pass to {@link minute}; throws for a channel outside the catalogue. */
  channelId(channel: string): number {
    return this.#ids(channel);
  }

  /** Rows buffered since the last flush. */
  get pending(): number {
    return this.#pending;
  }

  /** Adds one minute of one channel; `minuteStartMs` epoch ms UTC, floored to the minute. */
  minute(channelId: number, minuteStartMs: number, v: MinuteValues): void {
    const t = Math.floor(minuteStartMs / 60_000) * 60;
    const sum = v.mean * v.count;
    const lastT = t * 1000 + 59_999;
    let block = this.#minutes[channelId];
    if (!block) {
      block = new RollupBlock(1 << 14);
      this.#minutes[channelId] = block;
    }
    block.push(channelId, t, v.count, sum, v.min, v.max, v.last, lastT);
    this.#pending += 1;
    this.#openHours.add(channelId, t, v.count, sum, v.min, v.max, v.last, lastT);
    this.#openDays.add(channelId, t, v.count, sum, v.min, v.max, v.last, lastT);
    const parts = this.#parts(channelId);
    if (parts) {
      // A minute's spread is small: its unit vector is that of its mean.
      const sin = Math.sin(v.mean);
      const cos = Math.cos(v.mean);
      this.minute(parts.sin, minuteStartMs, {
        mean: sin,
        min: sin,
        max: sin,
        last: Math.sin(v.last),
        count: v.count,
      });
      this.minute(parts.cos, minuteStartMs, {
        mean: cos,
        min: cos,
        max: cos,
        last: Math.cos(v.last),
        count: v.count,
      });
    }
  }

  /** Writes the buffered minutes and the completed hours and days in one transaction. */
  async flush(): Promise<void> {
    if (this.#minutesAreNew && !this.#bulkMode) {
      await this.#store.setBulkMode(true);
      this.#bulkMode = true;
    }
    await this.#store.writeRollupBlocks(
      {
        '1m': this.#minutes.filter((b) => b !== undefined && b.length > 0),
        '1h': [this.#hours],
        '1d': [this.#days],
      },
      { '1m': this.#minutesAreNew ? 'insert' : 'merge', '1h': 'merge', '1d': 'merge' },
    );
    for (const b of this.#minutes) b?.clear();
    this.#pending = 0;
    this.#hours.clear();
    this.#days.clear();
  }

  /** Closes the open hour and day buckets and writes everything left. */
  async finish(): Promise<void> {
    this.#openHours.emitAll();
    this.#openDays.emitAll();
    try {
      await this.flush();
    } finally {
      if (this.#bulkMode) await this.#store.setBulkMode(false);
      this.#bulkMode = false;
    }
  }
}
