import type SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { Store } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { ROLLUP_COLUMNS, type RollupBlock } from './bulk-history.ts';
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

/**
 * The telemetry tables. On SQLite the write paths use the raw better-sqlite3 handle with prepared
 * multi-row statements inside one synchronous transaction per batch (the ingest budget needs it);
 * on PostgreSQL they send `unnest` arrays, one statement per table. Reads go through Kysely.
 */
export class TelemetryRepository {
  readonly #db: Kysely<Database>;
  readonly #sqlite: SQLite.Database | undefined;
  readonly #statements = new Map<string, SQLite.Statement>();

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
    const table = sql.table(rollupTable(level));
    const r = await sql<BucketRow>`
      select cast((t - ${fromS}) / ${widthS} as integer) as b, sum(n) as n, sum(v_sum) as sum, min(v_min) as min, max(v_max) as max
      from ${table} where channel_id = ${channelId} and t >= ${fromS} and t < ${toS}
      group by b order by b`.execute(this.#db);
    return r.rows.map(numericBucket);
  }

  /** Rollup rows of one channel in [fromS, toS), in time order. */
  async rollupRows(level: RollupLevel, channelId: number, fromS: number, toS: number): Promise<RollupRow[]> {
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
    if (this.#sqlite) {
      const stmt = this.#statement(
        `means:${level}`,
        () =>
          `select t, v_sum / n from ${rollupTable(level)} where channel_id = ? and t >= ? and t < ? order by t`,
      ).raw(true);
      let t = new Float64Array(4096);
      let v = new Float64Array(4096);
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

  /** Deletes raw samples older than `beforeMs`, channel by channel so each delete is a key-range scan. */
  /** Deletes minute rollups before `beforeS` (epoch seconds), one channel's key range at a time. */
  async pruneMinutes(channelIds: readonly number[], beforeS: number): Promise<number> {
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

  async pruneRaw(channelIds: readonly number[], beforeMs: number): Promise<number> {
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
