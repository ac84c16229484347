import { z } from 'zod';
import { alarmSchema } from './alarms.ts';
import { ciiFigureSchema, ciiRatingSchema, ciiVoyageRowSchema } from './cii.ts';
import { fillingRecordSchema } from './filling.ts';
import { fuelEuSummarySchema } from './reports.ts';
import { shipSchema } from './ship.ts';
import { reviewSchema } from './sync.ts';

/** A ship whose last message is older than this is marked stale on the fleet page. */
export const FLEET_STALE_AFTER_HOURS = 24;

/** Why a ship's figures are missing: particulars incomplete (or CII not applicable), records that do not add up. */
export const fleetIssues = ['ship_incomplete', 'records_inconsistent'] as const;
export const fleetIssueSchema = z.enum(fleetIssues);
export type FleetIssue = z.infer<typeof fleetIssueSchema>;

export { fleetMessages } from './messages.ts';

const fleetYearSchema = z.coerce.number().int().min(2019).max(2030);

/** GET /api/v1/fleet/ships?year= (this year by default). */
export const fleetQuerySchema = z.object({ year: fleetYearSchema.optional() });
export type FleetQuery = z.input<typeof fleetQuerySchema>;

/** GET /api/v1/fleet/reports/export?year= — the fleet's EU MRV, IMO DCS, EU ETS and FuelEU in one XLSX. */
export const fleetReportQuerySchema = z.object({
  year: z.coerce.number().int().min(2018).max(2100),
  lang: z.enum(['zh_CN', 'en_US']).default('en_US'),
});
export type FleetReportQuery = z.input<typeof fleetReportQuerySchema>;

export const fleetShipParamsSchema = z.object({ shipId: z.string().min(1).max(64) });

/**
 * `/api/v1/fleet/ships/:shipId/console/*`: one ship's console read from the shore's copy. `*` is the ship's own API
 * path after `/api/v1/` (`overview/page`, `cii/statistics`, ...); only reads.
 */
export const fleetConsoleParamsSchema = fleetShipParamsSchema.extend({ '*': z.string().min(1).max(200) });

/**
 * A ship's CII of the year. This year, from its synced daily telemetry as its overview computes it (year to date,
 * and the year end at the last 30 days' pace): `source` `telemetry`. A past year, or a ship that sends no telemetry,
 * from its IMO DCS records as its CII statistics compute it (a past year's projection is what it attained; this
 * year's at the year's pace so far): `source` `records`.
 */
export const fleetCiiSchema = z.object({
  year: z.number().int(),
  source: z.enum(['telemetry', 'records']),
  attainedCii: z.number().nullable(),
  requiredCii: z.number(),
  rating: ciiRatingSchema.nullable(),
  projectedCii: z.number().nullable(),
  projectedRating: ciiRatingSchema.nullable(),
});
export type FleetCii = z.infer<typeof fleetCiiSchema>;

/** One ship on the fleet page. */
export const fleetShipRowSchema = z.object({
  shipId: z.string(),
  name: z.string().nullable(),
  nameZh: z.string().nullable(),
  imoNumber: z.string(),
  lastContactAt: z.string().nullable(),
  /** Hours since the last message (null: never heard); stale past `staleAfterHours`. */
  hoursSinceContact: z.number().nullable(),
  stale: z.boolean(),
  /** Last known position from the hourly rollups. */
  position: z.object({ lat: z.number(), lon: z.number(), at: z.string() }).nullable(),
  cii: fleetCiiSchema.nullable(),
  /** EU ETS allowances for the year's EU-scope emissions to date (EUA). */
  etsAllowances: z.number().nullable(),
  fuelEu: fuelEuSummarySchema.nullable(),
  activeAlarms: z.number().int(),
  /** Why figures are missing, if they are. */
  issue: fleetIssueSchema.nullable(),
});
export type FleetShipRow = z.infer<typeof fleetShipRowSchema>;

export const fleetOverviewResponseSchema = z.object({
  year: z.number().int(),
  generatedAt: z.string(),
  staleAfterHours: z.number(),
  ships: z.array(fleetShipRowSchema),
});
export type FleetOverviewResponse = z.infer<typeof fleetOverviewResponseSchema>;

/** A ship's filling record on the shore with the shore's decision on it, if any. */
export const fleetRecordSchema = fillingRecordSchema.extend({ review: reviewSchema.nullable() });
export type FleetRecord = z.infer<typeof fleetRecordSchema>;

/** GET /api/v1/fleet/ships/:shipId?year= — one ship as the shore holds it. */
export const fleetShipDetailSchema = z.object({
  row: fleetShipRowSchema,
  particulars: shipSchema.nullable(),
  /** The year's CII figure and voyages (as the CII statistics give them), null when there are none. */
  cii: z.object({ summary: ciiFigureSchema, voyages: z.array(ciiVoyageRowSchema) }).nullable(),
  records: z.array(fleetRecordSchema),
  /** Alarms not cleared. */
  alarms: z.array(alarmSchema),
});
export type FleetShipDetail = z.infer<typeof fleetShipDetailSchema>;
