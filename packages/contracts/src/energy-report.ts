import { z } from 'zod';
import { checkRange, rangeMessages } from './range.ts';

const isoTime = z.iso.datetime();

export const energyReportPeriodSchema = z.enum(['day', 'month', 'voyage']);
export type EnergyReportPeriod = z.infer<typeof energyReportPeriodSchema>;

/** The query's messages, shown word for word in English and translated by the console. */
export const energyReportMessages = rangeMessages;

/**
 * GET /api/v1/energy-report?period=&from=&to= — the fuel oil report: one row per ship day, ship month or voyage
 * in the range (default: the last 30 days, 12 months or 12 voyages).
 */
export const energyReportQuerySchema = z
  .object({
    period: energyReportPeriodSchema.default('day'),
    from: isoTime.optional(),
    to: isoTime.optional(),
  })
  .superRefine(checkRange);
export type EnergyReportQuery = z.infer<typeof energyReportQuerySchema>;

/** t by fuel kind (the ship's tanks: HFO, LFO, MGO). */
const byKindSchema = z.object({ hfo: z.number(), lfo: z.number(), mgo: z.number() });
/** t by consumer. */
const byConsumerSchema = z.object({
  me: z.number(),
  ge1: z.number(),
  ge2: z.number(),
  ge3: z.number(),
  boiler1: z.number(),
  boiler2: z.number(),
});

export const energyReportRowSchema = z.object({
  /** `2026-11-24` (ship day), `2026-11` (ship month) or the voyage number. */
  label: z.string(),
  from: isoTime,
  to: isoTime,
  consumedT: byKindSchema,
  byConsumerT: byConsumerSchema,
  bunkeredT: byKindSchema,
  /** Remaining on board at the end of the period (the last tank reading before it), null where none. */
  robT: z.object({ hfo: z.number().nullable(), lfo: z.number().nullable(), mgo: z.number().nullable() }),
  /** Voyage rows: distance sailed, nm. */
  distanceNm: z.number().nullable(),
});
export type EnergyReportRow = z.infer<typeof energyReportRowSchema>;

export const energyReportResponseSchema = z.object({
  period: energyReportPeriodSchema,
  from: isoTime,
  to: isoTime,
  rows: z.array(energyReportRowSchema),
  total: z.object({ consumedT: byKindSchema, byConsumerT: byConsumerSchema, bunkeredT: byKindSchema }),
});
export type EnergyReportResponse = z.infer<typeof energyReportResponseSchema>;

/** GET /api/v1/energy-report/export — the same report as an XLSX or PDF file in a language. */
export const energyReportExportQuerySchema = energyReportQuerySchema.and(
  z.object({ format: z.enum(['xlsx', 'pdf']), lang: z.enum(['zh_CN', 'en_US']).default('en_US') }),
);
export type EnergyReportExportQuery = z.infer<typeof energyReportExportQuerySchema>;
