/** The eca feature's public entry: what the rest of the server may use of it. */
import type { Store } from '../../db/client.ts';
import { EcaGeofence } from './eca.geofence.ts';
import { EcaRepository } from './eca.repository.ts';
import { EcaService } from './eca.service.ts';

export type { EcaGeofence } from './eca.geofence.ts';
export { ecaRoutes } from './eca.routes.ts';
export { EcaService } from './eca.service.ts';

/** The ECA watch with the crew's zones, loaded from the store. */
export async function createEcaGeofence(store: Store): Promise<EcaGeofence> {
  const geofence = new EcaGeofence(new EcaRepository(store.db));
  await geofence.load();
  return geofence;
}

/** The ECA service on a store: its repository stays inside the feature. */
export function createEcaService(
  store: Store,
  deps: Omit<ConstructorParameters<typeof EcaService>[0], 'repo'>,
): EcaService {
  return new EcaService({ ...deps, repo: new EcaRepository(store.db) });
}
