import { z } from 'zod';
import { dcsDataSchema } from './reports.ts';

/** CII rating letters, best first (MEPC.354(78)). */
export const ciiRatings = ['A', 'B', 'C', 'D', 'E'] as const;
export const ciiRatingSchema = z.enum(ciiRatings);
export type CiiRatingLetter = z.infer<typeof ciiRatingSchema>;

/** Statistics dimensions (SPEC §2): a calendar year, one voyage at a time, or a custom period. */
export const ciiDimensions = ['annual', 'voyage', 'custom'] as const;
/** Units of the line chart's periods (SPEC §2). */
export const ciiUnits = ['week', 'month', 'year'] as const;

/** SPEC §5: the simulator requires sailing speed and expected sailing days; the web app translates these. */
export const ciiMessages = {
  speed: 'Please enter the sailing speed',
  days: 'Please enter the expected sailing days',
  customRange: 'Please select the start and end dates',
} as const;

const yearSchema = z.coerce.number().int().min(2019).max(2030);

/** GET /api/v1/cii/statistics */
export const ciiStatisticsQuerySchema = z
  .object({
    dimension: z.enum(ciiDimensions).default('annual'),
    unit: z.enum(ciiUnits).default('month'),
    /** Annual and voyage dimensions: the calendar year (default: the current one). */
    year: yearSchema.optional(),
    /** Custom dimension: inclusive start and end dates (UTC). */
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    /** Search: voyage number (exact) or port name (contains), case-insensitive. */
    search: z.string().trim().max(32).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.dimension !== 'custom') return;
    if (!q.from || !q.to) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: ciiMessages.customRange });
    } else if (q.to < q.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: ciiMessages.customRange });
    }
  });
export type CiiStatisticsQuery = z.input<typeof ciiStatisticsQuerySchema>;

export const ciiBoundariesSchema = z.object({
  superior: z.number(),
  lower: z.number(),
  upper: z.number(),
  inferior: z.number(),
});
export type CiiBoundariesDto = z.infer<typeof ciiBoundariesSchema>;

/** A CII figure with what it is judged against; g CO2/(capacity·nm). `attainedCii` is null without distance. */
export const ciiFigureSchema = z.object({
  year: z.number().int(),
  attainedCii: z.number().nullable(),
  requiredCii: z.number(),
  referenceCii: z.number(),
  reductionFactorPct: z.number(),
  boundaries: ciiBoundariesSchema,
  rating: ciiRatingSchema.nullable(),
  co2T: z.number(),
  fuelT: z.record(z.string(), z.number()),
  distanceNm: z.number(),
  hoursUnderway: z.number(),
});
export type CiiFigure = z.infer<typeof ciiFigureSchema>;

/** One point of the line chart: a week, month, year or voyage. */
export const ciiSeriesPointSchema = ciiFigureSchema.extend({
  label: z.string(),
  from: z.iso.datetime(),
  to: z.iso.datetime(),
});
export type CiiSeriesPoint = z.infer<typeof ciiSeriesPointSchema>;

/** SPEC §3 "CII voyage row". */
export const ciiVoyageRowSchema = z.object({
  voyageNumber: z.string(),
  startPort: z.string().nullable(),
  /** The port's Chinese name where the crew recorded one. */
  startPortZh: z.string().nullable(),
  arrivalPort: z.string().nullable(),
  arrivalPortZh: z.string().nullable(),
  startTime: z.iso.datetime(),
  arrivalTime: z.iso.datetime(),
  co2T: z.number(),
  fuelT: z.number(),
  fuelByTypeT: z.record(z.string(), z.number()),
  distanceNm: z.number(),
  hoursUnderway: z.number(),
  cargoT: z.number(),
  attainedCii: z.number().nullable(),
  requiredCii: z.number(),
  rating: ciiRatingSchema.nullable(),
});
export type CiiVoyageRow = z.infer<typeof ciiVoyageRowSchema>;

export const ciiShipHeaderSchema = z.object({
  nameEn: z.string(),
  imoNumber: z.string(),
  shipType: z.string(),
  capacity: z.number(),
  capacityBasis: z.enum(['DWT', 'GT']),
});

export const ciiStatisticsResponseSchema = z.object({
  /** The rules the figures follow, e.g. `cii:MEPC.352(78)+…`. */
  ruleSet: z.string(),
  dimension: z.enum(ciiDimensions),
  unit: z.enum(ciiUnits),
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  ship: ciiShipHeaderSchema,
  /** The whole selected period (annual: year to date). */
  summary: ciiFigureSchema,
  series: z.array(ciiSeriesPointSchema),
  voyages: z.array(ciiVoyageRowSchema),
  /** Years with records available, for the year picker. */
  years: z.array(z.number().int()),
});
export type CiiStatisticsResponse = z.infer<typeof ciiStatisticsResponseSchema>;

/** GET /api/v1/cii/report?year= — the report samples behind "view report". */
export const ciiReportQuerySchema = z.object({ year: yearSchema.optional() });
export type CiiReportQuery = z.input<typeof ciiReportQuerySchema>;

/** Corrective actions of SEEMP Part III (MEPC.346(78)); the web app translates the codes. */
export const ciiCorrectiveActions = [
  'speed_optimisation',
  'hull_cleaning',
  'propeller_polishing',
  'trim_optimisation',
  'weather_routing',
  'engine_load_management',
  'just_in_time_arrival',
] as const;

export const seempYearSchema = z.object({
  year: z.number().int(),
  kind: z.enum(['attained', 'planned']),
  requiredCii: z.number(),
  boundaries: ciiBoundariesSchema,
  /** Attained (past years, year to date) or planned target (future years: the required CII). */
  attainedCii: z.number().nullable(),
  rating: ciiRatingSchema.nullable(),
});

/** SEEMP Part I: the energy-efficiency measures the console monitors and advises on (MEPC.346(78) Part I). */
export const seempMeasures = [
  'speed_optimisation',
  'voyage_planning',
  'trim_optimisation',
  'hull_maintenance',
  'generator_load',
  'engine_monitoring',
  'fuel_management',
] as const;

/** A number of the year from the voyage ledger, for SEEMP Part I's monitoring. */
const seempYearFiguresSchema = z.object({
  year: z.number().int(),
  fuelT: z.number(),
  co2T: z.number(),
  distanceNm: z.number(),
  hoursUnderway: z.number(),
  /** Fuel per distance, t/nm; null without distance. */
  fuelPerDistanceTPerNm: z.number().nullable(),
  attainedCii: z.number().nullable(),
  rating: ciiRatingSchema.nullable(),
});

export const ciiReportResponseSchema = z.object({
  year: z.number().int(),
  /** The rules the CII figures follow; the DCS sample's are in `seempPart2.ruleSet`. */
  ruleSet: z.string(),
  generatedAt: z.iso.datetime(),
  ship: ciiShipHeaderSchema.extend({
    flagState: z.string(),
    deadweightT: z.number(),
    grossTonnage: z.number().nullable(),
    netTonnage: z.number().nullable(),
  }),
  seemp: z.object({
    /** The reporting year, the two before it, and the three-year implementation plan after it. */
    years: z.array(seempYearSchema),
    corrective: z.object({
      required: z.boolean(),
      reason: z.enum(['rated_e', 'rated_d_three_consecutive_years']).nullable(),
      years: z.array(z.number().int()),
      source: z.string(),
    }),
    actions: z.array(z.enum(ciiCorrectiveActions)),
  }),
  /** SEEMP Part I: the measures, where the console monitors each, and the year's figures beside the year before. */
  seempPart1: z.object({
    measures: z.array(z.object({ id: z.enum(seempMeasures), page: z.string() })),
    years: z.array(seempYearFiguresSchema),
  }),
  /** SEEMP Part II: the ship fuel oil consumption data collection plan (MEPC.346(78) Part II, appendix 2). */
  seempPart2: z.object({
    engines: z.array(
      z.object({
        kind: z.enum(['main', 'auxiliary', 'boiler']),
        count: z.number().int(),
        ratedPowerKw: z.number().nullable(),
      }),
    ),
    fuels: z.array(
      z.object({
        fuelType: z.string(),
        imoFuelId: z.string(),
        cfCo2TPerT: z.number(),
        maxCapacityT: z.number().nullable(),
      }),
    ),
    consumptionMethod: z.string(),
    /** The rule set the DCS figures are computed with. */
    ruleSet: z.string(),
    /** The data-quality limits entry and the reports apply (docs/regulations.md, "Plausibility"). */
    quality: z.object({
      maxLegSpeedKn: z.number(),
      longLegHours: z.number(),
      minLongLegDistanceNm: z.number(),
      robToleranceT: z.number(),
      robTolerancePercent: z.number(),
    }),
  }),
  /** IMO DCS reporting format (MARPOL Annex VI Appendix IX) for the year. */
  dcs: dcsDataSchema,
  /** Trial CII: the year to date worked through the formulas, with the resolutions used. */
  trial: ciiFigureSchema.extend({
    capacity: z.number(),
    capacityBasis: z.enum(['DWT', 'GT']),
    rules: z.array(z.string()),
  }),
});
export type CiiReportResponse = z.infer<typeof ciiReportResponseSchema>;

const speedList = z
  .union([z.string(), z.array(z.string())], { error: ciiMessages.speed })
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .filter((s) => s.trim() !== '')
      .map(Number),
  )
  .pipe(
    z
      .array(z.number({ error: ciiMessages.speed }).gt(0, { error: ciiMessages.speed }).max(30))
      .min(1, { error: ciiMessages.speed })
      .max(6),
  );

/** GET /api/v1/cii/simulator?speeds=11,12.5,14&days=60&rating=C */
export const ciiSimulatorQuerySchema = z.object({
  speeds: speedList,
  days: z.coerce
    .number({ error: ciiMessages.days })
    .gt(0, { error: ciiMessages.days })
    .max(366, { error: ciiMessages.days }),
  rating: ciiRatingSchema.default('C'),
  year: yearSchema.optional(),
});
export type CiiSimulatorQuery = z.input<typeof ciiSimulatorQuerySchema>;

export const ciiScenarioSchema = z.object({
  speedKn: z.number(),
  dailyFuelT: z.number(),
  plannedDistanceNm: z.number(),
  plannedFuelT: z.number(),
  yearDistanceNm: z.number(),
  yearCo2T: z.number(),
  attainedCii: z.number(),
  rating: ciiRatingSchema,
});
export type CiiScenario = z.infer<typeof ciiScenarioSchema>;

export const ciiSimulatorResponseSchema = z.object({
  year: z.number().int(),
  days: z.number(),
  model: z.object({
    a: z.number(),
    b: z.number(),
    r2: z.number(),
    n: z.number().int(),
    constrained: z.boolean(),
    minSpeedKn: z.number(),
    maxSpeedKn: z.number(),
    source: z.enum(['telemetry', 'voyages']),
  }),
  soFar: ciiFigureSchema,
  requiredCii: z.number(),
  boundaries: ciiBoundariesSchema,
  scenarios: z.array(ciiScenarioSchema),
  /** Attained CII over a speed sweep, for the chart. */
  curve: z.array(z.object({ speedKn: z.number(), attainedCii: z.number(), rating: ciiRatingSchema })),
  maxSpeed: z.object({ rating: ciiRatingSchema, speedKn: z.number().nullable() }),
});
export type CiiSimulatorResponse = z.infer<typeof ciiSimulatorResponseSchema>;

/** `details.reason` of the 409 answers. */
export const ciiConflictReasons = ['ship_incomplete', 'no_history', 'records_inconsistent'] as const;
