import { consumptionQuerySchema, consumptionResponseSchema } from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requirePermission } from '../../platform/auth.ts';
import type { ConsumptionService } from './consumption.service.ts';

/** Consumption distribution: fuel, CO2 and energy by consumer and operating mode, against the period before. */
export async function consumptionRoutes(app: AppInstance, consumption: ConsumptionService): Promise<void> {
  const read = { preHandler: requirePermission('dashboard:read') };
  app.get(
    '/api/v1/consumption',
    {
      ...read,
      schema: {
        operationId: 'consumption.getConsumption',
        summary: 'Read fuel consumption by consumer and period',
        tags: ['consumption'],
        querystring: consumptionQuerySchema,
        response: { 200: consumptionResponseSchema },
      },
    },
    (request) => consumption.report(request.query),
  );
}
