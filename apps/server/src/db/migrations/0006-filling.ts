import type { Kysely } from 'kysely';

/**
 * Voyage information filling records (departure, arrival, anchorage and drift start/end, bunkering,
 * barge-out). The entered fields are JSON in `data`; what reports select and order on is in columns.
 * `in_mrv`/`in_dcs` are 0/1 so both dialects filter them the same way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('filling_records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ship_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('event_time', 'text')
    .addColumn('voyage_number', 'text')
    .addColumn('in_mrv', 'integer', (c) => c.notNull())
    .addColumn('in_dcs', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text')
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema
    .createIndex('filling_records_ship_time')
    .on('filling_records')
    .columns(['ship_id', 'event_time'])
    .execute();
}
