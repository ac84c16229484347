import type { Kysely } from 'kysely';

/**
 * Per-device console settings (e.g. the overview's factor choice): one JSON value per device and key,
 * so a bridge console and the chief engineer's office console keep their own choices.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device_settings')
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('device_settings_pk', ['device_id', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('device_settings').ifExists().execute();
}
