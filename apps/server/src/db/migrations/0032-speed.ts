import type { Kysely } from 'kysely';
import { autoId, autoIdType, realType } from '../portable.ts';

/**
 * Speed optimisation: voyage plans (every version kept, the newest in use), the ship and loading status the crew
 * sets, the rpm advice as it was given (for its history) and the crew's decisions on it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('voyage_plans')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('voyage_no', 'text', (c) => c.notNull())
    .addColumn('etd', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema
    .createTable('ship_conditions')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('ship_status', 'integer', (c) => c.notNull())
    .addColumn('loading_status', 'integer', (c) => c.notNull())
    .addColumn('cargo_t', realType, (c) => c.notNull())
    .addColumn('set_at', 'text', (c) => c.notNull())
    .addColumn('set_by', 'text')
    .execute();
  await db.schema
    .createTable('rpm_advice')
    .addColumn('t', 'bigint', (c) => c.primaryKey())
    .addColumn('advised_rpm', realType, (c) => c.notNull())
    .addColumn('actual_rpm', realType)
    .execute();
  await db.schema
    .createTable('rpm_adjustments')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('decision', 'text', (c) => c.notNull())
    .addColumn('rpm', realType, (c) => c.notNull())
    .addColumn('advised_rpm', realType)
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('by', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['rpm_adjustments', 'rpm_advice', 'ship_conditions', 'voyage_plans']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
