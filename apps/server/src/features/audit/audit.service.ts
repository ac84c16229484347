import type { AuditAction, AuditActor, AuditEntity, AuditEntry } from '@ecohelm/contracts';
import type { AuditRepository } from './audit.repository.ts';

/** Who made a change when a service is called without a caller: the server's own work (migrations, jobs). */
export const SYSTEM_ACTOR: AuditActor = { kind: 'device', name: 'system' };

/** A caller as the services take it: the request's actor, or a device code (the simulator, the bench). */
export type ActorLike = AuditActor | string | null | undefined;

export const actorOf = (by: ActorLike): AuditActor =>
  by === null || by === undefined ? SYSTEM_ACTOR : typeof by === 'string' ? { kind: 'device', name: by } : by;

/** The name a record's `updated_by` column keeps of an actor. */
export const actorName = (by: ActorLike): string | null =>
  by === null || by === undefined ? null : typeof by === 'string' ? by : by.name;

/** One change to write down. */
export interface AuditChange {
  entity: AuditEntity;
  entityId: string;
  action: AuditAction;
  before: unknown | null;
  after: unknown | null;
}

/** What the record-keeping services need of the trail. */
export interface AuditLog {
  record(by: ActorLike, changes: AuditChange | readonly AuditChange[]): Promise<void>;
}

/**
 * The audit trail of the records behind the regulatory reports: every create, update, submit and delete, with
 * who, when, before and after. Written by the services that change those records; read by the API and the
 * verifier package; nothing edits or deletes it.
 */
export class AuditService implements AuditLog {
  readonly #repo: AuditRepository;
  readonly #now: () => Date;

  constructor(repo: AuditRepository, now: () => Date = () => new Date()) {
    this.#repo = repo;
    this.#now = now;
  }

  async record(by: ActorLike, changes: AuditChange | readonly AuditChange[]): Promise<void> {
    const list = Array.isArray(changes) ? changes : [changes as AuditChange];
    if (list.length === 0) return;
    const at = this.#now().toISOString();
    const actor = actorOf(by);
    await this.#repo.insert(list.map((c) => ({ ...c, at, actor })));
  }

  /** Entries of an entity kind, one record or a period [from, to), oldest first. */
  list(query: {
    entity?: AuditEntry['entity'];
    entityId?: string;
    from?: string;
    to?: string;
  }): Promise<AuditEntry[]> {
    return this.#repo.list(query);
  }
}
