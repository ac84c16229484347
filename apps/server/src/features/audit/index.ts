/** The audit feature's public entry: what the rest of the server may use of it. */
import type { Store } from '../../db/client.ts';
import { AuditRepository } from './audit.repository.ts';
import { AuditService } from './audit.service.ts';

export { auditRoutes } from './audit.routes.ts';
export type { ActorLike, AuditLog } from './audit.service.ts';
export { AuditService, actorName } from './audit.service.ts';

/** The audit service on a store: its repository stays inside the feature. */
export function createAuditService(
  store: Store,
  ...rest: ConstructorParameters<typeof AuditService> extends [unknown, ...infer R] ? R : never
): AuditService {
  return new AuditService(new AuditRepository(store.db), ...rest);
}
