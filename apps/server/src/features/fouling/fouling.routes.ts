import { foulingQuerySchema, foulingResponseSchema } from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requirePermission } from '../../platform/auth.ts';
import type { FoulingService } from './fouling.service.ts';

/** Hull fouling (ISO 19030): performance values, indicators, rating and tip, maintenance effects. */
export async function foulingRoutes(app: AppInstance, fouling: FoulingService): Promise<void> {
  const read = { preHandler: requirePermission('dashboard:read') };
  app.get(
    '/api/v1/fouling',
    {
      ...read,
      schema: {
        operationId: 'fouling.getFouling',
        summary: 'Read the hull and propeller fouling estimate',
        tags: ['fouling'],
        querystring: foulingQuerySchema,
        response: { 200: foulingResponseSchema },
      },
    },
    (request) => fouling.report(request.query),
  );
}
