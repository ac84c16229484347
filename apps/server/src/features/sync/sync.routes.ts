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
  app.get(
    '/api/v1/sync',
    {
      ...read,
      schema: {
        operationId: 'sync.getStatus',
        summary: 'Read the ship-to-shore sync state',
        tags,
        response: { 200: syncStatusSchema },
      },
    },
    () => sync.status(),
  );
  app.get(
    '/api/v1/sync/reviews',
    {
      ...fleet,
      schema: {
        operationId: 'sync.listReviews',
        summary: 'List the records waiting for review',
        tags,
        querystring: reviewsQuerySchema,
        response: { 200: reviewsResponseSchema },
      },
    },
    async (request) => ({ items: await sync.reviews(request.query.shipId) }),
  );
  app.post(
    '/api/v1/sync/reviews',
    {
      preHandler: requirePermission('records:write'),
      schema: {
        operationId: 'sync.resolveReview',
        summary: 'Decide on a record waiting for review',
        tags,
        body: reviewInputSchema,
        response: { 201: reviewSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await sync.decide(request.body, request.auth?.device.code ?? null)),
  );
  const admin = { preHandler: requirePermission('fleet:admin') };
  app.post(
    '/api/v1/sync/ships',
    {
      ...admin,
      schema: {
        operationId: 'sync.registerShip',
        summary: 'Register a ship with the shore',
        tags,
        body: registerShipSchema,
        response: { 201: deadLetterResultSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await sync.register(request.body)),
  );
  app.delete(
    '/api/v1/sync/ships/:shipId',
    {
      ...admin,
      schema: {
        operationId: 'sync.removeShip',
        summary: 'Remove a ship from the shore',
        tags,
        params: fleetShipIdParamsSchema,
      },
    },
    async (request, reply) => {
      await sync.retire(request.params.shipId);
      return reply.status(204).send();
    },
  );
  app.get(
    '/api/v1/sync/dead-letters',
    {
      ...admin,
      schema: {
        operationId: 'sync.listDeadLetters',
        summary: 'List the messages that could not be taken in',
        tags,
        querystring: deadLettersQuerySchema,
        response: { 200: deadLettersResponseSchema },
      },
    },
    async (request) => ({ items: await sync.deadLetters(request.query) }),
  );
  for (const mode of ['replay', 'drop'] as const) {
    app.post(
      `/api/v1/sync/dead-letters/${mode}`,
      {
        ...admin,
        schema: {
          operationId: mode === 'replay' ? 'sync.replayDeadLetters' : 'sync.dropDeadLetters',
          summary: mode === 'replay' ? 'Take dead letters in again' : 'Drop dead letters',
          tags,
          body: deadLetterActionSchema,
          response: { 200: deadLetterResultSchema },
        },
      },
      (request) => sync.deadLetterAction(request.body, mode),
    );
  }
}
