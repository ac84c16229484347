import type SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { Store } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
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
import type { RollupLevel, RollupRow } from './rollup.ts';

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

const rollupTable = (level: RollupLevel) => `rollup_${level}` as const;
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

const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Decoded chunks recently read, keyed by table, channel and period, each with the bytes it was decoded from: a reader
 * reads the chunk's bytes anyway and takes the decoded copy only when they are the same, so an entry can never be
 * stale (another connection or repository may have rewritten the chunk). The analyses read one day in several
 * ranges (the hull analysis reads only its steady stretches), each of which would decode it again.
 */
class DecodedChunks<T> {
  readonly #entries = new Map<string, { data: Uint8Array; decoded: T }>();
  readonly #max: number;

  constructor(max: number) {
    this.#max = max;
  }

  get(key: string, data: Uint8Array, decode: (data: Uint8Array) => T): T {
    const hit = this.#entries.get(key);
    if (hit && Buffer.compare(hit.data, data) === 0) {
      // Most recently used last: Map keeps insertion order.
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit.decoded;
    }
    const decoded = decode(data);
    this.#entries.delete(key);
    this.#entries.set(key, { data, decoded });
    if (this.#entries.size > this.#max) this.#entries.delete(this.#entries.keys().next().value!);
    return decoded;
  }
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
 */
export class TelemetryRepository {
  readonly #db: Kysely<Database>;
  readonly #sqlite: SQLite.Database | undefined;
  readonly #statements = new Map<string, SQLite.Statement>();
  /** 60–80 KB each decoded: about 12 MB in all, enough for the days an analysis reads in several ranges. */
  readonly #decodedSamples = new DecodedChunks<SampleColumns>(64);
  readonly #decodedMinutes = new DecodedChunks<MinuteColumns>(64);
  readonly #decodedMeans = new DecodedChunks<MinuteColumns>(64);

  constructor(store: Store) {
    this.#db = store.db;
    this.#sqlite = store.sqlite;
  }

  get kind(): 'sqlite' | 'postgres' {
    return this.#sqlite ? 'sqlite' : 'postgres';
  }

  listChannels(): Promise<{ id: number; name: string }[]> {
    return this.#db.selectFrom('channels').select(['id', 'name']).orderBy('id').execute();
  }

  async insertChannels(rows: { id: number; name: string }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.#db
      .insertInto('channels')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** Writes raw samples and the rollup increments of one batch atomically; durable when it resolves. */
  async writeBatch(
    samples: readonly StoredSample[],
    rollups: Record<RollupLevel, RollupRow[]>,
  ): Promise<void> {
    const sqlite = this.#sqlite;
    if (sqlite) {
      sqlite.transaction(() => {
        this.#sqliteInsertSamples(sqlite, samples);
        for (const level of ['1m', '1h', '1d'] as const)
          this.#sqliteUpsertRollups(sqlite, level, rollups[level]);
      })();
      return;
    }
    await this.#db.transaction().execute(async (trx) => {
      await pgInsertSamples(trx, samples);
      for (const level of ['1m', '1h', '1d'] as const) await pgUpsertRollups(trx, level, rollups[level]);
    });
  }

  /** Merges rollup rows into their levels in one transaction (bulk history, e.g. the simulator's backfill). */
  async upsertRollups(rollups: Partial<Record<RollupLevel, RollupRow[]>>): Promise<void> {
    const sqlite = this.#sqlite;
    if (sqlite) {
      sqlite.transaction(() => {
        for (const [level, rows] of Object.entries(rollups)) {
          this.#sqliteUpsertRollups(sqlite, level as RollupLevel, rows);
        }
      })();
      return;
    }
    await this.#db.transaction().execute(async (trx) => {
      for (const [level, rows] of Object.entries(rollups))
        await pgUpsertRollups(trx, level as RollupLevel, rows);
    });
  }

  /**
   * Writes packed rollup blocks (see bulk-history.ts) in one transaction: `insert` for rows known to
   * be new (a plain insert, faster), `merge` to add them to stored buckets like live ingest does.
   */
  async writeRollupBlocks(
    blocks: Partial<Record<RollupLevel, readonly RollupBlock[]>>,
    mode: Partial<Record<RollupLevel, 'insert' | 'merge'>>,
  ): Promise<void> {
    const levels = Object.entries(blocks) as [RollupLevel, readonly RollupBlock[]][];
    const sqlite = this.#sqlite;
    if (sqlite) {
      sqlite.transaction(() => {
        for (const [level, list] of levels)
          for (const block of list) this.#sqliteWriteBlock(level, block, mode[level] ?? 'merge');
      })();
      return;
    }
    await this.#db.transaction().execute(async (trx) => {
      for (const [level, list] of levels) {
        const rows = list.flatMap(blockRows);
        if (rows.length > 0) await pgUpsertRollups(trx, level, rows);
      }
    });
  }

  /**
   * Bulk mode for a large fresh history: on SQLite a rollback journal instead of the WAL (new pages
   * are written once, not to the WAL and again at checkpoint); back to WAL when off. One connection
   * serves the whole process, so no other connection can hold the WAL open. No-op on PostgreSQL.
   */
  async setBulkMode(on: boolean): Promise<void> {
    this.#sqlite?.pragma(`journal_mode = ${on ? 'DELETE' : 'WAL'}`);
  }

  /** Replaces `level` (1h or 1d) buckets in [fromS, toS) by aggregating the 1-min rollups in SQL. */
  async rebuildFromMinutes(level: '1h' | '1d', fromS: number, toS: number): Promise<void> {
    const width = level === '1h' ? 3600 : 86_400;
    if (this.#sqlite && this.#anyChunk('minute_chunks', MINUTE_CHUNK_S, fromS, toS)) {
      await this.#rebuildFromMinuteChunks(level, width, fromS, toS);
      return;
    }
    const table = sql.table(rollupTable(level));
    await this.#db.transaction().execute(async (trx) => {
      await sql`delete from ${table} where t >= ${fromS} and t < ${toS}`.execute(trx);
      // `last` of a bucket is the last of its latest minute: join back on max(last_t).
      await sql`
        insert into ${table} (channel_id, t, n, v_sum, v_min, v_max, v_last, last_t)
        select g.channel_id, g.bt, g.n, g.s, g.mn, g.mx,
          (select m2.v_last from rollup_1m m2
            where m2.channel_id = g.channel_id and m2.t >= g.bt and m2.t < g.bt + ${width} and m2.last_t = g.lt
            limit 1),
          g.lt
        from (
          select channel_id, t - (t % ${width}) as bt, sum(n) as n, sum(v_sum) as s, min(v_min) as mn,
            max(v_max) as mx, max(last_t) as lt
          from rollup_1m where t >= ${fromS} and t < ${toS}
          group by channel_id, bt
        ) g`.execute(trx);
    });
  }

  /** Downsampled buckets of `width` ms (raw) over [fromMs, toMs). */
  async rawBuckets(channelId: number, fromMs: number, toMs: number, widthMs: number): Promise<BucketRow[]> {
    const merged = this.#samplesIn(channelId, fromMs, toMs);
    if (merged)
      return bucketsOf(merged.t, fromMs, widthMs, (i, b) =>
        b.add(1, merged.v[i]!, merged.v[i]!, merged.v[i]!),
      );
    const r = await sql<BucketRow>`
      select cast((t - ${fromMs}) / ${widthMs} as integer) as b, count(*) as n, sum(value) as sum, min(value) as min, max(value) as max
      from samples where channel_id = ${channelId} and t >= ${fromMs} and t < ${toMs}
      group by b order by b`.execute(this.#db);
    return r.rows.map(numericBucket);
  }

  /** Downsampled buckets of `width` s over [fromS, toS) of one rollup level. */
  async rollupBuckets(
    level: RollupLevel,
    channelId: number,
    fromS: number,
    toS: number,
    widthS: number,
  ): Promise<BucketRow[]> {
    const merged = level === '1m' ? this.#minutesIn(channelId, fromS, toS) : undefined;
    if (merged)
      return bucketsOf(merged.t, fromS, widthS, (i, b) =>
        b.add(merged.n[i]!, merged.sum[i]!, merged.min[i]!, merged.max[i]!),
      );
    const table = sql.table(rollupTable(level));
    const r = await sql<BucketRow>`
      select cast((t - ${fromS}) / ${widthS} as integer) as b, sum(n) as n, sum(v_sum) as sum, min(v_min) as min, max(v_max) as max
      from ${table} where channel_id = ${channelId} and t >= ${fromS} and t < ${toS}
      group by b order by b`.execute(this.#db);
    return r.rows.map(numericBucket);
  }

  /** Rollup rows of one channel in [fromS, toS), in time order. */
  async rollupRows(level: RollupLevel, channelId: number, fromS: number, toS: number): Promise<RollupRow[]> {
    const merged = level === '1m' ? this.#minutesIn(channelId, fromS, toS) : undefined;
    if (merged) return Array.from(merged.t, (_t, i) => minuteRow(channelId, merged, i));
    const rows = await this.#db
      .selectFrom(rollupTable(level))
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('t', '>=', fromS)
      .where('t', '<', toS)
      .orderBy('t')
      .execute();
    return rows.map((r) => ({
      channelId: r.channel_id,
      t: Number(r.t),
      n: Number(r.n),
      sum: r.v_sum,
      min: r.v_min,
      max: r.v_max,
      last: r.v_last,
      lastT: Number(r.last_t),
    }));
  }

  /**
   * Bucket means (`v_sum / n`) of one channel in [fromS, toS), in time order, as two typed arrays: the bulk read of
   * the analyses (a year of minutes is half a million rows; objects per row cost more than the read itself).
   */
  async rollupMeans(
    level: RollupLevel,
    channelId: number,
    fromS: number,
    toS: number,
  ): Promise<{ t: Float64Array; v: Float64Array }> {
    const merged = level === '1m' ? this.#minutesIn(channelId, fromS, toS, false, true) : undefined;
    if (merged) return { t: merged.t, v: merged.sum.map((sum, i) => sum / merged.n[i]!) };
    if (this.#sqlite) {
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
    const rows = await this.rollupRows(level, channelId, fromS, toS);
    return {
      t: Float64Array.from(rows, (r) => r.t),
      v: Float64Array.from(rows, (r) => r.sum / r.n),
    };
  }

  /** The newest raw sample of a channel, else the last of its newest 1-min rollup. */
  async latest(channelId: number): Promise<{ t: number; value: number } | undefined> {
    if (this.#sqlite) return this.#sqliteLatest(channelId);
    const raw = await this.#db
      .selectFrom('samples')
      .select(['t', 'value'])
      .where('channel_id', '=', channelId)
      .orderBy('t', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (raw) return { t: Number(raw.t), value: raw.value };
    const minute = await this.#db
      .selectFrom('rollup_1m')
      .select(['last_t', 'v_last'])
      .where('channel_id', '=', channelId)
      .orderBy('t', 'desc')
      .limit(1)
      .executeTakeFirst();
    return minute ? { t: Number(minute.last_t), value: minute.v_last } : undefined;
  }

  /** Raw samples of one channel in [fromMs, toMs), in time order. */
  async rawSamples(channelId: number, fromMs: number, toMs: number): Promise<StoredSample[]> {
    const merged = this.#samplesIn(channelId, fromMs, toMs);
    if (merged) return Array.from(merged.t, (t, i) => ({ channelId, t, value: merged.v[i]! }));
    const rows = await this.#db
      .selectFrom('samples')
      .select(['t', 'value'])
      .where('channel_id', '=', channelId)
      .where('t', '>=', fromMs)
      .where('t', '<', toMs)
      .orderBy('t')
      .execute();
    return rows.map((r) => ({ channelId, t: Number(r.t), value: r.value }));
  }

  /** Deletes minute rollups before `beforeS` (epoch seconds), one channel's key range at a time. */
  async pruneMinutes(channelIds: readonly number[], beforeS: number): Promise<number> {
    if (this.#sqlite) return this.#sqlitePrune('minutes', channelIds, beforeS);
    let deleted = 0;
    for (const id of channelIds) {
      const r = await this.#db
        .deleteFrom('rollup_1m')
        .where('channel_id', '=', id)
        .where('t', '<', beforeS)
        .executeTakeFirst();
      deleted += Number(r.numDeletedRows);
    }
    return deleted;
  }

  /** Deletes raw samples older than `beforeMs`, channel by channel so each delete is a key-range scan. */
  async pruneRaw(channelIds: readonly number[], beforeMs: number): Promise<number> {
    if (this.#sqlite) return this.#sqlitePrune('raw', channelIds, beforeMs);
    let deleted = 0;
    for (const id of channelIds) {
      const r = await this.#db
        .deleteFrom('samples')
        .where('channel_id', '=', id)
        .where('t', '<', beforeMs)
        .executeTakeFirst();
      deleted += Number(r.numDeletedRows);
    }
    return deleted;
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
        await breathe();
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
        await breathe();
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

  #anyChunk(table: 'sample_chunks' | 'minute_chunks', period: number, from: number, to: number): boolean {
    return (
      this.#statement(
        `any:${table}`,
        () => `select 1 from ${table} where t0 >= ? and t0 < ? and t1 >= ? limit 1`,
      ).get(Math.floor(from / period) * period, to, from) !== undefined
    );
  }

  /** Raw samples of one channel in [fromMs, toMs) from chunks and hot rows; undefined when no chunk holds any. */
  #samplesIn(channelId: number, fromMs: number, toMs: number): SampleColumns | undefined {
    if (!this.#sqlite) return undefined;
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
  #minutesIn(
    channelId: number,
    fromS: number,
    toS: number,
    always = false,
    meansOnly = false,
  ): MinuteColumns | undefined {
    if (!this.#sqlite) return undefined;
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
  #sqliteLatest(channelId: number): { t: number; value: number } | undefined {
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
  async #sqlitePrune(
    what: 'raw' | 'minutes',
    channelIds: readonly number[],
    before: number,
  ): Promise<number> {
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
      await breathe();
    }
    return deleted;
  }

  /** {@link rebuildFromMinutes} when some of the minutes are in chunks: aggregated here, as the SQL path does. */
  async #rebuildFromMinuteChunks(
    level: '1h' | '1d',
    width: number,
    fromS: number,
    toS: number,
  ): Promise<void> {
    const sqlite = this.#sqlite!;
    const table = rollupTable(level);
    const ids = (await this.listChannels()).map((c) => c.id);
    const rows: RollupRow[] = [];
    for (const id of ids) {
      const m = this.#minutesIn(id, fromS, toS, true)!;
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

const numericBucket = (r: BucketRow): BucketRow => ({
  b: Number(r.b),
  n: Number(r.n),
  sum: Number(r.sum),
  min: Number(r.min),
  max: Number(r.max),
});

/** PostgreSQL rejects one statement updating a row twice, so the last sample per key wins here. */
async function pgInsertSamples(trx: Kysely<Database>, samples: readonly StoredSample[]): Promise<void> {
  if (samples.length === 0) return;
  const byKey = new Map<string, StoredSample>();
  for (const s of samples) byKey.set(`${s.channelId}:${s.t}`, s);
  const rows = [...byKey.values()];
  for (let i = 0; i < rows.length; i += 50_000) {
    const part = rows.slice(i, i + 50_000);
    await sql`
      insert into samples (channel_id, t, value)
      select * from unnest(${part.map((s) => s.channelId)}::integer[], ${part.map((s) => s.t)}::bigint[],
        ${part.map((s) => s.value)}::double precision[])
      on conflict (channel_id, t) do update set value = excluded.value`.execute(trx);
  }
}

async function pgUpsertRollups(
  trx: Kysely<Database>,
  level: RollupLevel,
  rows: readonly RollupRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const table = sql.table(rollupTable(level));
  for (let i = 0; i < rows.length; i += 50_000) {
    const part = rows.slice(i, i + 50_000);
    await sql`
      insert into ${table} as r (channel_id, t, n, v_sum, v_min, v_max, v_last, last_t)
      select * from unnest(
        ${part.map((x) => x.channelId)}::integer[], ${part.map((x) => x.t)}::bigint[], ${part.map((x) => x.n)}::integer[],
        ${part.map((x) => x.sum)}::double precision[], ${part.map((x) => x.min)}::double precision[],
        ${part.map((x) => x.max)}::double precision[], ${part.map((x) => x.last)}::double precision[],
        ${part.map((x) => x.lastT)}::bigint[])
      on conflict (channel_id, t) do update set
        n = r.n + excluded.n,
        v_sum = r.v_sum + excluded.v_sum,
        v_min = least(r.v_min, excluded.v_min),
        v_max = greatest(r.v_max, excluded.v_max),
        v_last = case when excluded.last_t >= r.last_t then excluded.v_last else r.v_last end,
        last_t = greatest(r.last_t, excluded.last_t)`.execute(trx);
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

/** Unpacks a block into rows (the PostgreSQL path sends column arrays). */
function blockRows(block: RollupBlock): RollupRow[] {
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
class NeumaierSum {
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

class BucketSum {
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
function bucketsOf(
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

/** Merges two runs of samples in time order; a hot sample replaces a chunk's sample of the same time. */
function mergeSamples(cold: SampleColumns, hot: SampleColumns): SampleColumns {
  if (hot.t.length === 0) return cold;
  if (cold.t.length === 0) return hot;
  const t = new Float64Array(cold.t.length + hot.t.length);
  const v = new Float64Array(t.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < cold.t.length || j < hot.t.length) {
    const a = i < cold.t.length ? cold.t[i]! : Number.POSITIVE_INFINITY;
    const b = j < hot.t.length ? hot.t[j]! : Number.POSITIVE_INFINITY;
    if (a < b) {
      t[n] = a;
      v[n++] = cold.v[i++]!;
    } else {
      if (a === b) i++;
      t[n] = b;
      v[n++] = hot.v[j++]!;
    }
  }
  return { t: t.subarray(0, n), v: v.subarray(0, n) };
}

/** Merges two runs of minutes in time order; the same minute in both merges as the upsert does. */
function mergeMinutes(cold: MinuteColumns, hot: MinuteColumns): MinuteColumns {
  if (hot.t.length === 0) return cold;
  if (cold.t.length === 0) return hot;
  const out = emptyMinuteColumns(cold.t.length + hot.t.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < cold.t.length || j < hot.t.length) {
    const a = i < cold.t.length ? cold.t[i]! : Number.POSITIVE_INFINITY;
    const b = j < hot.t.length ? hot.t[j]! : Number.POSITIVE_INFINITY;
    if (a < b) copyMinute(cold, i++, out, n++);
    else if (b < a) copyMinute(hot, j++, out, n++);
    else {
      copyMinute(cold, i++, out, n);
      out.n[n] = out.n[n]! + hot.n[j]!;
      out.sum[n] = out.sum[n]! + hot.sum[j]!;
      if (hot.min[j]! < out.min[n]!) out.min[n] = hot.min[j]!;
      if (hot.max[j]! > out.max[n]!) out.max[n] = hot.max[j]!;
      if (hot.lastT[j]! >= out.lastT[n]!) {
        out.last[n] = hot.last[j]!;
        out.lastT[n] = hot.lastT[j]!;
      }
      j++;
      n++;
    }
  }
  return sliceMinutes(out, 0, n);
}

const MINUTE_KEYS = ['t', 'n', 'sum', 'min', 'max', 'last', 'lastT'] as const;
/** The columns a means-only read decodes (the others are zeros). */
const MEAN_KEYS = new Set<string>(['t', 'n', 'sum', 'lastT']);

/** The first index of sorted `t` whose value is ≥ `x`. */
function lowerBound(t: Float64Array, x: number): number {
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

function sliceMinutes(m: MinuteColumns, from: number, to: number): MinuteColumns {
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
function minuteColumnsOf(rows: number[][]): MinuteColumns {
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

function minuteRow(channelId: number, m: MinuteColumns, i: number): RollupRow {
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
