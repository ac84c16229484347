import { z } from 'zod';
import { alarmStatisticsResponseSchema } from './alarms.ts';
import { telemetryLatestResponseSchema } from './telemetry.ts';

/** SPEC §5/§9: the factor statistics show at most four factors. */
export const MAX_OVERVIEW_FACTORS = 4;
/** The refusal when a fifth factor is chosen (SPEC §5 states the rule; the wording is ours). */
export const overviewMessages = {
  tooManyFactors: 'At most four factors can be selected',
  unknownFactor: 'Unknown factor',
} as const;

export const ciiPeriodSchema = z.enum(['day', 'month', 'year']);
export type CiiPeriod = z.infer<typeof ciiPeriodSchema>;

const rating = z.enum(['A', 'B', 'C', 'D', 'E']);

/** One period of the CII rating panel: attained from the measured fuel and distance, required for its year. */
export const overviewCiiPointSchema = z.object({
  /** Period start, ISO-8601 UTC. */
  start: z.iso.datetime(),
  distanceNm: z.number(),
  co2T: z.number(),
  attained: z.number().nullable(),
  required: z.number(),
  rating: rating.nullable(),
});

export const overviewCiiSchema = z.object({
  period: ciiPeriodSchema,
  points: z.array(overviewCiiPointSchema),
  /** Year to date, with the rating boundaries of the year (g CO2 / capacity·nm). */
  yearToDate: z.object({
    year: z.number().int(),
    attained: z.number().nullable(),
    required: z.number(),
    rating: rating.nullable(),
    boundaries: z.object({
      superior: z.number(),
      lower: z.number(),
      upper: z.number(),
      inferior: z.number(),
    }),
    /** Where the year is heading at the year-to-date daily averages. */
    projectedAttained: z.number().nullable(),
    projectedRating: rating.nullable(),
  }),
});

/** Daily CO2 of the year and the cumulative CO2 against the allowance implied by the required CII. */
export const overviewCo2Schema = z.object({
  year: z.number().int(),
  days: z.array(
    z.object({
      day: z.iso.date(),
      co2T: z.number(),
      cumulativeCo2T: z.number(),
      cumulativeAllowanceT: z.number(),
    }),
  ),
});

/** Fuel oil, diesel oil and lubricating oil: last bunkered quantity and remaining on board. */
export const overviewBunkerSchema = z.object({
  items: z.array(
    z.object({
      kind: z.enum(['fuel_oil', 'diesel_oil', 'lube_oil']),
      unit: z.enum(['t', 'm3']),
      lastBunkerQuantity: z.number().nullable(),
      lastBunkerTime: z.iso.datetime().nullable(),
      remainingOnBoard: z.number().nullable(),
    }),
  ),
});

export const overviewEcaSchema = z.object({
  /** Null when no position is known yet. */
  position: z.object({ lat: z.number(), lon: z.number(), sogKn: z.number(), cogDeg: z.number() }).nullable(),
  inside: z.boolean(),
  insideZone: z.string().nullable(),
  nearestZone: z.string().nullable(),
  distanceNm: z.number().nullable(),
  /** Hours to the boundary along the track at the current SOG (null when the course does not lead there). */
  hours: z.number().nullable(),
  state: z.enum(['normal', 'warning']),
  changeOverTip: z.boolean(),
  warningDistanceNm: z.number(),
  tipDistanceNm: z.number(),
});

/** GET /api/v1/overview?period= */
export const overviewQuerySchema = z.object({ period: ciiPeriodSchema.default('day') });
export const overviewResponseSchema = z.object({
  /** Null when the ship's basic info (type, deadweight) is not filled in. */
  cii: overviewCiiSchema.nullable(),
  co2: overviewCo2Schema.nullable(),
  bunker: overviewBunkerSchema,
  eca: overviewEcaSchema,
});
export type OverviewResponse = z.infer<typeof overviewResponseSchema>;

/** The overview's panels, in page order. */
export const overviewPanels = [
  'ciiRating',
  'factorStatistics',
  'ecaWarning',
  'navigationStatus',
  'co2Management',
  'bunkerRecord',
  'alarmStatistics',
] as const;

/** Per-device overview settings: the chosen factors (channel ids) and the panels hidden. */
export const overviewSettingsSchema = z.object({
  factors: z
    .array(z.string().min(1).max(200))
    .max(MAX_OVERVIEW_FACTORS, { error: overviewMessages.tooManyFactors }),
  hiddenPanels: z.array(z.enum(overviewPanels)).max(overviewPanels.length).default([]),
});
export type OverviewSettings = z.infer<typeof overviewSettingsSchema>;

/** GET /api/v1/overview/factors: the chosen factors with their value now and the last 24 hours hourly. */
export const overviewFactorsResponseSchema = z.object({
  factors: z.array(
    z.object({
      channel: z.string(),
      /** The channel's name from the catalogue (English in both languages for now). */
      label: z.string(),
      unit: z.string(),
      /** The decimals the console shows the channel with (as its live value's). */
      digits: z.number().int().min(0),
      value: z.number().nullable(),
      points: z.array(z.object({ t: z.iso.datetime(), mean: z.number() })),
    }),
  ),
});
export type OverviewFactorsResponse = z.infer<typeof overviewFactorsResponseSchema>;

/**
 * GET /api/v1/overview/page?period=: everything the overview draws first, in one answer (one round trip instead
 * of four when the console opens on the overview); each part is also its own endpoint, which the page refreshes.
 */
export const overviewPageResponseSchema = z.object({
  summary: overviewResponseSchema,
  factors: overviewFactorsResponseSchema,
  settings: overviewSettingsSchema,
  alarmStatistics: alarmStatisticsResponseSchema,
  /** The navigation panel's latest values (`overviewNavigation`), drawn until the live stream's first event. */
  navigation: telemetryLatestResponseSchema,
});
export type OverviewPageResponse = z.infer<typeof overviewPageResponseSchema>;
