/** The overview feature's public entry: what the rest of the server may use of it. */
import type { Store } from '../../db/client.ts';
import { DeviceSettingsRepository } from './overview.repository.ts';
import { OverviewService } from './overview.service.ts';

export { overviewRoutes } from './overview.routes.ts';
export { OverviewService } from './overview.service.ts';

/** The overview service on a store: its settings repository stays inside the feature. */
export function createOverviewService(
  store: Store,
  deps: Omit<ConstructorParameters<typeof OverviewService>[0], 'settings'>,
): OverviewService {
  return new OverviewService({ ...deps, settings: new DeviceSettingsRepository(store.db) });
}
