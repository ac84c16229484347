/** The speed feature's public entry: what the rest of the server may use of it. */
import type { Store } from '../../db/client.ts';
import { SpeedRepository } from './speed.repository.ts';
import { type SpeedDeps, SpeedService } from './speed.service.ts';

export { gribForecast, shipHull } from './speed.hull.ts';
export { speedRoutes } from './speed.routes.ts';
export { ADVICE_SCHEDULE, SpeedService } from './speed.service.ts';

/** The speed service on a store: its repository stays inside the feature. */
export function createSpeedService(store: Store, deps: Omit<SpeedDeps, 'repo'>): SpeedService {
  return new SpeedService({ ...deps, repo: new SpeedRepository(store.db) });
}
