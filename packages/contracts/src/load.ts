import { z } from 'zod';
import { loadMessages } from './messages.ts';
import { generatorNowSchema } from './monitoring.ts';

const isoTime = z.iso.datetime();

/** The generator sets of the ship (G/E 1–3). */
export const generatorIds = ['ge1', 'ge2', 'ge3'] as const;
export const generatorIdSchema = z.enum(generatorIds);
export type GeneratorId = z.infer<typeof generatorIdSchema>;

export { loadMessages };

/** One set's limits and priority. Priority 1 starts first and stops last. */
export const loadSetSettingsSchema = z
  .object({
    id: generatorIdSchema,
    priority: z.number().int().min(1).max(3),
    minLoadPct: z.number().min(10).max(60),
    maxLoadPct: z.number().min(50).max(100),
    available: z.boolean(),
  })
  .superRefine((s, ctx) => {
    if (s.maxLoadPct <= s.minLoadPct) {
      ctx.addIssue({ code: 'custom', path: ['maxLoadPct'], message: loadMessages.maxBelowMin });
    }
  });
export type LoadSetSettings = z.infer<typeof loadSetSettingsSchema>;

/** PUT /api/v1/load/settings — the power management limits the advice keeps to. */
export const loadSettingsSchema = z
  .object({
    sets: z.array(loadSetSettingsSchema),
    /** Spare power kept for the largest consumer starting (bow thruster, cargo crane), kW. */
    reserveKw: z.number().min(0).max(5000),
    /** The demand must need another set this long before a start is advised, s. */
    startDelayS: z.number().int().min(0).max(600),
    /** The demand must stay low this long before a stop is advised, s. */
    stopDelayS: z.number().int().min(0).max(3600),
  })
  .superRefine((s, ctx) => {
    const ids = s.sets.map((x) => x.id);
    if (ids.length !== generatorIds.length || generatorIds.some((id) => !ids.includes(id))) {
      ctx.addIssue({ code: 'custom', path: ['sets'], message: loadMessages.setsIncomplete });
    }
    const seen = new Set<number>();
    s.sets.forEach((x, i) => {
      if (seen.has(x.priority)) {
        ctx.addIssue({ code: 'custom', path: ['sets', i, 'priority'], message: loadMessages.priorityTaken });
      }
      seen.add(x.priority);
    });
    if (s.sets.length > 0 && !s.sets.some((x) => x.available)) {
      ctx.addIssue({ code: 'custom', path: ['sets'], message: loadMessages.noneAvailable });
    }
  });
export type LoadSettings = z.infer<typeof loadSettingsSchema>;

/** The settings in use and who set them (null: the defaults, never changed). */
export const loadSettingsInfoSchema = loadSettingsSchema.and(
  z.object({ updatedAt: isoTime.nullable(), updatedBy: z.string().nullable() }),
);
export type LoadSettingsInfo = z.infer<typeof loadSettingsInfoSchema>;

const curvePointSchema = z.object({ loadPct: z.number(), sfocGPerKwh: z.number() });

/** One set now, with its share of the advice. */
export const loadSetStatusSchema = z.object({
  id: generatorIdSchema,
  ratedKw: z.number(),
  /** null: no recent sample. */
  running: z.boolean().nullable(),
  powerKw: z.number().nullable(),
  loadPct: z.number().nullable(),
  runningHours: z.number(),
  /** Fuel over energy of the hours the set ran in the last 24 h, g/kWh at ISO LCV. */
  averageSfcGPerKwh: z.number().nullable(),
  /** Load the advice gives the set, kW (0: stopped). */
  optimisedKw: z.number().nullable(),
  optimisedLoadPct: z.number().nullable(),
  /** Median deviation of the measured SFOC from the shop test over 30 days, %; the optimiser applies it. */
  deviationPct: z.number().nullable(),
  curveSource: z.enum(['shop_test', 'measured']),
  /** The set now as G/E monitoring shows it (one computation: MonitoringService, domain `generatorNow`). */
  now: generatorNowSchema.nullable().optional(),
});
export type LoadSetStatus = z.infer<typeof loadSetStatusSchema>;

export const loadActionSchema = z.object({ kind: z.enum(['start', 'stop']), id: generatorIdSchema });
export type LoadAction = z.infer<typeof loadActionSchema>;

export const loadPlanSchema = z.object({
  running: z.array(generatorIdSchema),
  loadsKw: z.record(z.string(), z.number()),
  fuelKgPerH: z.number(),
});
export type LoadPlanDto = z.infer<typeof loadPlanSchema>;

/** Why there is no advice now. */
export const loadNoAdviceSchema = z.enum(['no_live_data', 'no_demand', 'demand_exceeds_capacity']);

/** GET /api/v1/load — the generators now, the advice, the last 24 hours and the curves. */
export const loadResponseSchema = z.object({
  at: isoTime,
  settings: loadSettingsInfoSchema,
  /** Electrical demand now (sum of the running sets' power), kW. */
  demandKw: z.number().nullable(),
  sets: z.array(loadSetStatusSchema),
  /** Fuel over energy of all sets in the last 24 h, g/kWh at ISO LCV. */
  averageSfcGPerKwh: z.number().nullable(),
  recommendation: z
    .object({
      plan: loadPlanSchema,
      actions: z.array(loadActionSchema),
      /** Fuel of the sets as they run now, on the same curves, kg/h. */
      actualFuelKgPerH: z.number(),
      /**
       * Fuel the running sets' meters show now (`electrical.generators.<set>.fuel.massFlow`), kg/h: the figure G/E
       * monitoring shows; null without a fresh reading. Absent from answers stored before it existed.
       */
      measuredFuelKgPerH: z.number().nullable().optional(),
      savingKgPerH: z.number(),
      savingTPerMonth: z.number(),
      /** The demand the advice is for: the delays hold a start or stop until the demand has lasted. */
      demandKw: z.number(),
      held: z.enum(['start', 'stop']).nullable(),
    })
    .nullable(),
  reason: loadNoAdviceSchema.nullable(),
  /** The other feasible combinations, least fuel first. */
  plans: z.array(loadPlanSchema),
  /** Hour by hour over the last 24 h: what ran and what the advice would have run. */
  history: z.array(
    z.object({
      t: isoTime,
      demandKw: z.number(),
      runningSets: z.number().int(),
      optimisedSets: z.number().int().nullable(),
      fuelKgPerH: z.number(),
      optimisedFuelKgPerH: z.number().nullable(),
    }),
  ),
  curves: z.array(
    z.object({
      id: generatorIdSchema,
      ratedKw: z.number(),
      shopTest: z.array(curvePointSchema),
      /** The curve the optimiser uses (shop test with the set's deviation), every 5 %. */
      model: z.array(curvePointSchema),
      /** Measured hours of the last 30 days, median per 5 % load band. */
      measured: z.array(curvePointSchema.extend({ hours: z.number().int() })),
    }),
  ),
  curveSource: z.string(),
});
export type LoadResponse = z.infer<typeof loadResponseSchema>;
