import {
  fuelStatisticsQuerySchema,
  fuelStatisticsResponseSchema,
  trackQuerySchema,
  trackResponseSchema,
} from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { op } from '../../platform/operation.ts';
import type { ParamsService } from './params.service.ts';

/** Parameter analysis: the track of a range coloured by a channel, and its fuel statistics. */
export async function paramsRoutes(app: AppInstance, params: ParamsService): Promise<void> {
  app.get(
    '/api/v1/params/track',
    op('dashboard:read', 'params.getTrack', "Read the ship's track with its parameters", {
      query: trackQuerySchema,
      200: trackResponseSchema,
    }),
    (request) => params.track(request.query),
  );
  app.get(
    '/api/v1/params/fuel',
    op('dashboard:read', 'params.getFuel', 'Read fuel statistics over a period', {
      query: fuelStatisticsQuerySchema,
      200: fuelStatisticsResponseSchema,
    }),
    (request) => params.fuel(request.query),
  );
}
