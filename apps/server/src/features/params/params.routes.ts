import {
  fuelStatisticsQuerySchema,
  fuelStatisticsResponseSchema,
  trackQuerySchema,
  trackResponseSchema,
} from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requirePermission } from '../../platform/auth.ts';
import type { ParamsService } from './params.service.ts';

/** Parameter analysis: the track of a range coloured by a channel, and its fuel statistics. */
export async function paramsRoutes(app: AppInstance, params: ParamsService): Promise<void> {
  const read = { preHandler: requirePermission('dashboard:read') };
  const tags = ['params'];
  app.get(
    '/api/v1/params/track',
    {
      ...read,
      schema: {
        operationId: 'params.getTrack',
        summary: "Read the ship's track with its parameters",
        tags,
        querystring: trackQuerySchema,
        response: { 200: trackResponseSchema },
      },
    },
    (request) => params.track(request.query),
  );
  app.get(
    '/api/v1/params/fuel',
    {
      ...read,
      schema: {
        operationId: 'params.getFuel',
        summary: 'Read fuel statistics over a period',
        tags,
        querystring: fuelStatisticsQuerySchema,
        response: { 200: fuelStatisticsResponseSchema },
      },
    },
    (request) => params.fuel(request.query),
  );
}
