/** The session feature's public entry: what the rest of the server may use of it. */
import type { Store } from '../../db/client.ts';
import { SessionRepository } from './session.repository.ts';
import { SessionService } from './session.service.ts';

export { ensureDemoDevice } from './demo-device.ts';
export { sessionRoutes } from './session.routes.ts';
export { SessionService } from './session.service.ts';

/** The session service on a store: its repository stays inside the feature. */
export function createSessionService(
  store: Store,
  ...rest: ConstructorParameters<typeof SessionService> extends [unknown, ...infer R] ? R : never
): SessionService {
  return new SessionService(new SessionRepository(store.db), ...rest);
}
