import type SQLite from 'better-sqlite3';
import { letOthersRun } from '../../platform/let-others-run.ts';
import { ROLLUP_COLUMNS, type RollupBlock } from './bulk-history.ts';
import {
  decodeMinutes,
  decodeSamples,
  emptyMinuteColumns,
  encodeMinutes,
  encodeSamples,
  type MinuteColumns,
  type SampleColumns,
} from './chunk-codec.ts';
import { DecodedChunks } from './decoded-chunks.ts';
import type { RollupLevel, RollupRow } from './rollup.ts';
import type { StoredSample } from './telemetry.columns.ts';
import {
  lowerBound,
  MEAN_KEYS,
  MINUTE_KEYS,
  mergeMinutes,
  mergeSamples,
  minuteColumnsOf,
  minuteRow,
  NeumaierSum,
  sliceMinutes,
} from './telemetry.columns.ts';
import { rollupTable } from './telemetry-pg.repository.ts';

/** Rows per multi-row INSERT statement: amortises the JS↔SQLite crossing without hitting parameter limits. */
const SAMPLE_CHUNK = 250;
const ROLLUP_CHUNK = 100;
/** Rows per statement of the bulk block writer (8 parameters each; SQLite allows 32,766). */
const BLOCK_CHUNK = 500;
/** A raw chunk holds one channel's samples of one clock hour (ms); a minute chunk one UTC day of its minutes (s). */
export const RAW_CHUNK_MS = 3_600_000;
export const MINUTE_CHUNK_S = 86_400;
/** Periods compacted per transaction (6 hours of raw samples, a week of minutes; some 20,000 rows): the event loop breathes between. */
const RAW_PERIODS_PER_STEP = 6;
const MINUTE_PERIODS_PER_STEP = 7;

interface ChunkRow {
  t0: number;
  t1: number;
  n: number;
  data: Uint8Array;
}

/**
 * The telemetry tables. On SQLite the write paths use the raw better-sqlite3 handle with prepared
 * multi-row statements inside one synchronous transaction per batch (the ingest budget needs it);
 * on PostgreSQL they send `unnest` arrays, one statement per table. Reads go through Kysely.
 *
 * On SQLite `samples` and `rollup_1m` are a hot buffer: {@link compactRaw} and {@link compactMinutes} move closed
 * hours and days into compressed per-channel chunks (`sample_chunks`, `minute_chunks`), and every reader merges
 * the chunks with the hot rows (a hot sample replaces a chunk's sample of the same time, as `insert or replace`
 * did; a hot minute merges into the chunk's minute as the upsert did), so callers see the same answers either way.
 * PostgreSQL keeps plain rows (its chunk tables stay empty).

/**
 * The SQLite side of the telemetry store, on the raw better-sqlite3 handle: batch writes with prepared multi-row
 * statements inside one synchronous transaction (the ingest budget needs it), and the chunk store. `samples` and
 * `rollup_1m` are a hot buffer: {@link compactRaw} and {@link compactMinutes} move closed hours and days into
 * compressed per-channel chunks (`sample_chunks`, `minute_chunks`), and every read merges the chunks with the hot
 * rows (a hot sample replaces a chunk's sample of the same time, as `insert or replace` did; a hot minute merges
 * into the chunk's minute as the upsert did).
 */
export class SqliteTelemetryStore {
  readonly #sqlite: SQLite.Database;
  readonly #statements = new Map<string, SQLite.Statement>();
  /** 60–80 KB each decoded: about 12 MB in all, enough for the days an analysis reads in several ranges. */
  readonly #decodedSamples = new DecodedChunks<SampleColumns>(64);
  readonly #decodedMinutes = new DecodedChunks<MinuteColumns>(64);
  readonly #decodedMeans = new DecodedChunks<MinuteColumns>(64);

  constructor(sqlite: SQLite.Database) {
    this.#sqlite = sqlite;
  }

  /** Raw samples and the rollup increments of one batch, atomically. */
  writeBatch(samples: readonly StoredSample[], rollups: Record<RollupLevel, RollupRow[]>): void {
    const sqlite = this.#sqlite;
    sqlite.transaction(() => {
      this.#sqliteInsertSamples(sqlite, samples);
      for (const level of ['1m', '1h', '1d'] as const)
        this.#sqliteUpsertRollups(sqlite, level, rollups[level]);
    })();
  }

  /** Merges rollup rows into their levels in one transaction. */
  upsertRollups(rollups: Partial<Record<RollupLevel, RollupRow[]>>): void {
    const sqlite = this.#sqlite;
    sqlite.transaction(() => {
      for (const [level, rows] of Object.entries(rollups)) {
        this.#sqliteUpsertRollups(sqlite, level as RollupLevel, rows);
      }
    })();
  }

  /** Packed rollup blocks in one transaction (`insert` for rows known to be new, else `merge`). */
  writeRollupBlocks(
    levels: readonly [RollupLevel, readonly RollupBlock[]][],
    mode: Partial<Record<RollupLevel, 'insert' | 'merge'>>,
  ): void {
    this.#sqlite.transaction(() => {
      for (const [level, list] of levels)
        for (const block of list) this.#sqliteWriteBlock(level, block, mode[level] ?? 'merge');
    })();
  }

  setBulkMode(on: boolean): void {
    this.#sqlite.pragma(`journal_mode = ${on ? 'DELETE' : 'WAL'}`);
  }

  /** Bucket means of one channel in [fromS, toS) as two typed arrays, chunks merged with hot rows. */
  means(
    level: RollupLevel,
    channelId: number,
    fromS: number,
    toS: number,
  ): { t: Float64Array; v: Float64Array } {
    const merged = level === '1m' ? this.minutesIn(channelId, fromS, toS, false, true) : undefined;
    if (merged) return { t: merged.t, v: merged.sum.map((sum, i) => sum / merged.n[i]!) };
    const stmt = this.#statement(
      `means:${level}`,
      () =>
        `select t, v_sum / n from ${rollupTable(level)} where channel_id = ? and t >= ? and t < ? order by t`,
    ).raw(true);
    let t = new Float64Array(512);
    let v = new Float64Array(512);
    let n = 0;
    for (const row of stmt.iterate(channelId, fromS, toS) as Iterable<[number, number]>) {
      if (n === t.length) {
        const t2 = new Float64Array(n * 2);
        t2.set(t);
        t = t2;
        const v2 = new Float64Array(n * 2);
        v2.set(v);
        v = v2;
      }
      t[n] = row[0];
      v[n++] = row[1];
    }
    return { t: t.subarray(0, n), v: v.subarray(0, n) };
  }

  /**
   * Moves raw samples of closed hours before `beforeMs` (a multiple of an hour) from `samples` into one chunk per
   * channel and hour, merging into a chunk already there (a late sample). A day of one channel per transaction.
   * Returns the samples moved; 0 on PostgreSQL, which keeps plain rows.
   */
  async compactRaw(channelIds: readonly number[], beforeMs: number): Promise<number> {
    const sqlite = this.#sqlite;
    if (!sqlite) return 0;
    let moved = 0;
    const first = this.#statement(
      'c:raw:first',
      () => 'select min(t) from samples where channel_id = ? and t < ?',
    );
    const hot = this.#statement(
      'c:raw:hot',
      () => 'select t, value from samples where channel_id = ? and t >= ? and t < ? order by t',
    );
    const drop = this.#statement(
      'c:raw:drop',
      () => 'delete from samples where channel_id = ? and t >= ? and t < ?',
    );
    const step = sqlite.transaction((id: number, from: number, to: number) => {
      const rows = hot.raw(true).all(id, from, to) as [number, number][];
      for (let i = 0; i < rows.length; ) {
        const t0 = Math.floor(rows[i]![0] / RAW_CHUNK_MS) * RAW_CHUNK_MS;
        let j = i;
        while (j < rows.length && rows[j]![0] < t0 + RAW_CHUNK_MS) j++;
        const t = Float64Array.from(rows.slice(i, j), (r) => r[0]);
        const v = Float64Array.from(rows.slice(i, j), (r) => r[1]);
        const stored = this.#chunkAt('sample_chunks', id, t0);
        const merged = stored ? mergeSamples(decodeSamples(stored.data), { t, v }) : { t, v };
        this.#putChunk('sample_chunks', id, t0, merged.t, encodeSamples(merged.t, merged.v));
        i = j;
      }
      drop.run(id, from, to);
      return rows.length;
    });
    for (const id of channelIds) {
      for (;;) {
        const start = (first.raw(true).get(id, beforeMs) as [number | null])[0];
        if (start === null) break;
        const from = Math.floor(start / RAW_CHUNK_MS) * RAW_CHUNK_MS;
        moved += step(id, from, Math.min(beforeMs, from + RAW_PERIODS_PER_STEP * RAW_CHUNK_MS));
        await letOthersRun();
      }
    }
    return moved;
  }

  /**
   * Moves minute rollups of closed days before `beforeS` (a multiple of a day, epoch s) from `rollup_1m` into one
   * chunk per channel and day, merging into a stored chunk's minutes exactly. Returns the rows moved (0 on PostgreSQL).
   */
  async compactMinutes(channelIds: readonly number[], beforeS: number): Promise<number> {
    const sqlite = this.#sqlite;
    if (!sqlite) return 0;
    let moved = 0;
    const first = this.#statement(
      'c:1m:first',
      () => 'select min(t) from rollup_1m where channel_id = ? and t < ?',
    );
    const hot = this.#statement(
      'c:1m:hot',
      () =>
        'select t, n, v_sum, v_min, v_max, v_last, last_t from rollup_1m where channel_id = ? and t >= ? and t < ? order by t',
    );
    const drop = this.#statement(
      'c:1m:drop',
      () => 'delete from rollup_1m where channel_id = ? and t >= ? and t < ?',
    );
    const step = sqlite.transaction((id: number, from: number, to: number) => {
      const all = minuteColumnsOf(hot.raw(true).all(id, from, to) as number[][]);
      const count = all.t.length;
      for (let i = 0; i < count; ) {
        const t0 = Math.floor(all.t[i]! / MINUTE_CHUNK_S) * MINUTE_CHUNK_S;
        let j = i;
        while (j < count && all.t[j]! < t0 + MINUTE_CHUNK_S) j++;
        const part = sliceMinutes(all, i, j);
        const stored = this.#chunkAt('minute_chunks', id, t0);
        const merged = stored ? mergeMinutes(decodeMinutes(stored.data), part) : part;
        this.#putChunk('minute_chunks', id, t0, merged.t, encodeMinutes(merged));
        i = j;
      }
      drop.run(id, from, to);
      return count;
    });
    for (const id of channelIds) {
      for (;;) {
        const start = (first.raw(true).get(id, beforeS) as [number | null])[0];
        if (start === null) break;
        const from = Math.floor(start / MINUTE_CHUNK_S) * MINUTE_CHUNK_S;
        moved += step(id, from, Math.min(beforeS, from + MINUTE_PERIODS_PER_STEP * MINUTE_CHUNK_S));
        await letOthersRun();
      }
    }
    return moved;
  }

  #chunkAt(table: 'sample_chunks' | 'minute_chunks', channelId: number, t0: number): ChunkRow | undefined {
    return this.#statement(
      `chunk:${table}`,
      () => `select t0, t1, n, data from ${table} where channel_id = ? and t0 = ?`,
    ).get(channelId, t0) as ChunkRow | undefined;
  }

  #putChunk(
    table: 'sample_chunks' | 'minute_chunks',
    channelId: number,
    t0: number,
    t: Float64Array,
    data: Uint8Array,
  ): void {
    if (t.length === 0) {
      this.#statement(`unput:${table}`, () => `delete from ${table} where channel_id = ? and t0 = ?`).run(
        channelId,
        t0,
      );
      return;
    }
    this.#statement(
      `put:${table}`,
      () => `insert or replace into ${table} (channel_id, t0, t1, n, data) values (?, ?, ?, ?, ?)`,
    ).run(channelId, t0, t[t.length - 1]!, t.length, data);
  }

  /** Chunks of a channel holding rows in [from, to) (periods start at multiples of `period`), in time order. */
  #chunksIn(
    table: 'sample_chunks' | 'minute_chunks',
    period: number,
    channelId: number,
    from: number,
    to: number,
  ): ChunkRow[] {
    return this.#statement(
      `chunks:${table}`,
      () =>
        `select t0, t1, n, data from ${table} where channel_id = ? and t0 >= ? and t0 < ? and t1 >= ? order by t0`,
    ).all(channelId, Math.floor(from / period) * period, to, from) as ChunkRow[];
  }

  anyChunk(table: 'sample_chunks' | 'minute_chunks', period: number, from: number, to: number): boolean {
    return (
      this.#statement(
        `any:${table}`,
        () => `select 1 from ${table} where t0 >= ? and t0 < ? and t1 >= ? limit 1`,
      ).get(Math.floor(from / period) * period, to, from) !== undefined
    );
  }

  /** Raw samples of one channel in [fromMs, toMs) from chunks and hot rows; undefined when no chunk holds any. */
  samplesIn(channelId: number, fromMs: number, toMs: number): SampleColumns | undefined {
    const chunks = this.#chunksIn('sample_chunks', RAW_CHUNK_MS, channelId, fromMs, toMs);
    if (chunks.length === 0) return undefined;
    const parts = chunks.map((c) =>
      this.#decodedSamples.get(`${channelId}:${c.t0}`, c.data, (data) => decodeSamples(data)),
    );
    // Chunks are in time order and each is sorted: the rows in range are one slice of each.
    const slices = parts.map((p) => [lowerBound(p.t, fromMs), lowerBound(p.t, toMs)] as const);
    const cold: SampleColumns = {
      t: new Float64Array(slices.reduce((n, [a, b]) => n + b - a, 0)),
      v: new Float64Array(slices.reduce((n, [a, b]) => n + b - a, 0)),
    };
    let n = 0;
    for (const [k, p] of parts.entries()) {
      const [a, b] = slices[k]!;
      cold.t.set(p.t.subarray(a, b), n);
      cold.v.set(p.v.subarray(a, b), n);
      n += b - a;
    }
    const rows = this.#statement(
      'hot:raw',
      () => 'select t, value from samples where channel_id = ? and t >= ? and t < ? order by t',
    )
      .raw(true)
      .all(channelId, fromMs, toMs) as [number, number][];
    const hot: SampleColumns = {
      t: Float64Array.from(rows, (r) => r[0]),
      v: Float64Array.from(rows, (r) => r[1]),
    };
    return mergeSamples(cold, hot);
  }

  /** Minute rollups of one channel in [fromS, toS) from chunks and hot rows; undefined when no chunk holds any. */
  minutesIn(
    channelId: number,
    fromS: number,
    toS: number,
    always = false,
    meansOnly = false,
  ): MinuteColumns | undefined {
    const chunks = this.#chunksIn('minute_chunks', MINUTE_CHUNK_S, channelId, fromS, toS);
    if (chunks.length === 0 && !always) return undefined;
    const cache = meansOnly ? this.#decodedMeans : this.#decodedMinutes;
    const parts = chunks.map((c) =>
      cache.get(`${channelId}:${c.t0}`, c.data, (data) => decodeMinutes(data, meansOnly)),
    );
    const slices = parts.map((p) => [lowerBound(p.t, fromS), lowerBound(p.t, toS)] as const);
    const cold = emptyMinuteColumns(slices.reduce((n, [a, b]) => n + b - a, 0));
    let n = 0;
    for (const [k, p] of parts.entries()) {
      const [a, b] = slices[k]!;
      for (const key of MINUTE_KEYS)
        if (!meansOnly || MEAN_KEYS.has(key)) cold[key].set(p[key].subarray(a, b), n);
      n += b - a;
    }
    const hot = minuteColumnsOf(
      this.#statement(
        'hot:1m',
        () =>
          'select t, n, v_sum, v_min, v_max, v_last, last_t from rollup_1m where channel_id = ? and t >= ? and t < ? order by t',
      )
        .raw(true)
        .all(channelId, fromS, toS) as number[][],
    );
    return mergeMinutes(cold, hot);
  }

  /** The newest sample of a channel from its hot rows and newest chunk, else the last of its newest minute. */
  latest(channelId: number): { t: number; value: number } | undefined {
    const hotRaw = this.#statement(
      'latest:raw',
      () => 'select t, value from samples where channel_id = ? order by t desc limit 1',
    )
      .raw(true)
      .get(channelId) as [number, number] | undefined;
    const rawChunk = this.#statement(
      'latest:raw-chunk',
      () => 'select data from sample_chunks where channel_id = ? order by t0 desc limit 1',
    ).get(channelId) as { data: Uint8Array } | undefined;
    let best = hotRaw ? { t: hotRaw[0], value: hotRaw[1] } : undefined;
    if (rawChunk) {
      const c = decodeSamples(rawChunk.data);
      const t = c.t[c.t.length - 1]!;
      if (!best || t > best.t) best = { t, value: c.v[c.v.length - 1]! };
    }
    if (best) return best;
    const hotMinute = this.#statement(
      'latest:1m',
      () => 'select t, last_t, v_last from rollup_1m where channel_id = ? order by t desc limit 1',
    )
      .raw(true)
      .get(channelId) as [number, number, number] | undefined;
    const minuteChunk = this.#statement(
      'latest:1m-chunk',
      () => 'select data from minute_chunks where channel_id = ? order by t0 desc limit 1',
    ).get(channelId) as { data: Uint8Array } | undefined;
    let minute = hotMinute ? { bucket: hotMinute[0], t: hotMinute[1], value: hotMinute[2] } : undefined;
    if (minuteChunk) {
      const c = decodeMinutes(minuteChunk.data);
      const i = c.t.length - 1;
      const cold = { bucket: c.t[i]!, t: c.lastT[i]!, value: c.last[i]! };
      // The same minute in both: the later `last` wins, as the upsert would have merged it.
      if (!minute || cold.bucket > minute.bucket || (cold.bucket === minute.bucket && cold.t > minute.t))
        minute = cold;
    }
    return minute ? { t: minute.t, value: minute.value } : undefined;
  }

  /** Pruning on SQLite: hot rows, whole chunks before the limit, and the older part of a chunk that straddles it. */
  async prune(what: 'raw' | 'minutes', channelIds: readonly number[], before: number): Promise<number> {
    const sqlite = this.#sqlite!;
    const [hotTable, chunkTable] =
      what === 'raw' ? (['samples', 'sample_chunks'] as const) : (['rollup_1m', 'minute_chunks'] as const);
    const dropHot = this.#statement(
      `prune:${hotTable}`,
      () => `delete from ${hotTable} where channel_id = ? and t < ?`,
    );
    const old = this.#statement(
      `prune:${chunkTable}`,
      () => `select t0, t1, n, data from ${chunkTable} where channel_id = ? and t0 < ?`,
    );
    const dropChunks = this.#statement(
      `prune-drop:${chunkTable}`,
      () => `delete from ${chunkTable} where channel_id = ? and t1 < ?`,
    );
    const step = sqlite.transaction((id: number) => {
      let deleted = dropHot.run(id, before).changes;
      for (const c of old.all(id, before) as ChunkRow[]) {
        if (c.t1 < before) {
          deleted += c.n;
          continue;
        }
        if (what === 'raw') {
          const s = decodeSamples(c.data);
          const keep = s.t.findIndex((t) => t >= before);
          const kept = { t: s.t.subarray(keep), v: s.v.subarray(keep) };
          this.#putChunk(chunkTable, id, c.t0, kept.t, encodeSamples(kept.t, kept.v));
          deleted += keep;
        } else {
          const m = decodeMinutes(c.data);
          const keep = m.t.findIndex((t) => t >= before);
          const kept = sliceMinutes(m, keep, m.t.length);
          this.#putChunk(chunkTable, id, c.t0, kept.t, encodeMinutes(kept));
          deleted += keep;
        }
      }
      dropChunks.run(id, before);
      return deleted;
    });
    let deleted = 0;
    for (const id of channelIds) {
      deleted += step(id);
      await letOthersRun();
    }
    return deleted;
  }

  /** The repository's `rebuildFromMinutes` when some of the minutes are in chunks: aggregated here, as the SQL path does. */
  async rebuildFromMinuteChunks(
    level: '1h' | '1d',
    width: number,
    fromS: number,
    toS: number,
    ids: readonly number[],
  ): Promise<void> {
    const sqlite = this.#sqlite!;
    const table = rollupTable(level);
    const rows: RollupRow[] = [];
    for (const id of ids) {
      const m = this.minutesIn(id, fromS, toS, true)!;
      let open: RollupRow | undefined;
      let sum = new NeumaierSum();
      for (let i = 0; i < m.t.length; i++) {
        const bt = m.t[i]! - (m.t[i]! % width);
        if (!open || open.t !== bt) {
          if (open) rows.push({ ...open, sum: sum.value });
          open = { ...minuteRow(id, m, i), t: bt };
          sum = new NeumaierSum();
          sum.add(m.sum[i]!);
          continue;
        }
        open.n += m.n[i]!;
        sum.add(m.sum[i]!);
        if (m.min[i]! < open.min) open.min = m.min[i]!;
        if (m.max[i]! > open.max) open.max = m.max[i]!;
        // The first minute (in time order) holding the bucket's latest `last_t` gives its `last`.
        if (m.lastT[i]! > open.lastT) {
          open.last = m.last[i]!;
          open.lastT = m.lastT[i]!;
        }
      }
      if (open) rows.push({ ...open, sum: sum.value });
    }
    sqlite.transaction(() => {
      sqlite.prepare(`delete from ${table} where t >= ? and t < ?`).run(fromS, toS);
      const insert = sqlite.prepare(`insert into ${table} ${rollupColumns} values (?,?,?,?,?,?,?,?)`);
      for (const r of rows) insert.run(r.channelId, r.t, r.n, r.sum, r.min, r.max, r.last, r.lastT);
    })();
  }

  #statement(key: string, build: () => string): SQLite.Statement {
    let s = this.#statements.get(key);
    if (!s) {
      s = this.#sqlite!.prepare(build());
      this.#statements.set(key, s);
    }
    return s;
  }

  #sqliteInsertSamples(sqlite: SQLite.Database, samples: readonly StoredSample[]): void {
    void sqlite;
    const run = (offset: number, count: number) => {
      const stmt = this.#statement(
        `s${count}`,
        () =>
          `insert or replace into samples (channel_id, t, value) values ${Array(count).fill('(?,?,?)').join(',')}`,
      );
      const params: number[] = new Array(count * 3);
      for (let i = 0; i < count; i++) {
        const s = samples[offset + i]!;
        params[i * 3] = s.channelId;
        params[i * 3 + 1] = s.t;
        params[i * 3 + 2] = s.value;
      }
      stmt.run(params);
    };
    let i = 0;
    for (; i + SAMPLE_CHUNK <= samples.length; i += SAMPLE_CHUNK) run(i, SAMPLE_CHUNK);
    if (i < samples.length) run(i, samples.length - i);
  }

  #sqliteWriteBlock(level: RollupLevel, block: RollupBlock, mode: 'insert' | 'merge'): void {
    const data = block.data;
    const run = (offset: number, count: number) => {
      const stmt = this.#statement(`${level}:${mode}:${count}`, () =>
        mode === 'insert' ? insertRollupsSql(level, count) : upsertRollupsSql(level, count),
      );
      const params = new Array<number>(count * ROLLUP_COLUMNS);
      const base = offset * ROLLUP_COLUMNS;
      for (let i = 0; i < params.length; i++) params[i] = data[base + i]!;
      stmt.run(params);
    };
    let i = 0;
    for (; i + BLOCK_CHUNK <= block.length; i += BLOCK_CHUNK) run(i, BLOCK_CHUNK);
    if (i < block.length) run(i, block.length - i);
  }

  #sqliteUpsertRollups(sqlite: SQLite.Database, level: RollupLevel, rows: readonly RollupRow[]): void {
    void sqlite;
    const run = (offset: number, count: number) => {
      const stmt = this.#statement(`${level}:${count}`, () => upsertRollupsSql(level, count));
      const params: number[] = new Array(count * 8);
      for (let i = 0; i < count; i++) {
        const r = rows[offset + i]!;
        const p = i * 8;
        params[p] = r.channelId;
        params[p + 1] = r.t;
        params[p + 2] = r.n;
        params[p + 3] = r.sum;
        params[p + 4] = r.min;
        params[p + 5] = r.max;
        params[p + 6] = r.last;
        params[p + 7] = r.lastT;
      }
      stmt.run(params);
    };
    let i = 0;
    for (; i + ROLLUP_CHUNK <= rows.length; i += ROLLUP_CHUNK) run(i, ROLLUP_CHUNK);
    if (i < rows.length) run(i, rows.length - i);
  }
}

const rollupColumns = '(channel_id, t, n, v_sum, v_min, v_max, v_last, last_t)';
const rowPlaceholders = (count: number) => Array(count).fill('(?,?,?,?,?,?,?,?)').join(',');

/** SQLite: a multi-row insert of rows known to be new. */
function insertRollupsSql(level: RollupLevel, count: number): string {
  return `insert into ${rollupTable(level)} ${rollupColumns} values ${rowPlaceholders(count)}`;
}

/** SQLite: a multi-row insert that merges into stored buckets exactly (sums add, extremes widen, later last wins). */
function upsertRollupsSql(level: RollupLevel, count: number): string {
  const table = rollupTable(level);
  return `insert into ${table} ${rollupColumns} values ${rowPlaceholders(count)}
    on conflict (channel_id, t) do update set
      n = ${table}.n + excluded.n,
      v_sum = ${table}.v_sum + excluded.v_sum,
      v_min = min(${table}.v_min, excluded.v_min),
      v_max = max(${table}.v_max, excluded.v_max),
      v_last = case when excluded.last_t >= ${table}.last_t then excluded.v_last else ${table}.v_last end,
      last_t = max(${table}.last_t, excluded.last_t)`;
}
