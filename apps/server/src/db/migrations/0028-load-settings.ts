import type { Kysely } from 'kysely';
import { autoId, autoIdType } from '../portable.ts';

/** Generator load assistant settings (limits, priorities, reserve, delays) as JSON; every change kept, the newest in use. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('load_settings')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('load_settings').ifExists().execute();
}
