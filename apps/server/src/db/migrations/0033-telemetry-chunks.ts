import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../portable.ts';

/**
 * Telemetry chunks: closed hours of one channel's raw samples and closed days of its minute rollups,
 * compressed into one row each (features/telemetry/chunk-codec.ts). `samples` and `rollup_1m` stay the hot
 * buffer that ingest writes; a job moves closed periods here. Ordinary rowid tables on SQLite (not WITHOUT
 * ROWID): a blob larger than a page then fills its overflow pages, where an index b-tree would spill most of
 * a kilobyte into a part-empty last page. Existing rows stay where they are and are compacted by the job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const blob = isSqlite(db) ? 'blob' : sql`bytea`;
  for (const table of ['sample_chunks', 'minute_chunks']) {
    await db.schema
      .createTable(table)
      .addColumn('channel_id', 'integer', (c) => c.notNull())
      .addColumn('t0', 'bigint', (c) => c.notNull())
      .addColumn('t1', 'bigint', (c) => c.notNull())
      .addColumn('n', 'integer', (c) => c.notNull())
      .addColumn('data', blob, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['channel_id', 't0'])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['minute_chunks', 'sample_chunks'])
    await db.schema.dropTable(table).ifExists().execute();
}
