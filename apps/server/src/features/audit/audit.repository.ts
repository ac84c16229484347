import type { AuditEntity, AuditEntry } from '@ecohelm/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AuditEntriesTable } from '../../db/tables/audit.ts';

export type NewAuditEntry = Omit<AuditEntry, 'id'>;

/** The audit trail: rows are inserted and read, never updated or deleted. */
export class AuditRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Inserts entries in one statement per 200 (under both dialects' parameter limits). */
  async insert(entries: readonly NewAuditEntry[]): Promise<void> {
    for (let i = 0; i < entries.length; i += 200) {
      await this.#db
        .insertInto('audit_entries')
        .values(
          entries.slice(i, i + 200).map((e) => ({
            at: e.at,
            actor_kind: e.actor.kind,
            actor_name: e.actor.name,
            entity: e.entity,
            entity_id: e.entityId,
            action: e.action,
            before: e.before === null || e.before === undefined ? null : JSON.stringify(e.before),
            after: e.after === null || e.after === undefined ? null : JSON.stringify(e.after),
          })),
        )
        .execute();
    }
  }

  /** Entries matching the query, oldest first (ties in time in the order they were written). */
  async list(q: {
    entity?: AuditEntity;
    entityId?: string;
    from?: string;
    to?: string;
  }): Promise<AuditEntry[]> {
    let query = this.#db.selectFrom('audit_entries').selectAll();
    if (q.entity) query = query.where('entity', '=', q.entity);
    if (q.entityId) query = query.where('entity_id', '=', q.entityId);
    if (q.from) query = query.where('at', '>=', q.from);
    if (q.to) query = query.where('at', '<', q.to);
    const rows = await query.orderBy('at').orderBy('id').execute();
    return rows.map(toEntry);
  }
}

function toEntry(row: Selectable<AuditEntriesTable>): AuditEntry {
  return {
    id: String(row.id),
    at: row.at,
    actor: { kind: row.actor_kind, name: row.actor_name },
    entity: row.entity as AuditEntity,
    entityId: row.entity_id,
    action: row.action as AuditEntry['action'],
    before: row.before === null ? null : (JSON.parse(row.before) as unknown),
    after: row.after === null ? null : (JSON.parse(row.after) as unknown),
  };
}
