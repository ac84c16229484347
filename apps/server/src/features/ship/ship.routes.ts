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
import { actorOfRequest } from '../../platform/auth.ts';
import { answer, noBody, noContent, op } from '../../platform/operation.ts';
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
  const write = writePermission;

  app.get(
    '/api/v1/ship',
    op('dashboard:read', 'ship.getShip', "Read the ship's particulars", { 200: shipResponseSchema }),
    () => ships.getShip(),
  );

  app.put(
    '/api/v1/ship',
    op(write, 'ship.saveShip', "Save the ship's particulars", { body: shipSchema, 200: shipResponseSchema }),
    (request) => ships.saveShip(request.body, actorOfRequest(request)),
  );

  app.get(
    '/api/v1/ship/start-info',
    op('dashboard:read', 'ship.listStartInfo', "List the ship's start-of-period information", {
      200: startInfoListSchema,
    }),
    async () => ({
      items: await ships.listStartInfo(),
    }),
  );

  app.post(
    '/api/v1/ship/start-info',
    op(write, 'ship.createStartInfo', 'Add start-of-period information', {
      body: startInfoInputSchema,
      201: startInfoSchema,
    }),
    answer(201, (request) => ships.createStartInfo(request.body, actorOfRequest(request))),
  );

  app.put(
    '/api/v1/ship/start-info/:id',
    op(write, 'ship.updateStartInfo', 'Correct start-of-period information', {
      params: idParamsSchema,
      body: startInfoInputSchema,
      200: startInfoSchema,
    }),
    (request) => ships.updateStartInfo(request.params.id, request.body, actorOfRequest(request)),
  );

  app.delete(
    '/api/v1/ship/start-info/:id',
    op(write, 'ship.deleteStartInfo', 'Delete start-of-period information', {
      params: idParamsSchema,
      204: noBody,
    }),
    noContent((request) => ships.deleteStartInfo(request.params.id, actorOfRequest(request))),
  );
}
