import { monitoringParamsSchema, monitoringResponseSchema } from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { op } from '../../platform/operation.ts';
import type { MonitoringService } from './monitoring.service.ts';

/** Equipment monitoring: status, running hours and fuel-efficiency curve of one unit. */
export async function monitoringRoutes(app: AppInstance, monitoring: MonitoringService): Promise<void> {
  app.get(
    '/api/v1/monitoring/:unit',
    op('dashboard:read', 'monitoring.getUnit', "Read an engine or generator's monitoring figures", {
      params: monitoringParamsSchema,
      200: monitoringResponseSchema,
    }),
    async (request) => monitoring.unit(request.params.unit),
  );
}
