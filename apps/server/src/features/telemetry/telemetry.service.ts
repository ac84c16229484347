/**
 * Telemetry: the store behind every chart and report.
 *
 * ## API for bulk history (the simulator's 13-month backfill, CSV history imports)
 *
 * Raw samples are far too many for a year of history, so write 1-minute rollups directly:
 *
 * ```ts
 * await telemetry.writeMinuteRollups([
 *   { channel: CHANNEL.sog, minuteStart: Date.UTC(2025, 0, 1, 0, 0), mean: 6.2, min: 6.1, max: 6.4, last: 6.3, count: 60 },
 *   // ... any number of rows, any channels; call it repeatedly in chunks of ~100k–500k rows
 * ]);
 * ```
 *
 * - `channel` is a catalogue id (`@ecohelm/domain` `channelCatalogue`); values are SI (m/s, rad, K, Pa, W, kg/s, kg).
 * - `minuteStart` is epoch ms UTC, floored to the minute; `count` ≥ 1; `mean`·`count` is the bucket's sum.
 * - Rows *merge* into what is stored (sums and counts add, min/max widen, the later `last` wins), exactly
 *   like live ingest, so chunk boundaries do not matter and a re-run doubles counts: write each minute once.
 * - The 1-h and 1-day rollups of the same rows are derived in memory and merged in the same
 *   transaction (default). For the fastest backfill pass `{ deriveHourDay: false }` on every chunk and
 *   call `rebuildHourDayRollups(fromMs, toMs)` once at the end, which rebuilds them in SQL from the minutes.
 * - Measured on the 2-core machine: see bench/ingest.bench.ts (≈ 1 M minute rows/s on SQLite).
 *
 * Live samples go through the validated ingest path (`IngestPipeline` → `writeSamples`), which keeps
 * raw samples for the raw window (default 7 days, `pruneRaw` job) and updates all three rollup levels.
 */
import type { TelemetryLatestValue } from '@ecohelm/contracts';
import {
  type ChannelDef,
  channelById,
  channelCatalogue,
  circularMean,
  circularParts,
  DAY_MS,
  displayDigitsOf,
  displayUnitOf,
  toDisplay,
} from '@ecohelm/domain';
import { BulkHistoryWriter } from './bulk-history.ts';
import { levelSeconds, RollupAccumulator, type RollupLevel, type RollupRow } from './rollup.ts';
import type { Sample } from './samples.ts';
import {
  type BucketRow,
  MINUTE_CHUNK_S,
  RAW_CHUNK_MS,
  type StoredSample,
  type TelemetryRepository,
} from './telemetry.repository.ts';

/** One minute of one channel, written in bulk (SI values; `minuteStart` epoch ms UTC). */
export interface MinuteRollupInput {
  channel: string;
  minuteStart: number;
  mean: number;
  min: number;
  max: number;
  last: number;
  count: number;
}

/** One point of a downsampled trend, SI or display units as the caller asked. */
export interface TrendPoint {
  /** Bucket start, epoch ms UTC. */
  t: number;
  mean: number;
  min: number;
  max: number;
  count: number;
}

export interface Trend {
  channel: ChannelDef;
  fromMs: number;
  toMs: number;
  /** Width of each bucket in ms. */
  bucketMs: number;
  /** Where the points came from. */
  source: 'raw' | RollupLevel;
  points: TrendPoint[];
}

export type LiveListener = (samples: readonly Sample[]) => void;

/** Raw samples stay in the hot table at least this long after their hour ends (late samples merge cheaply). */
export const RAW_HOT_MS = 10 * 60_000;
/** Minute rollups stay hot at least this long after their day ends. */
export const MINUTE_HOT_MS = 3_600_000;
/** The most buckets a trend answers with. */
export const MAX_TREND_POINTS = 2000;

export class TelemetryService {
  readonly #repo: TelemetryRepository;
  readonly #ids = new Map<string, number>();
  readonly #names = new Map<number, string>();
  /** Circular channels' ids → the ids their Σ sin and Σ cos rollups are stored under. */
  readonly #parts = new Map<number, { sin: number; cos: number }>();
  readonly #latest = new Map<string, { t: number; value: number }>();
  readonly #listeners = new Set<LiveListener>();
  /** Writes run one at a time: PostgreSQL upserts on the same rollup rows never interleave. */
  #queue: Promise<unknown> = Promise.resolve();
  /**
   * Compaction, pruning and rebuilds run one at a time too, but beside ingest: on SQLite each of their steps is one
   * synchronous transaction of one channel, which ingest's transactions cannot interleave with.
   */
  #maintenanceQueue: Promise<unknown> = Promise.resolve();
  readonly rawWindowMs: number;
  /** How long minute rollups are kept (0: forever); hourly and daily rollups are always kept. */
  readonly minuteWindowMs: number;
  /**
   * The finest level the store holds: `raw` on a ship; `1h` in the shore's copy of a ship, which receives hourly and
   * daily rollups only, so its trends read hours where a ship's would read samples or minutes.
   */
  readonly finestLevel: 'raw' | '1h';

  constructor(
    repo: TelemetryRepository,
    options: { rawWindowDays?: number; minuteWindowDays?: number; finestLevel?: 'raw' | '1h' } = {},
  ) {
    this.#repo = repo;
    this.rawWindowMs = (options.rawWindowDays ?? 7) * DAY_MS;
    this.minuteWindowMs = (options.minuteWindowDays ?? 0) * DAY_MS;
    this.finestLevel = options.finestLevel ?? 'raw';
  }

  /** Numbers the catalogue's channels in the store (idempotent); call once before writing. */
  async init(): Promise<void> {
    const known = await this.#repo.listChannels();
    for (const c of known) this.#remember(c.id, c.name);
    let next = known.reduce((m, c) => Math.max(m, c.id), 0) + 1;
    const names = channelCatalogue.flatMap((c) =>
      c.circular ? [c.id, circularParts(c.id).sin, circularParts(c.id).cos] : [c.id],
    );
    const missing = names.filter((name) => !this.#ids.has(name)).map((name) => ({ id: next++, name }));
    await this.#repo.insertChannels(missing);
    for (const c of missing) this.#remember(c.id, c.name);
    for (const c of channelCatalogue) {
      if (!c.circular) continue;
      const parts = circularParts(c.id);
      this.#parts.set(this.#ids.get(c.id)!, {
        sin: this.#ids.get(parts.sin)!,
        cos: this.#ids.get(parts.cos)!,
      });
    }
  }

  #remember(id: number, name: string) {
    this.#ids.set(name, id);
    this.#names.set(id, name);
  }

  /** The numeric id of a catalogue channel; throws for unknown ones (validate before). */
  channelId(channel: string): number {
    const id = this.#ids.get(channel);
    if (id === undefined) throw new Error(`Unknown channel ${channel} (validate samples before writing)`);
    return id;
  }

  #serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task, task);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  #maintenance<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#maintenanceQueue.then(task, task);
    this.#maintenanceQueue = run.catch(() => undefined);
    return run;
  }

  /**
   * Stores validated samples (SI, `t` epoch ms): raw rows plus the 1 m / 1 h / 1 d rollup increments,
   * in one transaction. Resolves once durable. Unknown channels throw: validate first.
   */
  writeSamples(samples: readonly Sample[]): Promise<void> {
    if (samples.length === 0) return Promise.resolve();
    const stored: StoredSample[] = new Array(samples.length);
    const minute = new RollupAccumulator(60);
    const hour = new RollupAccumulator(3600);
    const day = new RollupAccumulator(86_400);
    for (let i = 0; i < samples.length; i++) {
      const s = samples[i]!;
      const channelId = this.channelId(s.channel);
      stored[i] = { channelId, t: s.t, value: s.value };
      minute.addSample(channelId, s.t, s.value);
      const parts = this.#parts.get(channelId);
      if (parts) {
        minute.addSample(parts.sin, s.t, Math.sin(s.value));
        minute.addSample(parts.cos, s.t, Math.cos(s.value));
      }
    }
    // Hours and days from the minutes: a batch spans few minutes, so this is cheap and exact.
    const minutes = minute.rows();
    for (const m of minutes) {
      hour.addRow(m);
      day.addRow(m);
    }
    return this.#serial(async () => {
      await this.#repo.writeBatch(stored, { '1m': minutes, '1h': hour.rows(), '1d': day.rows() });
      this.#noteLatest(samples);
    });
  }

  #noteLatest(samples: readonly Sample[]) {
    for (const s of samples) {
      const prev = this.#latest.get(s.channel);
      if (!prev || s.t >= prev.t) this.#latest.set(s.channel, { t: s.t, value: s.value });
    }
    for (const listener of this.#listeners) listener(samples);
  }

  /**
   * Bulk history as 1-minute rollups (see the top of this file). Merges into stored buckets;
   * derives and merges the 1 h and 1 d buckets unless `deriveHourDay` is false.
   */
  writeMinuteRollups(
    rows: readonly MinuteRollupInput[],
    options: { deriveHourDay?: boolean } = {},
  ): Promise<void> {
    const minutes: RollupRow[] = [];
    for (const r of rows) {
      const t = Math.floor(r.minuteStart / 60_000) * 60;
      const channelId = this.channelId(r.channel);
      const row = (id: number, mean: number, min: number, max: number, last: number): RollupRow => ({
        channelId: id,
        t,
        n: r.count,
        sum: mean * r.count,
        min,
        max,
        last,
        lastT: t * 1000 + 59_999,
      });
      minutes.push(row(channelId, r.mean, r.min, r.max, r.last));
      const parts = this.#parts.get(channelId);
      if (parts) {
        // A minute's spread is small: its unit vector is that of its mean.
        const [sin, cos] = [Math.sin(r.mean), Math.cos(r.mean)];
        minutes.push(row(parts.sin, sin, sin, sin, Math.sin(r.last)));
        minutes.push(row(parts.cos, cos, cos, cos, Math.cos(r.last)));
      }
    }
    const rollups: Partial<Record<RollupLevel, RollupRow[]>> = { '1m': minutes };
    if (options.deriveHourDay !== false) {
      const hour = new RollupAccumulator(3600);
      const day = new RollupAccumulator(86_400);
      for (const m of minutes) {
        hour.addRow(m);
        day.addRow(m);
      }
      rollups['1h'] = hour.rows();
      rollups['1d'] = day.rows();
    }
    return this.#serial(() => this.#repo.upsertRollups(rollups));
  }

  /**
   * A columnar writer for long bulk history (bulk-history.ts): minutes plus their hours and days,
   * without an object per row. `minutesAreNew` when the range holds no stored minutes yet.
   */
  bulkHistory(options: { minutesAreNew: boolean }): BulkHistoryWriter {
    return new BulkHistoryWriter(
      {
        writeRollupBlocks: (blocks, mode) => this.#serial(() => this.#repo.writeRollupBlocks(blocks, mode)),
        setBulkMode: (on) => this.#serial(() => this.#repo.setBulkMode(on)),
      },
      (channel) => this.channelId(channel),
      {
        minutesAreNew: options.minutesAreNew,
        maxChannelId: Math.max(0, ...this.#names.keys()),
        circularParts: (channelId) => this.#parts.get(channelId),
      },
    );
  }

  /** Rebuilds the 1 h and 1 d rollups covering [fromMs, toMs) from the 1-min rollups, in SQL. */
  rebuildHourDayRollups(fromMs: number, toMs: number): Promise<void> {
    const fromS = Math.floor(fromMs / DAY_MS) * 86_400;
    const toS = Math.ceil(toMs / DAY_MS) * 86_400;
    return this.#serial(() =>
      this.#maintenance(async () => {
        await this.#repo.rebuildFromMinutes('1h', fromS, toS);
        await this.#repo.rebuildFromMinutes('1d', fromS, toS);
      }),
    );
  }

  /**
   * A trend of one channel over [fromMs, toMs) in at most `points` buckets (≤ 2,000), each with
   * mean, min and max so peaks survive downsampling. Reads the coarsest level that still resolves
   * one bucket: raw samples inside the raw window, else 1 min, 1 h or 1 day rollups.
   */
  async trend(
    channel: string,
    fromMs: number,
    toMs: number,
    points = MAX_TREND_POINTS,
    now = Date.now(),
  ): Promise<Trend> {
    const def = channelById(channel);
    if (!def) throw new Error(`Unknown channel ${channel}`);
    const channelId = this.channelId(channel);
    const wanted = Math.max(1, Math.min(MAX_TREND_POINTS, Math.floor(points)));
    const span = Math.max(1, toMs - fromMs);
    let bucketMs = Math.max(1, Math.ceil(span / wanted));
    let source: Trend['source'];
    let rows: BucketRow[];
    const parts = this.#parts.get(channelId);
    let means: Map<number, number> | undefined;
    if (this.finestLevel === 'raw' && bucketMs < 60_000 && fromMs >= now - this.rawWindowMs) {
      source = 'raw';
      rows = await this.#repo.rawBuckets(channelId, fromMs, toMs, bucketMs);
      if (parts) means = await this.#rawCircularMeans(def, channelId, fromMs, toMs, bucketMs);
    } else {
      let level: RollupLevel = bucketMs >= DAY_MS ? '1d' : bucketMs >= 3_600_000 ? '1h' : '1m';
      // Minute rollups older than their window are gone: hours are the finest level there.
      if (level === '1m' && this.minuteWindowMs > 0 && fromMs < now - this.minuteWindowMs) level = '1h';
      if (level === '1m' && this.finestLevel === '1h') level = '1h';
      const width = levelSeconds[level];
      // Buckets are whole multiples of the level, aligned to it, so no rollup row is split.
      const widthS = Math.ceil(bucketMs / 1000 / width) * width;
      bucketMs = widthS * 1000;
      const fromS = Math.floor(fromMs / 1000 / width) * width;
      const toS = Math.ceil(toMs / 1000 / width) * width;
      source = level;
      rows = await this.#repo.rollupBuckets(level, channelId, fromS, toS, widthS);
      if (parts) {
        const [sin, cos] = await Promise.all([
          this.#repo.rollupBuckets(level, parts.sin, fromS, toS, widthS),
          this.#repo.rollupBuckets(level, parts.cos, fromS, toS, widthS),
        ]);
        const cosByBucket = new Map(cos.map((r) => [r.b, r]));
        means = new Map();
        for (const r of sin) {
          const c = cosByBucket.get(r.b);
          // History written before Σ sin/Σ cos were kept has none: its bucket keeps the plain mean.
          if (c) means.set(r.b, circularMean(def, r.sum, c.sum));
        }
      }
      fromMs = fromS * 1000;
      toMs = toS * 1000;
    }
    const start = fromMs;
    return {
      channel: def,
      fromMs,
      toMs,
      bucketMs,
      source,
      points: rows.map((r) => ({
        t: start + r.b * bucketMs,
        mean: means?.get(r.b) ?? r.sum / r.n,
        min: r.min,
        max: r.max,
        count: r.n,
      })),
    };
  }

  /** Circular means of raw buckets (at most a day and a half of raw samples: the raw level's span). */
  async #rawCircularMeans(
    def: ChannelDef,
    channelId: number,
    fromMs: number,
    toMs: number,
    bucketMs: number,
  ): Promise<Map<number, number>> {
    const sums = new Map<number, { sin: number; cos: number }>();
    for (const r of await this.#repo.rawSamples(channelId, fromMs, toMs)) {
      const b = Math.floor((r.t - fromMs) / bucketMs);
      const s = sums.get(b) ?? { sin: 0, cos: 0 };
      s.sin += Math.sin(r.value);
      s.cos += Math.cos(r.value);
      sums.set(b, s);
    }
    return new Map([...sums].map(([b, s]) => [b, circularMean(def, s.sin, s.cos)]));
  }

  /** Converts a trend's values to the channel's display unit (the one place the API does it). */
  static trendToDisplay(trend: Trend): Trend {
    const d = (v: number) => toDisplay(trend.channel, v);
    return {
      ...trend,
      points: trend.points.map((p) => {
        const a = d(p.min);
        const b = d(p.max);
        // A negative scale would swap min and max; none today, but keep the order honest.
        return { ...p, mean: d(p.mean), min: Math.min(a, b), max: Math.max(a, b) };
      }),
    };
  }

  /** The latest SI value of each channel (memory first, then the store). */
  async latest(channels: readonly string[]): Promise<Map<string, { t: number; value: number }>> {
    const out = new Map<string, { t: number; value: number }>();
    for (const channel of channels) {
      let v = this.#latest.get(channel);
      if (!v && this.#ids.has(channel)) {
        v = await this.#repo.latest(this.channelId(channel));
        if (v) this.#latest.set(channel, v);
      }
      if (v) out.set(channel, v);
    }
    return out;
  }

  /**
   * The latest value of each channel in display units, as the API gives it (the one conversion point of the API is
   * `toDisplay`); a channel with no value yet is left out.
   */
  async latestForDisplay(defs: readonly ChannelDef[]): Promise<TelemetryLatestValue[]> {
    const latest = await this.latest(defs.map((d) => d.id));
    return defs.flatMap((def) => {
      const v = latest.get(def.id);
      return v
        ? [
            {
              channel: def.id,
              t: new Date(v.t).toISOString(),
              value: toDisplay(def, v.value),
              unit: displayUnitOf(def),
              digits: displayDigitsOf(def),
            },
          ]
        : [];
    });
  }

  /**
   * Latest values known from elsewhere, kept as if they had been ingested (without a listener call): the shore's copy
   * of a ship takes the last value of each channel's newest hourly bucket.
   */
  primeLatest(values: readonly Sample[]): void {
    for (const v of values) {
      const prev = this.#latest.get(v.channel);
      if (!prev || v.t >= prev.t) this.#latest.set(v.channel, { t: v.t, value: v.value });
    }
  }

  /** The latest value of a channel already in memory (live stream). */
  latestCached(channel: string): { t: number; value: number } | undefined {
    return this.#latest.get(channel);
  }

  /** Calls `listener` with every stored batch; returns the unsubscribe function. */
  subscribe(listener: LiveListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Deletes raw samples older than the raw window; rollups stay. Returns the number deleted. */
  pruneRaw(now = Date.now()): Promise<number> {
    return this.#maintenance(() => this.#repo.pruneRaw([...this.#names.keys()], now - this.rawWindowMs));
  }

  /**
   * Moves closed periods from the hot tables into compressed chunks (SQLite; a no-op on PostgreSQL): raw hours that
   * ended at least {@link RAW_HOT_MS} ago and minute days that ended at least {@link MINUTE_HOT_MS} ago, so late
   * samples of a few minutes still land in the hot rows. Readers see the same answers before and after.
   */
  compact(now = Date.now()): Promise<{ samples: number; minutes: number }> {
    return this.#maintenance(async () => {
      const ids = [...this.#names.keys()];
      const rawBefore = Math.floor((now - RAW_HOT_MS) / RAW_CHUNK_MS) * RAW_CHUNK_MS;
      const minuteBefore = Math.floor((now - MINUTE_HOT_MS) / 1000 / MINUTE_CHUNK_S) * MINUTE_CHUNK_S;
      const samples = await this.#repo.compactRaw(ids, rawBefore);
      const minutes = await this.#repo.compactMinutes(ids, minuteBefore);
      return { samples, minutes };
    });
  }

  /** Deletes minute rollups past their window (none when the window is 0: kept forever); hours and days stay. */
  pruneMinutes(now = Date.now()): Promise<number> {
    if (this.minuteWindowMs <= 0) return Promise.resolve(0);
    const beforeS = Math.floor((now - this.minuteWindowMs) / 60_000) * 60;
    return this.#maintenance(() => this.#repo.pruneMinutes([...this.#names.keys()], beforeS));
  }

  /** Raw samples of one channel (tests, exports). */
  rawSamples(channel: string, fromMs: number, toMs: number) {
    return this.#repo.rawSamples(this.channelId(channel), fromMs, toMs);
  }

  /**
   * Buckets of `widthMs` (count, sum, min, max) of one channel over [fromMs, toMs), aggregated in the store; `b` is
   * the bucket's index from `fromMs`.
   */
  rollupBuckets(level: RollupLevel, channel: string, fromMs: number, toMs: number, widthMs: number) {
    return this.#repo.rollupBuckets(
      level,
      this.channelId(channel),
      Math.floor(fromMs / 1000),
      Math.ceil(toMs / 1000),
      Math.round(widthMs / 1000),
    );
  }

  /** Bucket means of one channel in time order (t in epoch seconds), for analyses that read months of minutes. */
  rollupMeans(level: RollupLevel, channel: string, fromMs: number, toMs: number) {
    return this.#repo.rollupMeans(
      level,
      this.channelId(channel),
      Math.floor(fromMs / 1000),
      Math.ceil(toMs / 1000),
    );
  }

  /** Every stored channel's id and name (the sync names channels by their id). */
  listChannels(): Promise<{ id: number; name: string }[]> {
    return this.#repo.listChannels();
  }

  /** Rollup rows of one channel by its stored id, in seconds (the sync's backfill reads them this way). */
  rollupRowsById(level: RollupLevel, channelId: number, fromS: number, toS: number) {
    return this.#repo.rollupRows(level, channelId, fromS, toS);
  }

  /** Rollup rows of one channel (tests, reports). */
  rollups(level: RollupLevel, channel: string, fromMs: number, toMs: number) {
    return this.#repo.rollupRows(
      level,
      this.channelId(channel),
      Math.floor(fromMs / 1000),
      Math.ceil(toMs / 1000),
    );
  }
}
