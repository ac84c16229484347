import type { Kysely } from 'kysely';
import { autoId, autoIdType } from '../portable.ts';

/**
 * The audit trail (features/audit): one row per create, update, submit or delete of ship particulars, start
 * info, filling, bunker and oil-change records, with who and the record before and after (JSON text). Rows are
 * only ever inserted; the increasing id orders changes made within the same millisecond.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_entries')
    .addColumn('id', autoIdType(db), autoId(db))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  await db.schema
    .createIndex('audit_entries_entity')
    .on('audit_entries')
    .columns(['entity', 'entity_id', 'id'])
    .execute();
  await db.schema.createIndex('audit_entries_at').on('audit_entries').column('at').execute();
}
