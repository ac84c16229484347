import { z } from 'zod';
import { fuelTypeIdSchema } from './ship.ts';

/** SPEC §5: free-text inputs take at most 32 characters. */
const text32 = z.string().trim().min(1).max(32);
const longText = z.string().trim().min(1).max(500);
const isoTime = z.iso.datetime();

const timeRange = <T extends { startTime: string; endTime: string }>(v: T, ctx: z.core.$RefinementCtx<T>) => {
  if (Date.parse(v.endTime) < Date.parse(v.startTime)) {
    ctx.addIssue({
      code: 'custom',
      path: ['endTime'],
      message: 'The end time must not be before the start time',
    });
  }
};

const recordMeta = { id: z.number().int(), source: z.enum(['crew', 'simulator']), createdAt: isoTime };

/** Bunker record (SPEC §3): port, fuel type, quantity, supplier, start and end time, tank number. */
export const bunkerRecordInputSchema = z
  .object({
    port: text32,
    fuelType: fuelTypeIdSchema,
    quantityT: z.number().positive().max(10_000),
    supplier: text32,
    startTime: isoTime,
    endTime: isoTime,
    tankNumber: text32,
    sulphurPct: z.number().min(0).max(5).nullable().optional(),
    bdnNumber: text32.nullable().optional(),
  })
  .superRefine(timeRange);
export type BunkerRecordInput = z.infer<typeof bunkerRecordInputSchema>;
export const bunkerRecordSchema = z.object({
  ...recordMeta,
  port: z.string(),
  fuelType: fuelTypeIdSchema,
  quantityT: z.number(),
  supplier: z.string(),
  startTime: isoTime,
  endTime: isoTime,
  tankNumber: z.string(),
  sulphurPct: z.number().nullable(),
  bdnNumber: z.string().nullable(),
});
export type BunkerRecord = z.infer<typeof bunkerRecordSchema>;

/** Where (optional) and when maintenance work was done, as the crew enters it… */
const whereAndWhenInput = {
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  startTime: isoTime,
  endTime: isoTime,
};
/** …and as a stored record shows it. */
const whereAndWhen = {
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  startTime: isoTime,
  endTime: isoTime,
};

/** Oil change record (SPEC §3): oil type before and after, position, start and end time, reason, operator. */
export const oilChangeRecordInputSchema = z
  .object({
    equipment: text32,
    oilTypeBefore: z.string().trim().min(1).max(64),
    oilTypeAfter: z.string().trim().min(1).max(64),
    ...whereAndWhenInput,
    reason: longText,
    operator: text32,
  })
  .superRefine(timeRange);
export type OilChangeRecordInput = z.infer<typeof oilChangeRecordInputSchema>;
export const oilChangeRecordSchema = z.object({
  ...recordMeta,
  equipment: z.string(),
  oilTypeBefore: z.string(),
  oilTypeAfter: z.string(),
  ...whereAndWhen,
  reason: z.string(),
  operator: z.string(),
});
export type OilChangeRecord = z.infer<typeof oilChangeRecordSchema>;

/** What hull maintenance was done (ISO 19030 maintenance events). */
export const hullMaintenanceKindSchema = z.enum(['hull_cleaning', 'propeller_polishing', 'dry_dock']);
export type HullMaintenanceKind = z.infer<typeof hullMaintenanceKindSchema>;

/** Hull cleaning record: where, when, what kind of work, and what was done or found. */
export const hullCleaningRecordInputSchema = z
  .object({
    kind: hullMaintenanceKindSchema.default('hull_cleaning'),
    place: z.string().trim().min(1).max(64),
    ...whereAndWhenInput,
    remark: longText,
  })
  .superRefine(timeRange);
export type HullCleaningRecordInput = z.infer<typeof hullCleaningRecordInputSchema>;
export const hullCleaningRecordSchema = z.object({
  ...recordMeta,
  kind: hullMaintenanceKindSchema,
  place: z.string(),
  ...whereAndWhen,
  remark: z.string(),
});
export type HullCleaningRecord = z.infer<typeof hullCleaningRecordSchema>;

/** GET list routes: optional time window on the start time, newest first. */
export const recordsQuerySchema = z.object({
  from: isoTime.optional(),
  to: isoTime.optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});
export type RecordsQuery = z.infer<typeof recordsQuerySchema>;

export const bunkerRecordsResponseSchema = z.object({ items: z.array(bunkerRecordSchema) });
export const oilChangeRecordsResponseSchema = z.object({ items: z.array(oilChangeRecordSchema) });
export const hullCleaningRecordsResponseSchema = z.object({ items: z.array(hullCleaningRecordSchema) });

/** `:id` of PUT and DELETE /api/v1/records/{kind}/:id. */
export const recordIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
