import type { Kysely } from 'kysely';
import { autoId, autoIdType, realType } from '../portable.ts';

/** The crew's records: bunker deliveries, oil changes, hull cleanings. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bunker_records')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('port', 'text', (c) => c.notNull())
    .addColumn('fuel_type', 'text', (c) => c.notNull())
    .addColumn('quantity_t', realType, (c) => c.notNull())
    .addColumn('supplier', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('tank_number', 'text', (c) => c.notNull())
    .addColumn('sulphur_pct', realType)
    .addColumn('bdn_number', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('oil_change_records')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('equipment', 'text', (c) => c.notNull())
    .addColumn('oil_type_before', 'text', (c) => c.notNull())
    .addColumn('oil_type_after', 'text', (c) => c.notNull())
    .addColumn('latitude', realType)
    .addColumn('longitude', realType)
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('operator', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('hull_cleaning_records')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('place', 'text', (c) => c.notNull())
    .addColumn('latitude', realType)
    .addColumn('longitude', realType)
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  for (const table of ['bunker_records', 'oil_change_records', 'hull_cleaning_records']) {
    await db.schema.createIndex(`${table}_start_time`).on(table).columns(['start_time']).execute();
  }
}
