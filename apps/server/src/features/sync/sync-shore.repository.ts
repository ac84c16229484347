import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  bucketDigest,
  crewDigest,
  dayChecksums,
  type RecordMessage,
  type RollupMessage,
  rollupStreams,
} from './sync.sources.ts';

/** The shore's side of the sync: each ship's registration, records, rollups, reviews and dead letters, keyed by ship. */
export class ShoreRepository {
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
  transaction<T>(work: (repo: ShoreRepository) => Promise<T>): Promise<T> {
    return this.#db
      .transaction()
      .execute((trx) =>
        work(new ShoreRepository(trx, this.#postgres ? 'postgres' : 'sqlite', this.#partitions)),
      );
  }

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
