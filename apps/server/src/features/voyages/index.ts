/** The voyages feature's public entry: what the rest of the server may use of it. */
import type { Store } from '../../db/client.ts';
import { VoyageRepository } from './voyages.repository.ts';
import { VoyageService } from './voyages.service.ts';

export { voyageRoutes } from './voyages.routes.ts';
export { type NewVoyageEvent, VoyageService } from './voyages.service.ts';

/** The voyages service on a store: its repository stays inside the feature. */
export function createVoyageService(
  store: Store,
  ...rest: ConstructorParameters<typeof VoyageService> extends [unknown, ...infer R] ? R : never
): VoyageService {
  return new VoyageService(new VoyageRepository(store.db), ...rest);
}
