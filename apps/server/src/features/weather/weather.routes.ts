import {
  weatherForecastListSchema,
  weatherForecastParamsSchema,
  weatherImportResponseSchema,
  weatherUploadQuerySchema,
} from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requirePermission } from '../../platform/auth.ts';
import type { WeatherService } from './weather.service.ts';

/** Largest GRIB2 upload: a few days of a regional forecast at 0.25° are tens of megabytes. */
const MAX_GRIB_BYTES = 200 * 1024 * 1024;

/** Offline weather forecasts: imported GRIB2 files (list, upload, delete). */
export async function weatherRoutes(app: AppInstance, weather: WeatherService): Promise<void> {
  const read = { preHandler: requirePermission('dashboard:read') };
  const tags = ['weather'];
  const write = { preHandler: requirePermission('settings:write') };

  app.get(
    '/api/v1/weather/forecasts',
    {
      ...read,
      schema: {
        operationId: 'weather.listForecasts',
        summary: 'List the imported GRIB forecasts',
        tags,
        response: { 200: weatherForecastListSchema },
      },
    },
    async () => ({
      items: await weather.list(),
    }),
  );

  app.delete(
    '/api/v1/weather/forecasts/:id',
    {
      ...write,
      schema: {
        operationId: 'weather.deleteForecast',
        summary: 'Delete a GRIB forecast',
        tags,
        params: weatherForecastParamsSchema,
      },
    },
    async (request, reply) => {
      await weather.remove(request.params.id);
      return reply.status(204).send();
    },
  );

  // The file is the raw body (`application/octet-stream`, its name in `?name=`), as the backup restore takes one.
  await app.register(async (scope: AppInstance) => {
    scope.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: MAX_GRIB_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      '/api/v1/weather/forecasts',
      {
        ...write,
        bodyLimit: MAX_GRIB_BYTES,
        schema: {
          operationId: 'weather.importForecast',
          summary: 'Import a GRIB forecast',
          tags,
          querystring: weatherUploadQuerySchema,
          response: { 201: weatherImportResponseSchema },
        },
      },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const result = await weather.importGrib(
          body,
          request.query.name,
          'upload',
          request.auth?.device.code ?? null,
        );
        return reply.status(201).send(result);
      },
    );
  });
}
