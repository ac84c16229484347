import { z } from 'zod';
import { equipmentMessages } from './messages.ts';

const isoTime = z.iso.datetime();

export const equipmentUnits = ['me', 'ge1', 'ge2', 'ge3', 'boiler1', 'boiler2'] as const;
export const equipmentUnitSchema = z.enum(equipmentUnits);
export type EquipmentUnit = z.infer<typeof equipmentUnitSchema>;

export { equipmentMessages };

const sfocPoint = z.object({
  loadPct: z.number().min(5).max(120),
  sfocGPerKwh: z.number().min(120).max(400),
});
const sfocPoints = z
  .array(sfocPoint)
  .max(20)
  .superRefine((points, ctx) => {
    if (points.length < 3) ctx.addIssue({ code: 'custom', message: equipmentMessages.tooFewPoints });
    for (let i = 1; i < points.length; i++) {
      if (points[i]!.loadPct <= points[i - 1]!.loadPct) {
        ctx.addIssue({ code: 'custom', path: [i, 'loadPct'], message: equipmentMessages.loadsIncreasing });
      }
    }
  });
const model = z.string().trim().min(1).max(64);

/** Nameplate and reference data of each unit, by kind (PUT /api/v1/equipment/:unit takes the unit's own). */
export const mainEngineParametersSchema = z.object({
  kind: z.literal('main_engine'),
  model,
  mcrKw: z.number().min(100).max(100_000),
  mcrRpm: z.number().min(20).max(2_000),
  sfocPoints,
  propellerPitchM: z.number().min(0.5).max(15),
  propellerDiameterM: z.number().min(0.5).max(15),
});
export const generatorParametersSchema = z.object({
  kind: z.literal('generator'),
  model,
  ratedKw: z.number().min(10).max(20_000),
  sfocPoints,
});
export const boilerParametersSchema = z.object({
  kind: z.literal('boiler'),
  model,
  /** Steam output, kg/h. */
  capacityKgPerH: z.number().min(10).max(200_000),
  efficiencyPct: z.number().min(30).max(100),
  /** Exhaust-gas economisers burn no fuel. */
  oilFired: z.boolean(),
});
export const equipmentParametersSchema = z.discriminatedUnion('kind', [
  mainEngineParametersSchema,
  generatorParametersSchema,
  boilerParametersSchema,
]);
export type EquipmentParameters = z.infer<typeof equipmentParametersSchema>;

export const equipmentUnitParamsSchema = z.object({ unit: equipmentUnitSchema });

export const equipmentEntrySchema = z.object({
  unit: equipmentUnitSchema,
  parameters: equipmentParametersSchema,
  /** null while the unit has the product's reference data (never changed). */
  updatedAt: isoTime.nullable(),
  updatedBy: z.string().nullable(),
});
export type EquipmentEntry = z.infer<typeof equipmentEntrySchema>;

/** GET /api/v1/equipment — every unit's parameters. */
export const equipmentResponseSchema = z.object({ items: z.array(equipmentEntrySchema), source: z.string() });
export type EquipmentResponse = z.infer<typeof equipmentResponseSchema>;

export const assessmentRatingSchema = z.enum(['excellent', 'good', 'normal', 'serious']);
export type AssessmentRating = z.infer<typeof assessmentRatingSchema>;

/** GET /api/v1/equipment/assessment?days= — each unit rated by its deviation from its baseline over the period. */
export const assessmentQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });
export const assessmentItemSchema = z.object({
  unit: z.enum([...equipmentUnits, 'hull']),
  rating: assessmentRatingSchema.nullable(),
  /** Median deviation from the baseline, % (SFOC above shop test; hull speed loss). */
  deviationPct: z.number().nullable(),
  /** The same in the period before, for the trend. */
  previousDeviationPct: z.number().nullable(),
  previousRating: assessmentRatingSchema.nullable(),
  /** Hours of data behind the rating: an engine's full hours in the period; the hull's valid hours of the last 30 days. */
  points: z.number().int(),
  /** Why there is no rating. */
  reason: z.enum(['no_data', 'no_baseline']).nullable(),
  detail: z
    .object({
      ratedPowerKw: z.number(),
      reference: z.array(z.object({ loadPct: z.number(), sfocGPerKwh: z.number() })),
      measured: z.array(
        z.object({ t: isoTime, loadPct: z.number(), sfocGPerKwh: z.number(), deviationPct: z.number() }),
      ),
    })
    .nullable(),
  /** The hull row's detail: the daily ISO 19030 performance values behind its rating (last 30 days). */
  hullDetail: z
    .object({
      from: isoTime,
      daily: z.array(z.object({ date: z.string(), pv: z.number(), blocks: z.number().int() })),
      /** Start of the rating's data: the last 30 days, or the latest hull maintenance within them. */
      ratedFrom: isoTime.nullable(),
    })
    .nullable()
    .optional(),
  /** A boiler row's detail: what it did in the period, and whether it burns fuel at all. */
  boilerDetail: z
    .object({
      oilFired: z.boolean(),
      runningHours: z.number(),
      fuelT: z.number(),
      hours: z.array(
        z.object({
          t: isoTime,
          steamPressureBar: z.number().nullable(),
          fuelKgPerH: z.number().nullable(),
          runningShare: z.number().nullable(),
        }),
      ),
    })
    .nullable()
    .optional(),
});
export type AssessmentItem = z.infer<typeof assessmentItemSchema>;
export const assessmentResponseSchema = z.object({
  from: isoTime,
  to: isoTime,
  items: z.array(assessmentItemSchema),
  /** Deviation limits of the ratings, % (excellent ≤ first, good ≤ second, normal ≤ third). */
  limits: z.tuple([z.number(), z.number(), z.number()]),
});
export type AssessmentResponse = z.infer<typeof assessmentResponseSchema>;
