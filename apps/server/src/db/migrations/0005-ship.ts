import type { Kysely } from 'kysely';

/** Ship particulars (one row per ship; the vessel shape has one) and its start-info list. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ships')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('mmsi', 'text', (c) => c.notNull())
    .addColumn('imo_number', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('ship_type', 'text', (c) => c.notNull())
    .addColumn('deadweight_t', 'double precision', (c) => c.notNull())
    .addColumn('gross_tonnage', 'double precision')
    /** Every field of the contract's Ship as JSON, so new fields need no migration. */
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema
    .createTable('ship_start_info')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ship_id', 'text', (c) => c.notNull())
    .addColumn('change_type', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ship_start_info_ship_time')
    .on('ship_start_info')
    .columns(['ship_id', 'start_time'])
    .execute();
}
