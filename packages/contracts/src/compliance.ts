import { z } from 'zod';
import { complianceMessages } from './messages.ts';

/**
 * Fleet compliance ashore (issue #29): FuelEU Maritime pooling (Reg. (EU) 2023/1805 Art. 21), banking and borrowing
 * (Art. 20), the penalty (Annex IV part B) and EU ETS allowances at a price the user enters.
 */

export { complianceMessages };

const yearSchema = z.coerce.number().int().min(2025).max(2100);
/** EUR per allowance (1 t CO2e). */
const priceSchema = z.coerce.number().min(0).max(10_000);
const shipIdSchema = z.string().min(1).max(64);

/** The fuels a what-if can switch to: those with FuelEU Annex II defaults in packages/domain. */
export const whatIfFuels = ['lng', 'methanol', 'lpg_propane', 'diesel_gas_oil', 'lfo', 'hfo'] as const;
export const allocationRules = ['proportional', 'equal_price'] as const;
export const poolFixes = ['in', 'out'] as const;

/** GET /api/v1/fleet/compliance?year=&price= (this year, 0 EUR by default). */
export const complianceQuerySchema = z.object({
  year: yearSchema.optional(),
  price: priceSchema.optional(),
});
export type ComplianceQuery = z.input<typeof complianceQuerySchema>;

/** Change a ship's fuel for the rest of the year (and next year's projection). */
export const complianceWhatIfSchema = z.object({
  shipId: shipIdSchema,
  /** Share of the rest of the year's fuel energy switched to `fuelId`, %. */
  fuelId: z.enum(whatIfFuels),
  sharePercent: z.number().min(0).max(100),
  /** Share of the rest of the year's fuel burnt at berth in EEA ports replaced by shore power, %. */
  shorePowerPercent: z.number().min(0).max(100),
});
export type ComplianceWhatIf = z.infer<typeof complianceWhatIfSchema>;

const uniqueShips = <T extends { shipId: string }>(list: T[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  for (const [i, item] of list.entries()) {
    if (seen.has(item.shipId)) {
      ctx.addIssue({ code: 'custom', path: [i, 'shipId'], message: complianceMessages.duplicateShip });
    }
    seen.add(item.shipId);
  }
};

/** POST /api/v1/fleet/compliance (and /export): the plan with the user's pool choices and what-ifs. */
export const complianceRequestSchema = z.object({
  year: yearSchema,
  pricePerAllowanceEur: priceSchema,
  fixes: z
    .array(z.object({ shipId: shipIdSchema, fix: z.enum(poolFixes) }))
    .max(2000)
    .superRefine(uniqueShips)
    .default([]),
  whatIf: z.array(complianceWhatIfSchema).max(2000).superRefine(uniqueShips).default([]),
  allocationRule: z.enum(allocationRules).default('proportional'),
  lang: z.enum(['zh_CN', 'en_US']).default('en_US'),
});
export type ComplianceRequest = z.input<typeof complianceRequestSchema>;

/** PUT /api/v1/fleet/compliance/flexibility: what the company recorded for a ship's year in the FuelEU database. */
export const complianceFlexibilitySchema = z.object({
  shipId: shipIdSchema,
  year: yearSchema,
  /** Surplus banked from this year to the next (Art. 20(1)), t CO2e. */
  bankedT: z.number().min(0).max(10_000_000),
  /** Advance surplus borrowed in this year from the next (Art. 20(2)), t CO2e. */
  borrowedT: z.number().min(0).max(10_000_000),
  /** A FuelEU penalty was paid for this year (counts toward Art. 23(2)'s consecutive periods). */
  penalised: z.boolean(),
});
export type ComplianceFlexibility = z.infer<typeof complianceFlexibilitySchema>;

export const poolReasons = [
  'covered',
  'fixed_in',
  'fixed_out',
  'no_room',
  'no_gain',
  'donor',
  'not_needed',
  'compliant',
  'infeasible',
] as const;
export const borrowReasons = [
  'none_needed',
  'borrows',
  'borrows_to_cap',
  'borrowed_last_year',
  'costlier',
] as const;

/** Why a ship has no FuelEU figures: the fleet issue, or the FuelEU status of its report. */
export const complianceIssues = [
  'ship_incomplete',
  'records_inconsistent',
  'no_energy',
  'unknown_fuel',
] as const;

export const complianceShipSchema = z.object({
  shipId: z.string(),
  name: z.string().nullable(),
  nameZh: z.string().nullable(),
  imoNumber: z.string(),
  /**
   * `verified`: a closed year whose records are all submitted, from those records; `provisional`: from every record
   * (this year's projected to the year end).
   */
  status: z.enum(['verified', 'provisional']),
  issue: z.enum(complianceIssues).nullable(),
  /** Records of the year not yet submitted (left out of a verified year). */
  unsubmittedRecords: z.number().int(),
  /** Year-to-date figures, before the projection and what-if. */
  ghgIntensityYtd: z.number().nullable(),
  energyMjYtd: z.number().nullable(),
  /** The year (projected, with the what-if) as the optimiser takes it. */
  ghgIntensity: z.number().nullable(),
  limitGCo2ePerMj: z.number().nullable(),
  energyMj: z.number().nullable(),
  ownBalanceT: z.number().nullable(),
  /** Banked last year − 1.1 × borrowed last year (Art. 20), t CO2e. */
  carriedInT: z.number(),
  balanceT: z.number().nullable(),
  priorPenaltyYears: z.number().int(),
  borrowedLastYear: z.boolean(),
  whatIfApplied: z.boolean(),
  fix: z.enum(poolFixes).nullable(),
  plan: z
    .object({
      inPool: z.boolean(),
      poolReason: z.enum(poolReasons),
      transferT: z.number(),
      afterPoolT: z.number(),
      borrowCapT: z.number(),
      borrowT: z.number(),
      borrowReason: z.enum(borrowReasons),
      repayNextT: z.number(),
      bankT: z.number(),
      finalBalanceT: z.number(),
      penaltyAloneEur: z.number(),
      penaltyEur: z.number(),
      nextBalanceT: z.number(),
      nextAfterT: z.number(),
      nextPenaltyAloneEur: z.number(),
      nextPenaltyEur: z.number(),
      /** What the ship pays (> 0) or receives (< 0) for the pool under the allocation rule, EUR. */
      settlementEur: z.number(),
    })
    .nullable(),
  ets: z
    .object({
      emissionsCountedT: z.number(),
      phaseInPercent: z.number(),
      allowances: z.number(),
      costEur: z.number(),
    })
    .nullable(),
});
export type ComplianceShip = z.infer<typeof complianceShipSchema>;

export const complianceResponseSchema = z.object({
  year: z.number().int(),
  generatedAt: z.iso.datetime(),
  /** Share of this year elapsed (1 for a past year); the year-end projection scales by 1 / this. */
  yearElapsed: z.number(),
  pricePerAllowanceEur: z.number(),
  allocationRule: z.enum(allocationRules),
  feasible: z.boolean(),
  pool: z
    .object({
      members: z.array(z.string()),
      totalT: z.number(),
      coveredT: z.number(),
      /** This year's penalty the pool avoids, EUR, and that per t CO2e moved. */
      benefitEur: z.number(),
      pricePerTEur: z.number(),
    })
    .nullable(),
  totals: z.object({
    penaltyAloneEur: z.number(),
    penaltyEur: z.number(),
    nextPenaltyAloneEur: z.number(),
    nextPenaltyEur: z.number(),
    savedEur: z.number(),
    allowances: z.number(),
    etsCostEur: z.number(),
    /** This year's bill: FuelEU penalties after the plan + allowances at the price. */
    billEur: z.number(),
  }),
  /** 0: the plan is proven the cheapest; else the most another plan could save (docs/methods.md). */
  gapEur: z.number(),
  ships: z.array(complianceShipSchema),
});
export type ComplianceResponse = z.infer<typeof complianceResponseSchema>;
