import {
  fleetOverviewResponseSchema,
  fleetQuerySchema,
  fleetReportQuerySchema,
  fleetShipDetailSchema,
  fleetShipParamsSchema,
} from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requirePermission } from '../../platform/auth.ts';
import type { FleetExporter } from './fleet.export.ts';
import type { FleetService } from './fleet.service.ts';

/** The fleet pages of a shore server (409 elsewhere); every route needs `fleet:read`. */
export async function fleetRoutes(
  app: AppInstance,
  fleet: FleetService,
  exporter: FleetExporter,
): Promise<void> {
  const tags = ['fleet'];
  const preHandler = requirePermission('fleet:read');
  app.get(
    '/api/v1/fleet/ships',
    {
      preHandler,
      schema: { tags, querystring: fleetQuerySchema, response: { 200: fleetOverviewResponseSchema } },
    },
    (request) => fleet.overview(request.query.year),
  );
  app.get(
    '/api/v1/fleet/ships/:shipId',
    {
      preHandler,
      schema: {
        tags,
        params: fleetShipParamsSchema,
        querystring: fleetQuerySchema,
        response: { 200: fleetShipDetailSchema },
      },
    },
    (request) => fleet.ship(request.params.shipId, request.query.year),
  );
  app.get(
    '/api/v1/fleet/reports/export',
    { preHandler, schema: { tags, querystring: fleetReportQuerySchema } },
    async (request, reply) => {
      const file = await exporter.export(request.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.body.length)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
}
