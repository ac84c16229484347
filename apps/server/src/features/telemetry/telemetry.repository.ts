import { type Kysely, sql } from 'kysely';
import type { Store } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import type { RollupBlock } from './bulk-history.ts';
import type { RollupLevel, RollupRow } from './rollup.ts';
import {
  type BucketRow,
  blockRows,
  bucketsOf,
  minuteRow,
  numericBucket,
  type StoredSample,
} from './telemetry.columns.ts';
import { pgInsertSamples, pgUpsertRollups, rollupTable } from './telemetry-pg.repository.ts';
import { MINUTE_CHUNK_S, SqliteTelemetryStore } from './telemetry-sqlite.repository.ts';

export type { BucketRow, StoredSample } from './telemetry.columns.ts';
export { MINUTE_CHUNK_S, RAW_CHUNK_MS } from './telemetry-sqlite.repository.ts';

/**
 * The telemetry tables: channels, raw samples and their 1-minute, hourly and daily rollups, on either store. On
 * SQLite the writes and the chunk store go through {@link SqliteTelemetryStore} (telemetry-sqlite.repository.ts: the
 * raw better-sqlite3 handle, and closed hours and days compressed into chunks that every read merges with the hot
 * rows); on PostgreSQL the writes send `unnest` arrays (telemetry-pg.repository.ts) and rows stay plain. Reads that
 * are the same SQL on both go through Kysely here, so callers see the same answers either way.
 */
export class TelemetryRepository {
  readonly #db: Kysely<Database>;
  readonly #sqlite: SqliteTelemetryStore | undefined;

  constructor(store: Store) {
    this.#db = store.db;
    this.#sqlite = store.sqlite ? new SqliteTelemetryStore(store.sqlite) : undefined;
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
    if (this.#sqlite) {
      this.#sqlite.writeBatch(samples, rollups);
      return;
    }
    await this.#db.transaction().execute(async (trx) => {
      await pgInsertSamples(trx, samples);
      for (const level of ['1m', '1h', '1d'] as const) await pgUpsertRollups(trx, level, rollups[level]);
    });
  }

  /** Merges rollup rows into their levels in one transaction (bulk history, e.g. the simulator's backfill). */
  async upsertRollups(rollups: Partial<Record<RollupLevel, RollupRow[]>>): Promise<void> {
    if (this.#sqlite) {
      this.#sqlite.upsertRollups(rollups);
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
    if (this.#sqlite) {
      this.#sqlite.writeRollupBlocks(levels, mode);
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
    this.#sqlite?.setBulkMode(on);
  }

  /** Replaces `level` (1h or 1d) buckets in [fromS, toS) by aggregating the 1-min rollups in SQL. */
  async rebuildFromMinutes(level: '1h' | '1d', fromS: number, toS: number): Promise<void> {
    const width = level === '1h' ? 3600 : 86_400;
    if (this.#sqlite?.anyChunk('minute_chunks', MINUTE_CHUNK_S, fromS, toS)) {
      const ids = (await this.listChannels()).map((c) => c.id);
      await this.#sqlite.rebuildFromMinuteChunks(level, width, fromS, toS, ids);
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
    const merged = this.#sqlite?.samplesIn(channelId, fromMs, toMs);
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
    const merged = level === '1m' ? this.#sqlite?.minutesIn(channelId, fromS, toS) : undefined;
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
    const merged = level === '1m' ? this.#sqlite?.minutesIn(channelId, fromS, toS) : undefined;
    if (merged) return Array.from(merged.t, (_t, i) => minuteRow(channelId, merged, i));
    // Selected under the row's own names: SQLite's rows are the answer as they come (one object a row, not two; a
    // year of hours is read often); PostgreSQL answers its 64-bit integers as strings, made numbers here.
    const rows: RollupRow[] = await this.#db
      .selectFrom(rollupTable(level))
      .select(['channel_id as channelId', 't', 'n', 'v_sum as sum', 'v_min as min', 'v_max as max'])
      .select(['v_last as last', 'last_t as lastT'])
      .where('channel_id', '=', channelId)
      .where('t', '>=', fromS)
      .where('t', '<', toS)
      .orderBy('t')
      .execute();
    if (this.#sqlite) return rows;
    return rows.map((r) => ({ ...r, t: Number(r.t), n: Number(r.n), lastT: Number(r.lastT) }));
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
    if (this.#sqlite) return this.#sqlite.means(level, channelId, fromS, toS);
    const rows = await this.rollupRows(level, channelId, fromS, toS);
    return {
      t: Float64Array.from(rows, (r) => r.t),
      v: Float64Array.from(rows, (r) => r.sum / r.n),
    };
  }

  /** The newest raw sample of a channel, else the last of its newest 1-min rollup. */
  async latest(channelId: number): Promise<{ t: number; value: number } | undefined> {
    if (this.#sqlite) return this.#sqlite.latest(channelId);
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
    const merged = this.#sqlite?.samplesIn(channelId, fromMs, toMs);
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
    if (this.#sqlite) return this.#sqlite.prune('minutes', channelIds, beforeS);
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
    if (this.#sqlite) return this.#sqlite.prune('raw', channelIds, beforeMs);
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
   * Moves raw samples of closed hours before `beforeMs` (a multiple of an hour) into one chunk per channel and hour
   * (SQLite; see telemetry-sqlite.repository.ts). Returns the samples moved; 0 on PostgreSQL, which keeps plain rows.
   */
  compactRaw(channelIds: readonly number[], beforeMs: number): Promise<number> {
    return this.#sqlite ? this.#sqlite.compactRaw(channelIds, beforeMs) : Promise.resolve(0);
  }

  /** Moves minute rollups of closed days before `beforeS` into one chunk per channel and day (0 on PostgreSQL). */
  compactMinutes(channelIds: readonly number[], beforeS: number): Promise<number> {
    return this.#sqlite ? this.#sqlite.compactMinutes(channelIds, beforeS) : Promise.resolve(0);
  }
}
