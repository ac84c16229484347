import type { Kysely } from 'kysely';
import { autoId, autoIdType } from '../portable.ts';

/** Nameplate and reference data of each unit as the crew set them (JSON); every change kept, the newest in use. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('equipment_parameters')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('equipment_parameters').ifExists().execute();
}
