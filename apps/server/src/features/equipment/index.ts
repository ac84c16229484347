/** The equipment feature's public entry: what the rest of the server may use of it. */
import type { Store } from '../../db/client.ts';
import { EquipmentRepository } from './equipment.repository.ts';
import { EquipmentService } from './equipment.service.ts';

export { AssessmentService, assessmentConditions } from './equipment.assessment.ts';
export { equipmentRoutes } from './equipment.routes.ts';
export { EquipmentService } from './equipment.service.ts';

/** The equipment parameters on a store, read once: its repository stays inside the feature. */
export async function createEquipmentService(store: Store, now?: () => number): Promise<EquipmentService> {
  const service = new EquipmentService(new EquipmentRepository(store.db), now);
  await service.load();
  return service;
}
