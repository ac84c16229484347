import { foulingQuerySchema, foulingResponseSchema } from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { op } from '../../platform/operation.ts';
import type { FoulingService } from './fouling.service.ts';

/** Hull fouling (ISO 19030): performance values, indicators, rating and tip, maintenance effects. */
export async function foulingRoutes(app: AppInstance, fouling: FoulingService): Promise<void> {
  app.get(
    '/api/v1/fouling',
    op('dashboard:read', 'fouling.getFouling', 'Read the hull and propeller fouling estimate', {
      query: foulingQuerySchema,
      200: foulingResponseSchema,
    }),
    (request) => fouling.report(request.query),
  );
}
