import type { Kysely } from 'kysely';
import { autoId, autoIdType } from '../portable.ts';

/** Imported vendor trim tables (the CSV as uploaded); the newest one is in use. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trim_tables')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('csv', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('trim_tables').ifExists().execute();
}
