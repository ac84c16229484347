import { type Kysely, sql } from 'kysely';
import { isSqlite, realType } from '../portable.ts';

/**
 * Telemetry: a channel table, raw samples and three rollup levels. The time-series tables are
 * narrow and clustered on (channel_id, t) — WITHOUT ROWID on SQLite — so bulk inserts and range
 * scans of one channel touch few pages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const withoutRowid = isSqlite(db) ? sql`without rowid` : sql``;
  await db.schema
    .createTable('channels')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable('samples')
    .addColumn('channel_id', 'integer', (c) => c.notNull())
    .addColumn('t', 'bigint', (c) => c.notNull())
    .addColumn('value', realType, (c) => c.notNull())
    .addPrimaryKeyConstraint('samples_pk', ['channel_id', 't'])
    .modifyEnd(withoutRowid)
    .execute();
  for (const level of ['1m', '1h', '1d']) {
    await db.schema
      .createTable(`rollup_${level}`)
      .addColumn('channel_id', 'integer', (c) => c.notNull())
      .addColumn('t', 'bigint', (c) => c.notNull())
      .addColumn('n', 'integer', (c) => c.notNull())
      .addColumn('v_sum', realType, (c) => c.notNull())
      .addColumn('v_min', realType, (c) => c.notNull())
      .addColumn('v_max', realType, (c) => c.notNull())
      .addColumn('v_last', realType, (c) => c.notNull())
      .addColumn('last_t', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint(`rollup_${level}_pk`, ['channel_id', 't'])
      .modifyEnd(withoutRowid)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['rollup_1d', 'rollup_1h', 'rollup_1m', 'samples', 'channels']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
