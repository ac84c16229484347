import type { Kysely } from 'kysely';
import { autoId, autoIdType } from '../portable.ts';

/**
 * The crew's ECA watch: control areas they add (a position with a radius or a range of positions; the boundary as
 * JSON) and the watch settings (distances, zones watched) as a history whose newest row is in use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('eca_custom_zones')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sulphur_limit', 'double precision', (c) => c.notNull())
    .addColumn('valid_from', 'text', (c) => c.notNull())
    .addColumn('valid_until', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .execute();
  await db.schema
    .createTable('eca_settings')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('eca_settings').ifExists().execute();
  await db.schema.dropTable('eca_custom_zones').ifExists().execute();
}
