/** The fleet feature's public entry: what the rest of the server may use of it. */
import type { Store } from '../../db/client.ts';
import { ShipConsoles } from './fleet.consoles.ts';
import { FleetRepository } from './fleet.repository.ts';
import { FleetService } from './fleet.service.ts';

export type { ShipConsoles } from './fleet.consoles.ts';
export { FleetExporter } from './fleet.export.ts';
export { fleetRoutes } from './fleet.routes.ts';
export { FleetService } from './fleet.service.ts';

/**
 * The shore's fleet on a store: the fleet service and, when `consoles` is given, each ship's read-only console, both
 * reading the shore's copy of every ship through one repository that stays inside the feature.
 */
export function createFleet(
  store: Store,
  deps: {
    sync: ConstructorParameters<typeof FleetService>[0]['sync'];
    /** Hears of each stored record left out because it is malformed. */
    skipped?: ConstructorParameters<typeof FleetRepository>[1];
    consoles?: Omit<ConstructorParameters<typeof ShipConsoles>[0], 'repo'>;
  },
): { fleet: FleetService; consoles: ShipConsoles | undefined } {
  const repo = new FleetRepository(store.db, deps.skipped);
  return {
    fleet: new FleetService({ repo, sync: deps.sync }),
    consoles: deps.consoles ? new ShipConsoles({ ...deps.consoles, repo }) : undefined,
  };
}
