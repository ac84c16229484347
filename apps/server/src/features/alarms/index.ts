/** The alarms feature's public entry: what the rest of the server may use of it. */
import type { Store } from '../../db/client.ts';
import { AlarmsRepository } from './alarms.repository.ts';
import { AlarmsService } from './alarms.service.ts';

export type { AlarmIdentity, ConditionInput, EngineAlarm, Transition } from './alarms.engine.ts';
export { identityOf } from './alarms.engine.ts';
export { fromRow, toAlarm } from './alarms.mapping.ts';
export { alarmsRoutes } from './alarms.routes.ts';
export { BOILERS_PARALLEL_ALARM, FOC_ALARM, fuelKindsOf, limitAlarm } from './alarms.rules.ts';
export { AlarmsService } from './alarms.service.ts';

/** The alarms service on a store: its repository stays inside the feature. */
export function createAlarmsService(
  store: Store,
  ...rest: ConstructorParameters<typeof AlarmsService> extends [unknown, ...infer R] ? R : never
): AlarmsService {
  return new AlarmsService(new AlarmsRepository(store.db), ...rest);
}
