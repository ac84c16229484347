import { type Kysely, sql } from 'kysely';
import { KeyValues } from '../../db/key-values.ts';
import type { Database } from '../../db/schema.ts';
import { crewDigest, digestOf, type RecordSource, type ReviewMessage, timeOf } from './sync.sources.ts';

export interface PendingItem {
  stream: string;
  key: string;
  version: number;
  digest: string;
  t: number;
}

type Row = Record<string, unknown>;

/** The ship's side of the sync: the outbox of records and rollup buckets to send, its cursors, and the shore's decisions received. */
export class ShipOutboxRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  state(key: string): Promise<string | undefined> {
    return new KeyValues(this.#db, 'sync_state').get(key);
  }

  setState(key: string, value: string): Promise<void> {
    return new KeyValues(this.#db, 'sync_state').set(key, value);
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
}
