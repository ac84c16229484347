import type { Kysely } from 'kysely';
import { realType } from '../portable.ts';

/**
 * FuelEU Maritime flexibility a company recorded for each ship and year (features/compliance): surplus banked to
 * the next year and advance surplus borrowed from it (Reg. (EU) 2023/1805 Art. 20), and whether a penalty was paid
 * (the consecutive periods of Art. 23(2)). One row per ship and year.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fueleu_flexibility')
    .addColumn('ship_id', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('banked_t', realType, (c) => c.notNull().defaultTo(0))
    .addColumn('borrowed_t', realType, (c) => c.notNull().defaultTo(0))
    .addColumn('penalised', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('fueleu_flexibility_pk', ['ship_id', 'year'])
    .execute();
}
