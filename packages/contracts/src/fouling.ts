import { z } from 'zod';
import { hullMaintenanceKindSchema } from './records.ts';

const isoTime = z.iso.datetime();

/** GET /api/v1/fouling — the hull's performance over a range (default: the last 12 months). */
export const foulingQuerySchema = z
  .object({ from: isoTime.optional(), to: isoTime.optional() })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    path: ['to'],
    message: 'The end of the range must be after its start',
  });
export type FoulingQuery = z.infer<typeof foulingQuerySchema>;

const periodSchema = z.object({ from: isoTime, to: isoTime, mean: z.number(), blocks: z.number().int() });
/** An ISO 19030 indicator: evaluation − reference, percentage points (negative: speed lost). */
const indicatorSchema = z.object({ value: z.number(), reference: periodSchema, evaluation: periodSchema });

export const foulingRatingSchema = z.enum(['excellent', 'good', 'fair', 'poor']);
export const foulingTipSchema = z.enum(['no_worsening', 'worsening', 'severe']);

export const foulingResponseSchema = z.object({
  from: isoTime,
  to: isoTime,
  /** Daily mean performance value of the valid 10-minute blocks, % (negative: speed loss). */
  daily: z.array(z.object({ date: z.string(), pv: z.number(), blocks: z.number().int() })),
  /** Coverage: 10-minute blocks seen, kept, and why the others were not. */
  blocks: z.object({
    total: z.number().int(),
    valid: z.number().int(),
    rejected: z.record(z.string(), z.number().int()),
  }),
  /** The hull now: the last 30 days of valid blocks (fewer since a maintenance event). */
  current: z
    .object({
      pv: z.number(),
      speedLossPct: z.number(),
      rating: foulingRatingSchema,
      tip: foulingTipSchema,
      from: isoTime,
      blocks: z.number().int(),
    })
    .nullable(),
  /** PV trend since the last maintenance event, points per 30 days. */
  trend: z
    .object({ slopePer30d: z.number(), stdError: z.number(), since: isoTime, points: z.number().int() })
    .nullable(),
  /** What the fouling costs at the ship's usual sea speed. */
  hullCondition: z
    .object({
      speedLossPct: z.number(),
      addedPowerPct: z.number(),
      usualSpeedKn: z.number(),
      usualFuelTPerDay: z.number(),
      fuelPenaltyTPerDay: z.number(),
      co2PenaltyTPerYear: z.number(),
    })
    .nullable(),
  indicators: z.object({
    dryDocking: indicatorSchema.nullable(),
    inService: indicatorSchema.nullable(),
    maintenanceTrigger: indicatorSchema.nullable(),
  }),
  /** Maintenance events of the range with the effect each had (points; null without enough data around it). */
  maintenance: z.array(
    z.object({
      id: z.number().int(),
      kind: hullMaintenanceKindSchema,
      place: z.string(),
      startTime: isoTime,
      endTime: isoTime,
      remark: z.string(),
      effect: indicatorSchema.nullable(),
    }),
  ),
});
export type FoulingResponse = z.infer<typeof foulingResponseSchema>;
