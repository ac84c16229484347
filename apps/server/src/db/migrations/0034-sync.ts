import { type Kysely, sql } from 'kysely';
import { isSqlite, realType } from '../portable.ts';

/**
 * Ship-to-shore sync. The ship's outbox (`sync_items`), cursors (`sync_state`) and the shore's decisions received
 * (`sync_reviews`); the shore's tables keyed by ship (`fleet_*`). On PostgreSQL the shore's rollups are partitioned
 * by year of their bucket start (the sync creates each year's partition before it writes into it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sync_items')
    .addColumn('stream', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('sent_version', 'integer', (c) => c.notNull())
    .addColumn('digest', 'text', (c) => c.notNull())
    .addColumn('t', realType, (c) => c.notNull())
    .addColumn('pending', 'integer', (c) => c.notNull())
    .addColumn('queued_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sync_items_pk', ['stream', 'key'])
    .execute();
  await db.schema.createIndex('sync_items_pending').on('sync_items').columns(['pending', 't']).execute();
  await db.schema
    .createTable('sync_state')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sync_reviews')
    .addColumn('record_id', 'text', (c) => c.primaryKey())
    .addColumn('decision', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('record_digest', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('fleet_ships')
    .addColumn('ship_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text')
    .addColumn('last_contact_at', 'text')
    .execute();
  await db.schema
    .createTable('fleet_records')
    .addColumn('ship_id', 'text', (c) => c.notNull())
    .addColumn('stream', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('t', realType, (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('fleet_records_pk', ['ship_id', 'stream', 'key'])
    .execute();
  await db.schema
    .createIndex('fleet_records_ship_time')
    .on('fleet_records')
    .columns(['ship_id', 'stream', 't'])
    .execute();
  if (isSqlite(db)) {
    await db.schema
      .createTable('fleet_rollups')
      .addColumn('ship_id', 'text', (c) => c.notNull())
      .addColumn('level', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('t', 'integer', (c) => c.notNull())
      .addColumn('n', 'integer', (c) => c.notNull())
      .addColumn('v_sum', realType, (c) => c.notNull())
      .addColumn('v_min', realType, (c) => c.notNull())
      .addColumn('v_max', realType, (c) => c.notNull())
      .addColumn('v_last', realType, (c) => c.notNull())
      .addColumn('last_t', realType, (c) => c.notNull())
      .addPrimaryKeyConstraint('fleet_rollups_pk', ['ship_id', 'level', 'channel', 't'])
      .execute();
  } else {
    await sql`create table fleet_rollups (
      ship_id text not null, level text not null, channel text not null, t bigint not null, n integer not null,
      v_sum double precision not null, v_min double precision not null, v_max double precision not null,
      v_last double precision not null, last_t double precision not null,
      constraint fleet_rollups_pk primary key (ship_id, level, channel, t)
    ) partition by range (t)`.execute(db);
  }
  await db.schema
    .createTable('fleet_reviews')
    .addColumn('ship_id', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('decision', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('record_digest', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addPrimaryKeyConstraint('fleet_reviews_pk', ['ship_id', 'record_id'])
    .execute();
}
