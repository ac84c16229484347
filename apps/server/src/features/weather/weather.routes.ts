import {
  weatherForecastListSchema,
  weatherForecastParamsSchema,
  weatherImportResponseSchema,
  weatherUploadQuerySchema,
} from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { noBody, noContent, op } from '../../platform/operation.ts';
import type { WeatherService } from './weather.service.ts';

/** Largest GRIB2 upload: a few days of a regional forecast at 0.25° are tens of megabytes. */
const MAX_GRIB_BYTES = 200 * 1024 * 1024;

/** Offline weather forecasts: imported GRIB2 files (list, upload, delete). */
export async function weatherRoutes(app: AppInstance, weather: WeatherService): Promise<void> {
  app.get(
    '/api/v1/weather/forecasts',
    op('dashboard:read', 'weather.listForecasts', 'List the imported GRIB forecasts', {
      200: weatherForecastListSchema,
    }),
    async () => ({
      items: await weather.list(),
    }),
  );

  app.delete(
    '/api/v1/weather/forecasts/:id',
    op('settings:write', 'weather.deleteForecast', 'Delete a GRIB forecast', {
      params: weatherForecastParamsSchema,
      204: noBody,
    }),
    noContent((request) => weather.remove(request.params.id)),
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
        ...op('settings:write', 'weather.importForecast', 'Import a GRIB forecast', {
          query: weatherUploadQuerySchema,
          201: weatherImportResponseSchema,
        }),
        bodyLimit: MAX_GRIB_BYTES,
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
