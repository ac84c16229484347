import { z } from 'zod';

/** The events of a passage the crew also records by hand (the information filling's kinds, less the barge). */
export const passageEvents = [
  'departure',
  'arrival',
  'anchorage_start',
  'anchorage_end',
  'drift_start',
  'drift_end',
  'bunkering',
] as const;

/** Voyage events: recorded from navigation data (or the simulator); voyages, legs and port calls derive from them. */
export const voyageEventTypes = [...passageEvents, 'fuel_changeover', 'eca_entry', 'eca_exit'] as const;
export const voyageEventTypeSchema = z.enum(voyageEventTypes);
export type VoyageEventType = z.infer<typeof voyageEventTypeSchema>;

export const voyageEventSchema = z.object({
  id: z.number().int(),
  type: voyageEventTypeSchema,
  time: z.iso.datetime(),
  voyageNumber: z.number().int().nullable(),
  /** UN/LOCODE of the port, when the event belongs to one. */
  port: z.string().nullable(),
  /** Berth, anchorage or ECA name. */
  place: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Type-specific details, e.g. `{ from, to }` of a fuel change-over or `{ zone }` of an ECA crossing. */
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  source: z.string(),
});
export type VoyageEvent = z.infer<typeof voyageEventSchema>;

/** GET /api/v1/voyages/events?from=&to=&type= — `type` may repeat or be comma-separated. */
export const voyageEventsQuerySchema = z.object({
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
  type: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) =>
      v === undefined ? undefined : (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')),
    )
    .pipe(z.array(voyageEventTypeSchema).optional()),
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
});
export type VoyageEventsQuery = z.infer<typeof voyageEventsQuerySchema>;

export const voyageEventsResponseSchema = z.object({ items: z.array(voyageEventSchema) });
export type VoyageEventsResponse = z.infer<typeof voyageEventsResponseSchema>;

/** SPEC §3 loading status: 1 Laden, 2 Ballasted, 3 Non-laden. */
export const loadingStatusSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

export const voyageLegSchema = z.object({
  seq: z.number().int(),
  fromPort: z.string(),
  toPort: z.string().nullable(),
  departureTime: z.iso.datetime(),
  arrivalTime: z.iso.datetime().nullable(),
  distanceNm: z.number(),
});
export type VoyageLeg = z.infer<typeof voyageLegSchema>;

export const portCallSchema = z.object({
  port: z.string(),
  arrivalTime: z.iso.datetime(),
  departureTime: z.iso.datetime().nullable(),
});
export type PortCall = z.infer<typeof portCallSchema>;

export const voyagePeriodSchema = z.object({
  kind: z.enum(['anchorage', 'drift']),
  startTime: z.iso.datetime(),
  endTime: z.iso.datetime().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  place: z.string().nullable(),
  purpose: z.string().nullable(),
});
export type VoyagePeriod = z.infer<typeof voyagePeriodSchema>;

/** A voyage runs from a departure from its loading or discharge port to the next such departure. */
export const voyageSchema = z.object({
  voyageNumber: z.number().int(),
  departurePort: z.string().nullable(),
  arrivalPort: z.string().nullable(),
  departureTime: z.iso.datetime().nullable(),
  arrivalTime: z.iso.datetime().nullable(),
  /** The next voyage's departure; null while the voyage is the current one. */
  endTime: z.iso.datetime().nullable(),
  loadingStatus: loadingStatusSchema,
  distanceNm: z.number(),
  legs: z.array(voyageLegSchema),
  portCalls: z.array(portCallSchema),
  periods: z.array(voyagePeriodSchema),
});
export type Voyage = z.infer<typeof voyageSchema>;

export const voyagesResponseSchema = z.object({ items: z.array(voyageSchema) });
export type VoyagesResponse = z.infer<typeof voyagesResponseSchema>;
