import {
  assessmentQuerySchema,
  assessmentResponseSchema,
  equipmentEntrySchema,
  equipmentParametersSchema,
  equipmentResponseSchema,
  equipmentUnitParamsSchema,
} from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { op } from '../../platform/operation.ts';
import type { AssessmentService } from './equipment.assessment.ts';
import type { EquipmentService } from './equipment.service.ts';

/** Equipment parameters (viewed and edited) and the energy assessment of each unit. */
export async function equipmentRoutes(
  app: AppInstance,
  equipment: EquipmentService,
  assessment: AssessmentService,
): Promise<void> {
  app.get(
    '/api/v1/equipment',
    op('dashboard:read', 'equipment.listEquipment', 'List the equipment with its parameters', {
      200: equipmentResponseSchema,
    }),
    () => equipment.list(),
  );
  app.put(
    '/api/v1/equipment/:unit',
    op('settings:write', 'equipment.saveEquipment', "Save an equipment unit's parameters", {
      params: equipmentUnitParamsSchema,
      body: equipmentParametersSchema,
      200: equipmentEntrySchema,
    }),
    (request) => equipment.save(request.params.unit, request.body, request.auth?.device.code ?? null),
  );
  app.get(
    '/api/v1/equipment/assessment',
    op('dashboard:read', 'equipment.getAssessment', 'Read the equipment energy assessment', {
      query: assessmentQuerySchema,
      200: assessmentResponseSchema,
    }),
    (request) => assessment.assess(request.query.days),
  );
}
