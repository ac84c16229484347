import {
  deadLetterActionSchema,
  deadLetterResultSchema,
  deadLettersQuerySchema,
  deadLettersResponseSchema,
  fleetShipIdParamsSchema,
  registerShipSchema,
  reviewInputSchema,
  reviewSchema,
  reviewsQuerySchema,
  reviewsResponseSchema,
  syncStatusSchema,
} from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requirePermission } from '../../platform/auth.ts';
import type { SyncService } from './sync.service.ts';

/**
 * The ship-to-shore link's state, and the shore's decisions on records (deciding needs `records:write`); the shore's
 * intake: registering and retiring ships, dead letters (`fleet:admin`).
 */
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
  const admin = { preHandler: requirePermission('fleet:admin') };
  app.post(
    '/api/v1/sync/ships',
    { ...admin, schema: { tags, body: registerShipSchema, response: { 201: deadLetterResultSchema } } },
    async (request, reply) => reply.status(201).send(await sync.register(request.body)),
  );
  app.delete(
    '/api/v1/sync/ships/:shipId',
    { ...admin, schema: { tags, params: fleetShipIdParamsSchema } },
    async (request, reply) => {
      await sync.retire(request.params.shipId);
      return reply.status(204).send();
    },
  );
  app.get(
    '/api/v1/sync/dead-letters',
    {
      ...admin,
      schema: { tags, querystring: deadLettersQuerySchema, response: { 200: deadLettersResponseSchema } },
    },
    async (request) => ({ items: await sync.deadLetters(request.query) }),
  );
  for (const mode of ['replay', 'drop'] as const) {
    app.post(
      `/api/v1/sync/dead-letters/${mode}`,
      { ...admin, schema: { tags, body: deadLetterActionSchema, response: { 200: deadLetterResultSchema } } },
      (request) => sync.deadLetterAction(request.body, mode),
    );
  }
}
