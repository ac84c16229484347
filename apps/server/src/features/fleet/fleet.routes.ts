import {
  apiErrorSchema,
  fleetConsoleParamsSchema,
  fleetMessages,
  fleetOverviewResponseSchema,
  fleetQuerySchema,
  fleetReportQuerySchema,
  fleetShipDetailSchema,
  fleetShipParamsSchema,
} from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requirePermission } from '../../platform/auth.ts';
import { conflict, forbidden } from '../../platform/errors.ts';
import { fileAnswer, mediaBody, op } from '../../platform/operation.ts';
import { MEDIA_TYPE } from '../../platform/send-file.ts';
import type { ShipConsoles } from './fleet.consoles.ts';
import type { FleetExporter } from './fleet.export.ts';
import type { FleetService } from './fleet.service.ts';

/**
 * The fleet pages of a shore server (409 elsewhere); every route needs `fleet:read`. `consoles` (a shore's) answers
 * one ship's own API read from the shore's copy.
 */
export async function fleetRoutes(
  app: AppInstance,
  fleet: FleetService,
  exporter: FleetExporter,
  consoles?: ShipConsoles,
): Promise<void> {
  app.get(
    '/api/v1/fleet/ships',
    op('fleet:read', 'fleet.listShips', "List the fleet's ships with their figures", {
      query: fleetQuerySchema,
      200: fleetOverviewResponseSchema,
    }),
    (request) => fleet.overview(request.query.year),
  );
  app.get(
    '/api/v1/fleet/ships/:shipId',
    op('fleet:read', 'fleet.getShip', 'Read one ship of the fleet', {
      params: fleetShipParamsSchema,
      query: fleetQuerySchema,
      200: fleetShipDetailSchema,
    }),
    (request) => fleet.ship(request.params.shipId, request.query.year),
  );
  app.get(
    '/api/v1/fleet/reports/export',
    op('fleet:read', 'fleet.exportReport', 'Download the fleet report', {
      query: fleetReportQuerySchema,
      200: mediaBody(MEDIA_TYPE.xlsx),
    }),
    fileAnswer((request) => exporter.export(request.query)),
  );
  app.get(
    '/api/v1/fleet/ships/:shipId/console/*',
    op('fleet:read', 'fleet.readConsole', "Read a route of a ship's console from the shore's copy", {
      params: fleetConsoleParamsSchema,
    }),
    async (request, reply) => {
      if (!consoles) throw conflict(fleetMessages.notShore, { reason: 'not_shore' });
      const query = request.url.indexOf('?');
      const path = request.params['*'] + (query >= 0 ? request.url.slice(query) : '');
      const answer = await consoles.read(
        request.params.shipId,
        path,
        { accept: request.headers.accept, acceptLanguage: request.headers['accept-language'] },
        request.auth?.permissions ?? [],
      );
      for (const name of ['content-type', 'content-disposition', 'cache-control'] as const) {
        const value = answer.headers[name];
        if (value !== undefined) reply.header(name, value);
      }
      return reply.code(answer.statusCode).send(answer.rawPayload);
    },
  );
  // The copy is read only: a write is refused here, before it reaches the ship's routes.
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/v1/fleet/ships/:shipId/console/*',
    preHandler: requirePermission('fleet:read'),
    // Left out of the API's document: it only ever refuses (the copy is read only).
    schema: {
      hide: true,
      tags: ['fleet'],
      params: fleetConsoleParamsSchema,
      response: { 403: apiErrorSchema },
    },
    handler: async () => {
      throw forbidden(fleetMessages.consoleReadOnly);
    },
  });
}
