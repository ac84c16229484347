/** The trim feature's public entry: what the rest of the server may use of it. */
import type { Store } from '../../db/client.ts';
import { TrimRepository } from './trim.repository.ts';
import { TrimService } from './trim.service.ts';

export { trimRoutes } from './trim.routes.ts';
export { TrimService } from './trim.service.ts';

/** The trim service on a store: its repository stays inside the feature. */
export function createTrimService(
  store: Store,
  deps: {
    fouling: ConstructorParameters<typeof TrimService>[0];
    telemetry: ConstructorParameters<typeof TrimService>[1];
    now?: ConstructorParameters<typeof TrimService>[3];
  },
): TrimService {
  return new TrimService(deps.fouling, deps.telemetry, new TrimRepository(store.db), deps.now);
}
