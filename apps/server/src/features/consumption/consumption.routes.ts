import { consumptionQuerySchema, consumptionResponseSchema } from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { op } from '../../platform/operation.ts';
import type { ConsumptionService } from './consumption.service.ts';

/** Consumption distribution: fuel, CO2 and energy by consumer and operating mode, against the period before. */
export async function consumptionRoutes(app: AppInstance, consumption: ConsumptionService): Promise<void> {
  app.get(
    '/api/v1/consumption',
    op('dashboard:read', 'consumption.getConsumption', 'Read fuel consumption by consumer and period', {
      query: consumptionQuerySchema,
      200: consumptionResponseSchema,
    }),
    (request) => consumption.report(request.query),
  );
}
