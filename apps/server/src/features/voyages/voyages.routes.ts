import {
  voyageEventsQuerySchema,
  voyageEventsResponseSchema,
  voyagesResponseSchema,
} from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requirePermission } from '../../platform/auth.ts';
import type { VoyageService } from './voyages.service.ts';

/** Voyages (with legs, port calls, anchorage and drift periods) and the events they derive from. */
export async function voyageRoutes(app: AppInstance, voyages: VoyageService): Promise<void> {
  const read = { preHandler: requirePermission('dashboard:read') };
  const tags = ['voyages'];
  app.get(
    '/api/v1/voyages',
    {
      ...read,
      schema: {
        operationId: 'voyages.listVoyages',
        summary: 'List the voyages',
        tags,
        response: { 200: voyagesResponseSchema },
      },
    },
    async () => ({
      items: await voyages.listVoyages(),
    }),
  );
  app.get(
    '/api/v1/voyages/events',
    {
      ...read,
      schema: {
        operationId: 'voyages.listEvents',
        summary: 'List the voyage events',
        tags,
        querystring: voyageEventsQuerySchema,
        response: { 200: voyageEventsResponseSchema },
      },
    },
    async (request) => ({ items: await voyages.listEvents(request.query) }),
  );
}
