import {
  idParamsSchema,
  type Permission,
  shipResponseSchema,
  shipSchema,
  startInfoInputSchema,
  startInfoListSchema,
  startInfoSchema,
} from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { actorOfRequest, requirePermission } from '../../platform/auth.ts';
import type { ShipService } from './ship.service.ts';

/**
 * Ship basic info. Bodies are validated with the contract schema, so a failure answers 400
 * `validation_failed` with every field's message (SPEC §5 word for word) under `details`.
 */
export async function shipRoutes(
  app: AppInstance,
  ships: ShipService,
  writePermission: Permission = 'ship:write',
): Promise<void> {
  const read = { preHandler: requirePermission('dashboard:read') };
  const tags = ['ship'];
  const write = { preHandler: requirePermission(writePermission) };

  app.get(
    '/api/v1/ship',
    {
      ...read,
      schema: {
        operationId: 'ship.getShip',
        summary: "Read the ship's particulars",
        tags,
        response: { 200: shipResponseSchema },
      },
    },
    () => ships.getShip(),
  );

  app.put(
    '/api/v1/ship',
    {
      ...write,
      schema: {
        operationId: 'ship.saveShip',
        summary: "Save the ship's particulars",
        tags,
        body: shipSchema,
        response: { 200: shipResponseSchema },
      },
    },
    (request) => ships.saveShip(request.body, actorOfRequest(request)),
  );

  app.get(
    '/api/v1/ship/start-info',
    {
      ...read,
      schema: {
        operationId: 'ship.listStartInfo',
        summary: "List the ship's start-of-period information",
        tags,
        response: { 200: startInfoListSchema },
      },
    },
    async () => ({
      items: await ships.listStartInfo(),
    }),
  );

  app.post(
    '/api/v1/ship/start-info',
    {
      ...write,
      schema: {
        operationId: 'ship.createStartInfo',
        summary: 'Add start-of-period information',
        tags,
        body: startInfoInputSchema,
        response: { 201: startInfoSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await ships.createStartInfo(request.body, actorOfRequest(request))),
  );

  app.put(
    '/api/v1/ship/start-info/:id',
    {
      ...write,
      schema: {
        operationId: 'ship.updateStartInfo',
        summary: 'Correct start-of-period information',
        tags,
        params: idParamsSchema,
        body: startInfoInputSchema,
        response: { 200: startInfoSchema },
      },
    },
    (request) => ships.updateStartInfo(request.params.id, request.body, actorOfRequest(request)),
  );

  app.delete(
    '/api/v1/ship/start-info/:id',
    {
      ...write,
      schema: {
        operationId: 'ship.deleteStartInfo',
        summary: 'Delete start-of-period information',
        tags,
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      await ships.deleteStartInfo(request.params.id, actorOfRequest(request));
      return reply.status(204).send();
    },
  );
}
