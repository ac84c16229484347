/** The filling feature's public entry: what the rest of the server may use of it. */
import type { Store } from '../../db/client.ts';
import { FillingRepository } from './filling.repository.ts';
import { FillingService } from './filling.service.ts';

export { dcsReportOf } from './filling.domain.ts';
export { fillingRoutes } from './filling.routes.ts';
export { checkedRecords, FillingService } from './filling.service.ts';

/** The filling service on a store: its repository stays inside the feature. */
export function createFillingService(
  store: Store,
  ...rest: ConstructorParameters<typeof FillingService> extends [unknown, ...infer R] ? R : never
): FillingService {
  return new FillingService(new FillingRepository(store.db), ...rest);
}
