import type { Kysely } from 'kysely';

/** What a hull maintenance record was: in-water hull cleaning (existing rows), propeller polishing or a dry-docking. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('hull_cleaning_records')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('hull_cleaning'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('hull_cleaning_records').dropColumn('kind').execute();
}
