/** The load feature's public entry: what the rest of the server may use of it. */
import type { Store } from '../../db/client.ts';
import { LoadRepository } from './load.repository.ts';
import { LoadService } from './load.service.ts';

export { loadRoutes } from './load.routes.ts';
export { LoadService } from './load.service.ts';

/** The generator load service on a store: its repository stays inside the feature. */
export function createLoadService(
  store: Store,
  deps: {
    telemetry: ConstructorParameters<typeof LoadService>[0];
    monitoring: ConstructorParameters<typeof LoadService>[1];
    now?: ConstructorParameters<typeof LoadService>[3];
    curves?: ConstructorParameters<typeof LoadService>[4];
  },
): LoadService {
  return new LoadService(
    deps.telemetry,
    deps.monitoring,
    new LoadRepository(store.db),
    deps.now,
    deps.curves,
  );
}
