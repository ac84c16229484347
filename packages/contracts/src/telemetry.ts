import { z } from 'zod';

/** One channel of the catalogue as the API shows it (limits and range in display units). */
export const telemetryChannelSchema = z.object({
  id: z.string(),
  equipment: z.string(),
  label: z.string(),
  unit: z.string(),
  siUnit: z.string(),
  range: z.tuple([z.number(), z.number()]),
  limits: z.object({
    lowlow: z.number().optional(),
    low: z.number().optional(),
    high: z.number().optional(),
    highhigh: z.number().optional(),
  }),
});
export type TelemetryChannel = z.infer<typeof telemetryChannelSchema>;

/** GET /api/v1/telemetry/channels */
export const telemetryChannelsResponseSchema = z.object({ channels: z.array(telemetryChannelSchema) });
export type TelemetryChannelsResponse = z.infer<typeof telemetryChannelsResponseSchema>;

const channelList = z
  .string()
  .min(1)
  .max(8000)
  .transform((s) =>
    s
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
  );

/** GET /api/v1/telemetry/latest?channels=a,b */
export const telemetryLatestQuerySchema = z.object({ channels: channelList });
export const telemetryLatestValueSchema = z.object({
  channel: z.string(),
  t: z.iso.datetime(),
  value: z.number(),
  unit: z.string(),
  /** The decimals the console shows the value with (the domain's `displayDigitsOf`: one step per unit). */
  digits: z.number().int().min(0),
});
export type TelemetryLatestValue = z.infer<typeof telemetryLatestValueSchema>;
export const telemetryLatestResponseSchema = z.object({ values: z.array(telemetryLatestValueSchema) });
export type TelemetryLatestResponse = z.infer<typeof telemetryLatestResponseSchema>;

/** GET /api/v1/telemetry/trend?channel=&from=&to=&points= (at most 2,000 points, min/max per bucket). */
export const telemetryTrendQuerySchema = z
  .object({
    channel: z.string().min(1).max(200),
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
    points: z.coerce.number().int().min(1).max(2000).default(2000),
  })
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), { message: 'from must be before to', path: ['to'] });
export type TelemetryTrendQuery = z.infer<typeof telemetryTrendQuerySchema>;

export const telemetryTrendPointSchema = z.object({
  /** Bucket start, ISO-8601 UTC. */
  t: z.iso.datetime(),
  mean: z.number(),
  min: z.number(),
  max: z.number(),
  count: z.number().int(),
});
export const telemetryTrendResponseSchema = z.object({
  channel: z.string(),
  unit: z.string(),
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  bucketSeconds: z.number(),
  source: z.enum(['raw', '1m', '1h', '1d']),
  points: z.array(telemetryTrendPointSchema),
});
export type TelemetryTrendResponse = z.infer<typeof telemetryTrendResponseSchema>;

/** GET /api/v1/telemetry/live?channels=a,b&dcToken= — server-sent events, one `values` event per second. */
export const telemetryLiveQuerySchema = z.object({ channels: channelList, dcToken: z.string().optional() });
/** The data of each `values` event of the live stream. */
export const telemetryLiveEventSchema = z.object({
  serverTime: z.iso.datetime(),
  values: z.array(telemetryLatestValueSchema),
});
export type TelemetryLiveEvent = z.infer<typeof telemetryLiveEventSchema>;

const rejectReasons = z.enum([
  'malformed',
  'bad_checksum',
  'unknown_path',
  'out_of_range',
  'not_a_number',
  'empty_value',
  'unsupported_sentence',
  'store_failed',
  'disk_full',
  'out_of_time',
  'wrong_type',
  'lower_priority',
  'unsupported_pgn',
  'duplicate_time',
]);

/** GET /api/v1/ingest/status */
export const ingestStatusResponseSchema = z.object({
  sources: z.array(
    z.object({
      source: z.string(),
      accepted: z.number().int(),
      rejected: z.partialRecord(rejectReasons, z.number().int()),
      lastAcceptedAt: z.iso.datetime().nullable(),
      lastRejectedAt: z.iso.datetime().nullable(),
      lastReject: z.object({ reason: rejectReasons, detail: z.string() }).nullable(),
    }),
  ),
  /** The configured adapters and the state of each one's link to its peer. */
  adapters: z.array(
    z.object({
      name: z.string(),
      state: z.enum(['listening', 'connecting', 'connected', 'reconnecting', 'error']),
      detail: z.string().nullable(),
      since: z.iso.datetime(),
    }),
  ),
});
export type IngestStatusResponse = z.infer<typeof ingestStatusResponseSchema>;

/** POST /api/v1/ingest/signalk — one Signal K delta or an array of them; 200 once stored. */
export const signalKDeltaSchema = z.looseObject({
  context: z.string().optional(),
  updates: z.array(
    z.looseObject({
      timestamp: z.string().optional(),
      values: z.array(z.looseObject({ path: z.string(), value: z.unknown() })),
    }),
  ),
});
export const ingestSignalKRequestSchema = z.union([
  signalKDeltaSchema,
  z.array(signalKDeltaSchema).max(10_000),
]);
export const ingestAckSchema = z.object({ accepted: z.number().int(), rejected: z.number().int() });
export type IngestAck = z.infer<typeof ingestAckSchema>;

/** POST /api/v1/ingest/csv — starts an import job; poll GET /api/v1/ingest/csv/{id} for progress. */
export const ingestCsvRequestSchema = z.object({
  csv: z.string().min(1),
  mapping: z.object({
    timeColumn: z.string().min(1),
    utcOffsetMinutes: z.number().int().min(-720).max(840).optional(),
    delimiter: z.string().length(1).optional(),
    columns: z.record(z.string(), z.object({ channel: z.string(), si: z.boolean().optional() })),
  }),
  /** Source name for the status counters, e.g. `csv:noon-reports`. */
  source: z.string().max(80).optional(),
});
export type IngestCsvRequest = z.infer<typeof ingestCsvRequestSchema>;
export const ingestCsvJobSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  rowsDone: z.number().int(),
  rowsTotal: z.number().int(),
  /** 0–1. */
  progress: z.number(),
  accepted: z.number().int(),
  rejected: z.number().int(),
  error: z.string().optional(),
});
export type IngestCsvJob = z.infer<typeof ingestCsvJobSchema>;
export const ingestCsvJobParamsSchema = z.object({ id: z.string().max(64) });
