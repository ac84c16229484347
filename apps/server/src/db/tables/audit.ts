import type { Generated } from 'kysely';

/** The audit trail (migration 0037-audit). Times are ISO-8601 UTC strings; `before`/`after` JSON text. */
export interface AuditTables {
  audit_entries: AuditEntriesTable;
}

export interface AuditEntriesTable {
  id: Generated<number>;
  at: string;
  actor_kind: 'device' | 'user';
  actor_name: string;
  entity: string;
  entity_id: string;
  action: string;
  before: string | null;
  after: string | null;
}
