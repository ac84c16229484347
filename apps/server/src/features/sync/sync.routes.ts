import {
  reviewInputSchema,
  reviewSchema,
  reviewsQuerySchema,
  reviewsResponseSchema,
  syncStatusSchema,
} from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requirePermission } from '../../platform/auth.ts';
import type { SyncService } from './sync.service.ts';

/** The ship-to-shore link's state, and the shore's decisions on records (deciding needs `records:write`). */
export async function syncRoutes(app: AppInstance, sync: SyncService): Promise<void> {
  const fleet = { preHandler: requirePermission('fleet:read') };
  const read = { preHandler: requirePermission('dashboard:read') };
  const tags = ['sync'];
  app.get('/api/v1/sync', { ...read, schema: { tags, response: { 200: syncStatusSchema } } }, () =>
    sync.status(),
  );
  app.get(
    '/api/v1/sync/reviews',
    { ...fleet, schema: { tags, querystring: reviewsQuerySchema, response: { 200: reviewsResponseSchema } } },
    async (request) => ({ items: await sync.reviews(request.query.shipId) }),
  );
  app.post(
    '/api/v1/sync/reviews',
    {
      preHandler: requirePermission('records:write'),
      schema: { tags, body: reviewInputSchema, response: { 201: reviewSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await sync.decide(request.body, request.auth?.device.code ?? null)),
  );
}
