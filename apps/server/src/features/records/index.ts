/** The records feature's public entry: what the rest of the server may use of it. */
import type { Store } from '../../db/client.ts';
import { RecordsRepository } from './records.repository.ts';
import { RecordsService } from './records.service.ts';

export { toBunkerRecord } from './records.mapping.ts';
export { recordsRoutes } from './records.routes.ts';
export { RecordsService } from './records.service.ts';

/** The records service on a store: its repository stays inside the feature. */
export function createRecordsService(
  store: Store,
  ...rest: ConstructorParameters<typeof RecordsService> extends [unknown, ...infer R] ? R : never
): RecordsService {
  return new RecordsService(new RecordsRepository(store.db), ...rest);
}
