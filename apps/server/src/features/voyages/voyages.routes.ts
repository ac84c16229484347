import {
  voyageEventsQuerySchema,
  voyageEventsResponseSchema,
  voyagesResponseSchema,
} from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { op } from '../../platform/operation.ts';
import type { VoyageService } from './voyages.service.ts';

/** Voyages (with legs, port calls, anchorage and drift periods) and the events they derive from. */
export async function voyageRoutes(app: AppInstance, voyages: VoyageService): Promise<void> {
  app.get(
    '/api/v1/voyages',
    op('dashboard:read', 'voyages.listVoyages', 'List the voyages', { 200: voyagesResponseSchema }),
    async () => ({
      items: await voyages.listVoyages(),
    }),
  );
  app.get(
    '/api/v1/voyages/events',
    op('dashboard:read', 'voyages.listEvents', 'List the voyage events', {
      query: voyageEventsQuerySchema,
      200: voyageEventsResponseSchema,
    }),
    async (request) => ({ items: await voyages.listEvents(request.query) }),
  );
}
