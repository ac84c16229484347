/** The ship feature's public entry: what the rest of the server may use of it. */
import type { Store } from '../../db/client.ts';
import { ShipRepository } from './ship.repository.ts';
import { ShipService } from './ship.service.ts';

export { shipRoutes } from './ship.routes.ts';
export { OWN_SHIP_ID, ShipService, shipResponseOf, toStartInfo } from './ship.service.ts';

/** The ship service on a store: its repository stays inside the feature. */
export function createShipService(
  store: Store,
  ...rest: ConstructorParameters<typeof ShipService> extends [unknown, ...infer R] ? R : never
): ShipService {
  return new ShipService(new ShipRepository(store.db), ...rest);
}
