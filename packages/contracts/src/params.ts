import { z } from 'zod';
import { checkRange, rangeMessages } from './range.ts';

const isoTime = z.iso.datetime();

export const paramsMessages = {
  ...rangeMessages,
  unknownChannel: 'There is no such channel.',
} as const;

const range = {
  from: isoTime,
  to: isoTime,
};

/** GET /api/v1/params/track?from=&to=&channel= — the track of a range, each point with the colouring channel's value. */
export const trackQuerySchema = z
  .object({ ...range, channel: z.string().min(1).max(200).default('navigation.speedOverGround') })
  .superRefine(checkRange);
export type TrackQuery = z.infer<typeof trackQuerySchema>;

export const trackResponseSchema = z.object({
  from: isoTime,
  to: isoTime,
  channel: z.string(),
  unit: z.string(),
  /** Resolution of the points: bucket length, s, and the store level read. */
  bucketSeconds: z.number(),
  points: z.array(z.object({ t: isoTime, lat: z.number(), lon: z.number(), value: z.number().nullable() })),
  portCalls: z.array(
    z.object({
      port: z.string().nullable(),
      place: z.string().nullable(),
      arrival: isoTime,
      departure: isoTime.nullable(),
      lat: z.number().nullable(),
      lon: z.number().nullable(),
    }),
  ),
  /** Distance over ground in the range (hourly mean SOG × time), nm. */
  distanceNm: z.number(),
});
export type TrackResponse = z.infer<typeof trackResponseSchema>;

/** GET /api/v1/params/fuel?from=&to= — fuel statistics of a range. */
export const fuelStatisticsQuerySchema = z.object(range).superRefine(checkRange);
export const fuelStatisticsResponseSchema = z.object({
  from: isoTime,
  to: isoTime,
  hours: z.number().int(),
  distanceNm: z.number(),
  fuelT: z.number(),
  co2T: z.number(),
  /** By fuel class (MEPC.364(79) ids) and by consumer, t. */
  byFuel: z.array(z.object({ fuelClass: z.string(), fuelT: z.number(), co2T: z.number() })),
  byConsumer: z.array(z.object({ consumer: z.string(), fuelT: z.number() })),
  tPerDay: z.number().nullable(),
  kgPerNm: z.number().nullable(),
  co2GPerNm: z.number().nullable(),
});
export type FuelStatisticsResponse = z.infer<typeof fuelStatisticsResponseSchema>;
