import type { Kysely } from 'kysely';
import { realType } from '../portable.ts';

/**
 * When the shore received each rollup bucket (epoch ms; 0 for those stored before), so the shore's copy of a ship's
 * console (features/fleet/fleet.consoles.ts) takes in only what arrived since it was made, late buckets included.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('fleet_rollups')
    .addColumn('received_at', realType, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('fleet_rollups_ship_received')
    .on('fleet_rollups')
    .columns(['ship_id', 'received_at'])
    .execute();
}
