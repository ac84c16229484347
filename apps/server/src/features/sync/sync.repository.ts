import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  bucketDigest,
  crewDigest,
  dayChecksums,
  digestOf,
  type RecordMessage,
  type RecordSource,
  type ReviewMessage,
  type RollupMessage,
  rollupStreams,
  timeOf,
} from './sync.sources.ts';

export interface PendingItem {
  stream: string;
  key: string;
  version: number;
  digest: string;
  t: number;
}

type Row = Record<string, unknown>;

/** The ship's outbox, cursors and received decisions; the shore's tables keyed by ship. */
export class SyncRepository {
  readonly #db: Kysely<Database>;
  readonly #postgres: boolean;
  readonly #partitions: Set<number>;

  constructor(db: Kysely<Database>, kind: 'sqlite' | 'postgres', partitions = new Set<number>()) {
    this.#db = db;
    this.#postgres = kind === 'postgres';
    this.#partitions = partitions;
  }

  /**
   * Runs `work` in one transaction on a repository bound to it: the shore stores a batch of messages with one commit.
   * Make the rollups' partitions first (`ensurePartition`), outside it, so a rolled-back batch leaves none assumed.
   */
  transaction<T>(work: (repo: SyncRepository) => Promise<T>): Promise<T> {
    return this.#db
      .transaction()
      .execute((trx) =>
        work(new SyncRepository(trx, this.#postgres ? 'postgres' : 'sqlite', this.#partitions)),
      );
  }

  // ── ship ──────────────────────────────────────────────────────────────────

  async state(key: string): Promise<string | undefined> {
    const row = await this.#db
      .selectFrom('sync_state')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.value;
  }

  async setState(key: string, value: string): Promise<void> {
    await this.#db
      .insertInto('sync_state')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }

  /** Every row of a source table (the sync reads other features' tables whole, as they are stored). */
  async rows(table: string): Promise<Row[]> {
    const r = await sql<Row>`select * from ${sql.table(table)}`.execute(this.#db);
    return r.rows;
  }

  async row(table: string, id: string): Promise<Row | undefined> {
    const r = await sql<Row>`select * from ${sql.table(table)} where id = ${id}`.execute(this.#db);
    return r.rows[0];
  }

  /**
   * Compares a source's rows with what the outbox last saw and queues every new, changed or deleted row (a new
   * version each). Returns how many were queued.
   */
  async scan(source: RecordSource, now: string): Promise<number> {
    if ('appendOnly' in source) return this.#scanAppended(source, now);
    const rows = await this.rows(source.table);
    return this.#db.transaction().execute(async (trx) => {
      const known = new Map(
        (
          await trx
            .selectFrom('sync_items')
            .select(['key', 'digest', 'version', 'pending'])
            .where('stream', '=', source.stream)
            .execute()
        ).map((k) => [k.key, k]),
      );
      let queued = 0;
      const fresh: Database['sync_items'][] = [];
      for (const row of rows) {
        const key = String(row.id);
        const digest = digestOf(row);
        const t = timeOf(row[source.time]);
        const seen = known.get(key);
        known.delete(key);
        if (!seen) {
          fresh.push({
            stream: source.stream,
            key,
            version: 1,
            sent_version: 0,
            digest,
            t,
            pending: 1,
            queued_at: now,
          });
        } else if (seen.digest !== digest) {
          await this.#bump(trx, source.stream, key, digest, t, seen.pending ? undefined : now);
        } else continue;
        queued++;
      }
      for (const [key, seen] of known) {
        if (seen.digest === 'deleted') continue;
        await this.#bump(trx, source.stream, key, 'deleted', Date.parse(now), seen.pending ? undefined : now);
        queued++;
      }
      for (let i = 0; i < fresh.length; i += 500) {
        await trx
          .insertInto('sync_items')
          .values(fresh.slice(i, i + 500))
          .execute();
      }
      return queued;
    });
  }

  /** An append-only table: the rows past the cursor (its last id queued), a few thousand at a time. */
  async #scanAppended(source: RecordSource, now: string): Promise<number> {
    const cursorKey = `cursor.${source.stream}`;
    const after = Number((await this.state(cursorKey)) ?? 0);
    const r =
      await sql<Row>`select * from ${sql.table(source.table)} where id > ${after} order by id limit 5000`.execute(
        this.#db,
      );
    if (r.rows.length === 0) return 0;
    await this.#db.transaction().execute(async (trx) => {
      const items = r.rows.map((row) => ({
        stream: source.stream,
        key: String(row.id),
        version: 1,
        sent_version: 0,
        digest: digestOf(row),
        t: timeOf(row[source.time]),
        pending: 1,
        queued_at: now,
      }));
      for (let i = 0; i < items.length; i += 500) {
        await trx
          .insertInto('sync_items')
          .values(items.slice(i, i + 500))
          .onConflict((oc) => oc.columns(['stream', 'key']).doNothing())
          .execute();
      }
      await trx
        .insertInto('sync_state')
        .values({ key: cursorKey, value: String(r.rows.at(-1)?.id) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(r.rows.at(-1)?.id) }))
        .execute();
    });
    return r.rows.length;
  }

  async #bump(
    trx: Kysely<Database>,
    stream: string,
    key: string,
    digest: string,
    t: number,
    queuedAt: string | undefined,
  ) {
    await trx
      .updateTable('sync_items')
      .set((eb) => ({
        version: eb('version', '+', 1),
        digest,
        t,
        pending: 1,
        ...(queuedAt ? { queued_at: queuedAt } : {}),
      }))
      .where('stream', '=', stream)
      .where('key', '=', key)
      .execute();
  }

  /** Queues rollup buckets (their start, epoch s); one already known gets a new version (late data). */
  async queueBuckets(stream: string, starts: readonly number[], now: string): Promise<void> {
    if (starts.length === 0) return;
    await this.#db.transaction().execute(async (trx) => {
      for (let i = 0; i < starts.length; i += 500) {
        await trx
          .insertInto('sync_items')
          .values(
            starts.slice(i, i + 500).map((s) => ({
              stream,
              key: String(s),
              version: 1,
              sent_version: 0,
              digest: 'bucket',
              t: s * 1000,
              pending: 1,
              queued_at: now,
            })),
          )
          .onConflict((oc) =>
            oc
              .columns(['stream', 'key'])
              .doUpdateSet((eb) => ({ version: eb('sync_items.version', '+', 1), pending: 1 })),
          )
          .execute();
      }
    });
  }

  /**
   * A cheap fingerprint of the hourly and daily rollups in [fromS, toS) (rows, samples, their sum): when it moves, some
   * history changed (an import, a backfill still being written) and the ship reconciles with the shore again.
   */
  async rollupFingerprint(fromS: number, toS: number): Promise<string> {
    const parts: string[] = [];
    for (const table of ['rollup_1h', 'rollup_1d']) {
      const r = await sql<{ rows: number; n: number; total: number }>`select count(*) as rows,
        coalesce(sum(n), 0) as n, coalesce(sum(v_sum), 0) as total from ${sql.table(table)}
        where t >= ${fromS} and t < ${toS}`.execute(this.#db);
      const row = r.rows[0];
      parts.push(`${Number(row?.rows)}:${Number(row?.n)}:${Number(row?.total)}`);
    }
    return parts.join('|');
  }

  /** Everything is to be sent again (a new version each): the ship announces itself under a new IMO number. */
  async requeueAll(now: string): Promise<void> {
    await this.#db
      .updateTable('sync_items')
      .set((eb) => ({ version: eb('version', '+', 1), pending: 1, queued_at: now }))
      .where('digest', '!=', 'deleted')
      .execute();
  }

  /** Digests of rollup buckets as last sent, by bucket start; pending ones are left out (they are read afresh). */
  async sentBuckets(stream: string, fromS: number): Promise<Map<number, string>> {
    const rows = await this.#db
      .selectFrom('sync_items')
      .select(['key', 'digest'])
      .where('stream', '=', stream)
      .where('pending', '=', 0)
      .where('t', '>=', fromS * 1000)
      .execute();
    return new Map(rows.map((r) => [Number(r.key), r.digest]));
  }

  /** The newest waiting items first. */
  pending(limit: number): Promise<PendingItem[]> {
    return this.#db
      .selectFrom('sync_items')
      .select(['stream', 'key', 'version', 'digest', 't'])
      .where('pending', '=', 1)
      .orderBy('t', 'desc')
      .orderBy('stream')
      .orderBy('key')
      .limit(limit)
      .execute();
  }

  /**
   * The shore's JetStream has `version`: done, unless the row changed again meanwhile. A deletion stays as a
   * tombstone, so a row that comes back under the same id gets a higher version than any the shore has seen.
   */
  async sent(item: PendingItem, digest?: string): Promise<void> {
    await this.#db
      .updateTable('sync_items')
      .set((eb) => ({
        ...(digest ? { digest } : {}),
        sent_version: item.version,
        pending: eb.case().when('version', '=', item.version).then(0).else(1).end(),
      }))
      .where('stream', '=', item.stream)
      .where('key', '=', item.key)
      .execute();
  }

  async backlog(): Promise<{ count: number; oldestAt: string | null }> {
    const r = await this.#db
      .selectFrom('sync_items')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('queued_at').as('oldest')])
      .where('pending', '=', 1)
      .executeTakeFirstOrThrow();
    return { count: Number(r.n), oldestAt: r.oldest ?? null };
  }

  /**
   * Applies a decision of the shore. The shore owns verification: the decision is kept as sent. A record returned
   * for correction reopens (submitted → not submitted) if the crew's entries are still those it was made on;
   * nothing of the crew's entries changes.
   */
  async applyReview(review: ReviewMessage, now: string): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      const values = {
        decision: review.decision,
        comment: review.comment,
        decided_at: review.decidedAt,
        decided_by: review.decidedBy,
        record_digest: review.recordDigest,
        received_at: now,
      };
      await trx
        .insertInto('sync_reviews')
        .values({ record_id: review.recordId, ...values })
        .onConflict((oc) =>
          oc.column('record_id').doUpdateSet(values).where('sync_reviews.decided_at', '<=', review.decidedAt),
        )
        .execute();
      if (review.decision !== 'returned') return;
      const record = await trx
        .selectFrom('filling_records')
        .selectAll()
        .where('id', '=', review.recordId)
        .executeTakeFirst();
      if (record?.status !== 'submitted' || crewDigest(record) !== review.recordDigest) return;
      await trx
        .updateTable('filling_records')
        .set({ status: 'not_submitted', submitted_at: null })
        .where('id', '=', review.recordId)
        .execute();
    });
  }

  /** Decisions received, each with whether the crew changed the record since. */
  async shipReviews(): Promise<(Database['sync_reviews'] & { current_digest: string | null })[]> {
    const rows = await this.#db
      .selectFrom('sync_reviews')
      .selectAll()
      .orderBy('decided_at', 'desc')
      .execute();
    const records = await this.#db
      .selectFrom('filling_records')
      .select(['id', 'kind', 'event_time', 'voyage_number', 'data'])
      .where('id', 'in', rows.length > 0 ? rows.map((r) => r.record_id) : [''])
      .execute();
    const digests = new Map(records.map((r) => [r.id, crewDigest(r)]));
    return rows.map((r) => ({ ...r, current_digest: digests.get(r.record_id) ?? null }));
  }

  // ── shore ─────────────────────────────────────────────────────────────────

  /** Each named ship's status ashore (`registered`, `retired`); a ship not there is unknown. */
  async shipStatuses(shipIds: readonly string[]): Promise<Map<string, string>> {
    if (shipIds.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom('fleet_ships')
      .select(['ship_id', 'status'])
      .where('ship_id', 'in', [...shipIds])
      .execute();
    return new Map(rows.map((r) => [r.ship_id, r.status]));
  }

  /** An admin registers a ship (again, if it was retired): its messages are stored from now on. */
  async register(shipId: string, name: string | null): Promise<void> {
    await this.#db
      .insertInto('fleet_ships')
      .values({ ship_id: shipId, name, last_contact_at: null, status: 'registered', reconciled_at: null })
      .onConflict((oc) =>
        oc.column('ship_id').doUpdateSet((eb) => ({
          status: 'registered',
          name: name ?? eb.ref('fleet_ships.name'),
        })),
      )
      .execute();
  }

  /** An admin retires a ship: its data ashore goes, its later messages are dropped. False: no such ship. */
  async retire(shipId: string): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('fleet_ships')
        .set({ status: 'retired', reconciled_at: null, last_contact_at: null })
        .where('ship_id', '=', shipId)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) return false;
      for (const table of [
        'fleet_records',
        'fleet_rollups',
        'fleet_reviews',
        'fleet_dead_letters',
      ] as const) {
        await trx.deleteFrom(table).where('ship_id', '=', shipId).execute();
      }
      return true;
    });
  }

  async countRefused(shipId: string): Promise<void> {
    await this.#db
      .updateTable('fleet_ships')
      .set((eb) => ({ refused: eb('refused', '+', 1) }))
      .where('ship_id', '=', shipId)
      .execute();
  }

  async reconciled(shipId: string, at: string | null): Promise<void> {
    await this.#db
      .updateTable('fleet_ships')
      .set({ reconciled_at: at })
      .where('ship_id', '=', shipId)
      .execute();
  }

  async deadLetter(letter: Omit<Database['fleet_dead_letters'], 'id'>): Promise<void> {
    await this.#db.insertInto('fleet_dead_letters').values(letter).execute();
  }

  /** Dead letters, oldest first: by id, or of one ship, or all (at most `limit`). */
  deadLetters(filter: { ids?: readonly number[]; shipId?: string; limit?: number }) {
    let q = this.#db.selectFrom('fleet_dead_letters').selectAll().orderBy('id');
    if (filter.ids) q = q.where('id', 'in', filter.ids.length > 0 ? [...filter.ids] : [-1]);
    if (filter.shipId !== undefined) q = q.where('ship_id', '=', filter.shipId);
    return q.limit(filter.limit ?? 10_000).execute();
  }

  async dropDeadLetters(ids: readonly number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const r = await this.#db
      .deleteFrom('fleet_dead_letters')
      .where('id', 'in', [...ids])
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async deadLetterRetried(id: number, detail: string): Promise<void> {
    await this.#db
      .updateTable('fleet_dead_letters')
      .set((eb) => ({ detail, deliveries: eb('deliveries', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  /** Per ship: how many dead letters wait and since when. */
  async deadLetterSummary(): Promise<Map<string, { count: number; oldestAt: string | null }>> {
    const rows = await this.#db
      .selectFrom('fleet_dead_letters')
      .select((eb) => ['ship_id', eb.fn.countAll<number>().as('n'), eb.fn.min('at').as('oldest')])
      .groupBy('ship_id')
      .orderBy('ship_id')
      .execute();
    return new Map(rows.map((r) => [r.ship_id, { count: Number(r.n), oldestAt: r.oldest ?? null }]));
  }

  /** The shore's per-day checksums of a ship's hourly and daily buckets in [fromS, toS), as the ship makes them. */
  async dayChecksums(shipId: string, fromS: number, toS: number): Promise<Map<number, string>> {
    const digests: [string, number, string][] = [];
    const CHUNK_S = 30 * 86_400;
    for (let a = fromS; a < toS; a += CHUNK_S) {
      const rows = await this.#db
        .selectFrom('fleet_rollups')
        .select(['level', 'channel', 't', 'n', 'v_sum', 'v_min', 'v_max', 'v_last', 'last_t'])
        .where('ship_id', '=', shipId)
        .where('level', 'in', ['1h', '1d'])
        .where('t', '>=', a)
        .where('t', '<', Math.min(toS, a + CHUNK_S))
        .orderBy('level')
        .orderBy('t')
        .orderBy('channel')
        .execute();
      const buckets = new Map<string, RollupMessage['rows']>();
      for (const r of rows) {
        const key = `rollup_${r.level}:${Number(r.t)}`;
        const list = buckets.get(key) ?? [];
        if (list.length === 0) buckets.set(key, list);
        list.push([
          r.channel,
          Number(r.n),
          Number(r.v_sum),
          Number(r.v_min),
          Number(r.v_max),
          Number(r.v_last),
          Number(r.last_t),
        ]);
      }
      for (const [key, list] of buckets) {
        const [stream = '', t = '0'] = key.split(':');
        digests.push([stream, Number(t), bucketDigest(list)]);
      }
    }
    return dayChecksums(digests);
  }

  async touchShip(shipId: string, at: string, name?: string | null): Promise<void> {
    await this.#db
      .insertInto('fleet_ships')
      .values({ ship_id: shipId, name: name ?? null, last_contact_at: at })
      .onConflict((oc) =>
        oc.column('ship_id').doUpdateSet((eb) => ({
          // The latest contact stays: an older message stored later does not move it back.
          last_contact_at: eb
            .case()
            .when(
              eb.or([
                eb('fleet_ships.last_contact_at', 'is', null),
                eb('fleet_ships.last_contact_at', '<', at),
              ]),
            )
            .then(at)
            .else(eb.ref('fleet_ships.last_contact_at'))
            .end(),
          name: name === undefined ? eb.ref('fleet_ships.name') : name,
        })),
      )
      .execute();
  }

  /** Natural-key upsert: a redelivered or older version changes nothing. */
  async upsertRecord(m: RecordMessage, now: string): Promise<void> {
    const values = {
      version: m.version,
      t: m.t,
      deleted: m.deleted ? 1 : 0,
      data: m.row ? JSON.stringify(m.row) : '{}',
      received_at: now,
    };
    await this.#db
      .insertInto('fleet_records')
      .values({ ship_id: m.ship, stream: m.stream, key: m.key, ...values })
      .onConflict((oc) =>
        oc
          .columns(['ship_id', 'stream', 'key'])
          .doUpdateSet(values)
          .where('fleet_records.version', '<', m.version),
      )
      .execute();
  }

  async upsertRollups(m: RollupMessage, receivedAt: number): Promise<void> {
    if (m.rows.length === 0) return;
    await this.#ensurePartition(m.t);
    const level = rollupStreams.find((r) => r.stream === m.stream)!.level;
    await this.#db
      .insertInto('fleet_rollups')
      .values(
        m.rows.map(([channel, n, sum, min, max, last, lastT, t]) => ({
          ship_id: m.ship,
          level,
          channel,
          // A minute row says its own minute; an hour's or a day's is the message's bucket.
          t: t ?? m.t,
          n,
          v_sum: sum,
          v_min: min,
          v_max: max,
          v_last: last,
          last_t: lastT,
          received_at: receivedAt,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['ship_id', 'level', 'channel', 't']).doUpdateSet((eb) => ({
          received_at: eb.ref('excluded.received_at'),
          n: eb.ref('excluded.n'),
          v_sum: eb.ref('excluded.v_sum'),
          v_min: eb.ref('excluded.v_min'),
          v_max: eb.ref('excluded.v_max'),
          v_last: eb.ref('excluded.v_last'),
          last_t: eb.ref('excluded.last_t'),
        })),
      )
      .execute();
  }

  /** PostgreSQL: the year's partition of the shore's rollups, made before the first row of that year. */
  ensurePartition(tS: number): Promise<void> {
    return this.#ensurePartition(tS);
  }

  async #ensurePartition(tS: number): Promise<void> {
    const year = new Date(tS * 1000).getUTCFullYear();
    if (this.#partitions.has(year)) return;
    if (this.#postgres) {
      const from = Date.UTC(year, 0, 1) / 1000;
      const to = Date.UTC(year + 1, 0, 1) / 1000;
      await sql`create table if not exists ${sql.table(`fleet_rollups_y${year}`)} partition of fleet_rollups
        for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(this.#db);
    }
    this.#partitions.add(year);
  }

  async fleetShips(): Promise<
    {
      ship_id: string;
      name: string | null;
      last_contact_at: string | null;
      status: string;
      refused: number;
      reconciled_at: string | null;
      records: number;
      rollups: number;
    }[]
  > {
    const ships = await this.#db.selectFrom('fleet_ships').selectAll().orderBy('ship_id').execute();
    const records = await this.#db
      .selectFrom('fleet_records')
      .select((eb) => ['ship_id', eb.fn.countAll<number>().as('n')])
      .where('deleted', '=', 0)
      .groupBy('ship_id')
      .execute();
    const rollups = await this.#db
      .selectFrom('fleet_rollups')
      .select((eb) => ['ship_id', eb.fn.countAll<number>().as('n')])
      .groupBy('ship_id')
      .execute();
    const r = new Map(records.map((x) => [x.ship_id, Number(x.n)]));
    const b = new Map(rollups.map((x) => [x.ship_id, Number(x.n)]));
    return ships.map((s) => ({ ...s, records: r.get(s.ship_id) ?? 0, rollups: b.get(s.ship_id) ?? 0 }));
  }

  fleetRecord(shipId: string, stream: string, key: string) {
    return this.#db
      .selectFrom('fleet_records')
      .selectAll()
      .where('ship_id', '=', shipId)
      .where('stream', '=', stream)
      .where('key', '=', key)
      .executeTakeFirst();
  }

  /** Records a decision (a new `seq` per record), not yet sent. */
  async decide(
    review: Omit<Database['fleet_reviews'], 'seq' | 'sent_at'>,
  ): Promise<Database['fleet_reviews']> {
    const prior = await this.#db
      .selectFrom('fleet_reviews')
      .select('seq')
      .where('ship_id', '=', review.ship_id)
      .where('record_id', '=', review.record_id)
      .executeTakeFirst();
    const row = { ...review, seq: (prior?.seq ?? 0) + 1, sent_at: null };
    await this.#db
      .insertInto('fleet_reviews')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['ship_id', 'record_id']).doUpdateSet({ ...review, seq: row.seq, sent_at: null }),
      )
      .execute();
    return row;
  }

  unsentReviews() {
    return this.#db.selectFrom('fleet_reviews').selectAll().where('sent_at', 'is', null).execute();
  }

  async reviewSent(shipId: string, recordId: string, seq: number, at: string): Promise<void> {
    await this.#db
      .updateTable('fleet_reviews')
      .set({ sent_at: at })
      .where('ship_id', '=', shipId)
      .where('record_id', '=', recordId)
      .where('seq', '=', seq)
      .execute();
  }

  async fleetReviews(shipId: string | undefined) {
    let q = this.#db
      .selectFrom('fleet_reviews as r')
      .leftJoin('fleet_records as f', (j) =>
        j
          .onRef('f.ship_id', '=', 'r.ship_id')
          .onRef('f.key', '=', 'r.record_id')
          .on('f.stream', '=', 'filling'),
      )
      .select([
        'r.ship_id',
        'r.record_id',
        'r.decision',
        'r.comment',
        'r.record_digest',
        'r.decided_at',
        'r.decided_by',
        'f.data',
      ])
      .orderBy('r.decided_at', 'desc');
    if (shipId) q = q.where('r.ship_id', '=', shipId);
    const rows = await q.execute();
    return rows.map((r) => ({
      ...r,
      current_digest: r.data ? crewDigest(JSON.parse(r.data) as Parameters<typeof crewDigest>[0]) : null,
    }));
  }
}
