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
import { answer, noBody, noContent, op } from '../../platform/operation.ts';
import type { SyncService } from './sync.service.ts';

/**
 * The ship-to-shore link's state, and the shore's decisions on records (deciding needs `records:write`); the shore's
 * intake: registering and retiring ships, dead letters (`fleet:admin`).
 */
export async function syncRoutes(app: AppInstance, sync: SyncService): Promise<void> {
  app.get(
    '/api/v1/sync',
    op('dashboard:read', 'sync.getStatus', 'Read the ship-to-shore sync state', { 200: syncStatusSchema }),
    () => sync.status(),
  );
  app.get(
    '/api/v1/sync/reviews',
    op('fleet:read', 'sync.listReviews', 'List the records waiting for review', {
      query: reviewsQuerySchema,
      200: reviewsResponseSchema,
    }),
    async (request) => ({ items: await sync.reviews(request.query.shipId) }),
  );
  app.post(
    '/api/v1/sync/reviews',
    op('records:write', 'sync.resolveReview', 'Decide on a record waiting for review', {
      body: reviewInputSchema,
      201: reviewSchema,
    }),
    answer(201, (request) => sync.decide(request.body, request.auth?.device.code ?? null)),
  );
  app.post(
    '/api/v1/sync/ships',
    op('fleet:admin', 'sync.registerShip', 'Register a ship with the shore', {
      body: registerShipSchema,
      201: deadLetterResultSchema,
    }),
    answer(201, (request) => sync.register(request.body)),
  );
  app.delete(
    '/api/v1/sync/ships/:shipId',
    op('fleet:admin', 'sync.removeShip', 'Remove a ship from the shore', {
      params: fleetShipIdParamsSchema,
      204: noBody,
    }),
    noContent((request) => sync.retire(request.params.shipId)),
  );
  app.get(
    '/api/v1/sync/dead-letters',
    op('fleet:admin', 'sync.listDeadLetters', 'List the messages that could not be taken in', {
      query: deadLettersQuerySchema,
      200: deadLettersResponseSchema,
    }),
    async (request) => ({ items: await sync.deadLetters(request.query) }),
  );
  for (const mode of ['replay', 'drop'] as const) {
    app.post(
      `/api/v1/sync/dead-letters/${mode}`,
      op(
        'fleet:admin',
        mode === 'replay' ? 'sync.replayDeadLetters' : 'sync.dropDeadLetters',
        mode === 'replay' ? 'Take dead letters in again' : 'Drop dead letters',
        { body: deadLetterActionSchema, 200: deadLetterResultSchema },
      ),
      (request) => sync.deadLetterAction(request.body, mode),
    );
  }
}
