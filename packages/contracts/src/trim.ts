import { z } from 'zod';

const isoTime = z.iso.datetime();
const pair = z.tuple([z.number(), z.number()]);

const trimBinSchema = z.object({
  speedKn: z.number(),
  draftM: z.number(),
  samples: z.number().int(),
  trimRange: pair,
  status: z.enum(['ok', 'not_enough_samples', 'narrow_trim_range', 'uncertain']),
  optimumM: z.number().nullable(),
  interval: pair.nullable(),
  r2: z.number().nullable(),
  fit: z.object({ a: z.number(), b: z.number(), c: z.number() }).nullable(),
});
export type TrimBinDto = z.infer<typeof trimBinSchema>;

/** Why there is no advice now. */
export const trimNoAdviceSchema = z.enum([
  'no_live_data',
  'not_sailing',
  'no_bin',
  'not_enough_samples',
  'narrow_trim_range',
  'uncertain',
]);

/** POST /api/v1/trim/table — a vendor trim table as CSV: speed_kn, draft_m, trim_m, delta_power_pct. */
export const trimTableImportSchema = z.object({
  fileName: z.string().trim().min(1).max(128),
  csv: z.string().min(1).max(2_000_000),
});
export type TrimTableImport = z.infer<typeof trimTableImportSchema>;

/** The trim table in use. */
export const trimTableInfoSchema = z.object({
  fileName: z.string(),
  uploadedAt: isoTime,
  speeds: z.array(z.number()),
  drafts: z.array(z.number()),
  trims: z.array(z.number()),
});
export type TrimTableInfo = z.infer<typeof trimTableInfoSchema>;

/** GET /api/v1/trim — trim and heel now, the optimum trim for the current speed and draught, and every bin. */
export const trimResponseSchema = z.object({
  from: isoTime,
  to: isoTime,
  /** Valid 10-minute blocks the bins were fitted on. */
  blocks: z.number().int(),
  current: z.object({
    at: isoTime.nullable(),
    trimM: z.number().nullable(),
    heelDeg: z.number().nullable(),
    speedKn: z.number().nullable(),
    draftM: z.number().nullable(),
  }),
  /** The imported vendor table, which gives the advice when present. */
  table: trimTableInfoSchema.nullable(),
  advice: z
    .object({
      /** `table`: the imported vendor table; `history`: the fit on the ship's own history. */
      source: z.enum(['table', 'history']),
      speedKn: z.number(),
      draftM: z.number(),
      optimumM: z.number(),
      /** 90 % interval (history only). */
      interval: pair.nullable(),
      savingPct: z.number(),
      savingTPerDay: z.number().nullable(),
    })
    .nullable(),
  reason: trimNoAdviceSchema.nullable(),
  bins: z.array(trimBinSchema),
  /** The current bin's observations (at most 400) for the curve chart. */
  points: z.array(z.object({ trimM: z.number(), excessPct: z.number() })),
  /** The table's ΔP % against trim at the current speed and draught (with a table). */
  tableCurve: z.array(pair),
});
export type TrimResponse = z.infer<typeof trimResponseSchema>;
