import {
  assessmentQuerySchema,
  assessmentResponseSchema,
  equipmentEntrySchema,
  equipmentParametersSchema,
  equipmentResponseSchema,
  equipmentUnitParamsSchema,
} from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requirePermission } from '../../platform/auth.ts';
import type { AssessmentService } from './equipment.assessment.ts';
import type { EquipmentService } from './equipment.service.ts';

/** Equipment parameters (viewed and edited) and the energy assessment of each unit. */
export async function equipmentRoutes(
  app: AppInstance,
  equipment: EquipmentService,
  assessment: AssessmentService,
): Promise<void> {
  const read = { preHandler: requirePermission('dashboard:read') };
  const tags = ['equipment'];
  app.get(
    '/api/v1/equipment',
    {
      ...read,
      schema: {
        operationId: 'equipment.listEquipment',
        summary: 'List the equipment with its parameters',
        tags,
        response: { 200: equipmentResponseSchema },
      },
    },
    () => equipment.list(),
  );
  app.put(
    '/api/v1/equipment/:unit',
    {
      preHandler: requirePermission('settings:write'),
      schema: {
        operationId: 'equipment.saveEquipment',
        summary: "Save an equipment unit's parameters",
        tags,
        params: equipmentUnitParamsSchema,
        body: equipmentParametersSchema,
        response: { 200: equipmentEntrySchema },
      },
    },
    (request) => equipment.save(request.params.unit, request.body, request.auth?.device.code ?? null),
  );
  app.get(
    '/api/v1/equipment/assessment',
    {
      ...read,
      schema: {
        operationId: 'equipment.getAssessment',
        summary: 'Read the equipment energy assessment',
        tags,
        querystring: assessmentQuerySchema,
        response: { 200: assessmentResponseSchema },
      },
    },
    (request) => assessment.assess(request.query.days),
  );
}
