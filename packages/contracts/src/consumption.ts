import { z } from 'zod';
import { checkRange } from './range.ts';

const isoTime = z.iso.datetime();

export const consumerSchema = z.enum(['me', 'ge1', 'ge2', 'ge3', 'boiler1', 'boiler2']);
export const operatingModeSchema = z.enum(['sea_passage', 'manoeuvring', 'port', 'anchorage', 'drifting']);

export { consumptionMessages } from './messages.ts';

/** GET /api/v1/consumption?from=&to= — a range of whole hours (default: the last 30 days). */
export const consumptionQuerySchema = z
  .object({ from: isoTime.optional(), to: isoTime.optional() })
  .superRefine(checkRange);
export type ConsumptionQuery = z.infer<typeof consumptionQuerySchema>;

const figuresSchema = z.object({ fuelT: z.number(), co2T: z.number(), energyGj: z.number() });

const periodSchema = z.object({
  from: isoTime,
  to: isoTime,
  /** Hours with stored fuel data. */
  hours: z.number().int(),
  total: figuresSchema,
  byConsumer: z.array(figuresSchema.extend({ consumer: consumerSchema })),
  byMode: z.array(figuresSchema.extend({ mode: operatingModeSchema, hours: z.number().int() })),
  /** Fuel, t, of each consumer in each mode. */
  matrix: z.array(z.object({ consumer: consumerSchema, mode: operatingModeSchema, fuelT: z.number() })),
});
export type ConsumptionPeriod = z.infer<typeof periodSchema>;

export const consumptionResponseSchema = z.object({
  current: periodSchema,
  /** The period of the same length just before, for comparison. */
  previous: periodSchema,
});
export type ConsumptionResponse = z.infer<typeof consumptionResponseSchema>;
