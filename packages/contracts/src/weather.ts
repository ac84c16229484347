import { z } from 'zod';

const isoTime = z.iso.datetime();

export { GRIB_DAMAGED_MESSAGE } from './messages.ts';

/** Forecast parameters read from GRIB2 files (10 m wind, waves, swell, surface current). */
export const weatherParameterSchema = z.enum([
  'windU',
  'windV',
  'waveHs',
  'swellHs',
  'swellPeriod',
  'swellDir',
  'currentU',
  'currentV',
]);
export type WeatherParameterName = z.infer<typeof weatherParameterSchema>;

/** An imported forecast file. */
export const weatherForecastSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  importedAt: isoTime,
  /** Device code of who uploaded it; null for the watched folder. */
  importedBy: z.string().nullable(),
  source: z.enum(['upload', 'folder']),
  fieldCount: z.number().int(),
  parameters: z.array(weatherParameterSchema),
  validFrom: isoTime,
  validTo: isoTime,
  /** Degrees; `west` in −180..180, `east` = west + the grid's span (may pass 180 for a grid across the date line). */
  bbox: z.object({ south: z.number(), north: z.number(), west: z.number(), east: z.number() }),
});
export type WeatherForecast = z.infer<typeof weatherForecastSchema>;

/** GET /api/v1/weather/forecasts — newest import first. */
export const weatherForecastListSchema = z.object({ items: z.array(weatherForecastSchema) });
export type WeatherForecastList = z.infer<typeof weatherForecastListSchema>;

/** A GRIB2 message left out of an import (a parameter or level not used, a packing not read). */
export const weatherSkippedMessageSchema = z.object({
  message: z.number().int(),
  discipline: z.number().int(),
  category: z.number().int().nullable(),
  number: z.number().int().nullable(),
  reason: z.string(),
});

/** POST /api/v1/weather/forecasts — the stored file and the messages it left out. */
export const weatherImportResponseSchema = weatherForecastSchema.extend({
  skipped: z.array(weatherSkippedMessageSchema),
});
export type WeatherImportResponse = z.infer<typeof weatherImportResponseSchema>;

/** `?name=` of the upload (the body is the file, `application/octet-stream`). */
export const weatherUploadQuerySchema = z.object({ name: z.string().trim().min(1).max(200) });

export const weatherForecastParamsSchema = z.object({ id: z.coerce.number().int().positive() });
