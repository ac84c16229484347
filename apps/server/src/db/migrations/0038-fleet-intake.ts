import type { Kysely } from 'kysely';
import { autoId, autoIdType } from '../portable.ts';

/**
 * The shore's intake (issue 30): a ship is `registered` by an admin (or by the auto-register setting) or `retired`;
 * `refused` counts its messages whose body named another ship; `reconciled_at` is when its history last matched the
 * ship's day by day (null: its figures are partial). Messages set aside (undecodable, refused, unstorable after the
 * bounded deliveries) wait in `fleet_dead_letters` with their reason, to be inspected, replayed or dropped.
 * Ships the shore already holds stay registered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('fleet_ships')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('registered'))
    .execute();
  await db.schema
    .alterTable('fleet_ships')
    .addColumn('refused', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('fleet_ships').addColumn('reconciled_at', 'text').execute();
  await db.schema
    .createTable('fleet_dead_letters')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('ship_id', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('encoding', 'text')
    .addColumn('deliveries', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('fleet_dead_letters_ship')
    .on('fleet_dead_letters')
    .columns(['ship_id', 'at'])
    .execute();
}
