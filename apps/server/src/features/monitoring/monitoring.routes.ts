import { monitoringParamsSchema, monitoringResponseSchema } from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requirePermission } from '../../platform/auth.ts';
import type { MonitoringService } from './monitoring.service.ts';

/** Equipment monitoring: status, running hours and fuel-efficiency curve of one unit. */
export async function monitoringRoutes(app: AppInstance, monitoring: MonitoringService): Promise<void> {
  const read = { preHandler: requirePermission('dashboard:read') };
  app.get(
    '/api/v1/monitoring/:unit',
    {
      ...read,
      schema: {
        operationId: 'monitoring.getUnit',
        summary: "Read an engine or generator's monitoring figures",
        tags: ['monitoring'],
        params: monitoringParamsSchema,
        response: { 200: monitoringResponseSchema },
      },
    },
    async (request) => monitoring.unit(request.params.unit),
  );
}
