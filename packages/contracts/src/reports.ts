import { z } from 'zod';
import { regimeSchema } from './filling.ts';

/** Languages of the exported files (the console's two locales). */
export const reportLanguages = ['zh_CN', 'en_US'] as const;
export const reportLanguageSchema = z.enum(reportLanguages);
export type ReportLanguage = z.infer<typeof reportLanguageSchema>;

/** `zip`: the verifier package (the report as XLSX and PDF, the records, the audit trail and the calculation trace). */
export const reportFormats = ['xlsx', 'pdf', 'zip'] as const;
export const reportFormatSchema = z.enum(reportFormats);
export type ReportFormat = z.infer<typeof reportFormatSchema>;

const booleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/**
 * GET /api/v1/reports?regime=eu_mrv&year=2025 — `submittedOnly` limits the report to the records
 * the crew reported (a verifier's view); by default every saved, error-free record counts.
 */
export const reportQuerySchema = z.object({
  regime: regimeSchema,
  year: z.coerce.number().int().min(2018).max(2100),
  submittedOnly: booleanQuery.default(false),
});
export type ReportQuery = z.input<typeof reportQuerySchema>;

/** GET /api/v1/reports/export?regime=&year=&format=xlsx|pdf&lang=zh_CN|en_US — answers the file. */
export const reportExportQuerySchema = reportQuerySchema.extend({
  format: reportFormatSchema,
  lang: reportLanguageSchema.default('zh_CN'),
});
export type ReportExportQuery = z.input<typeof reportExportQuerySchema>;

/** Greenhouse-gas masses, tonnes (CO2e with the EU ETS GWPs). */
export const ghgSchema = z.object({
  co2T: z.number(),
  ch4T: z.number(),
  n2oT: z.number(),
  co2eT: z.number(),
});
export type Ghg = z.infer<typeof ghgSchema>;

const fuelTonnesSchema = z.record(z.string(), z.number());

export const euVoyageTypes = ['intra_eea', 'outgoing', 'incoming', 'non_eea'] as const;
export const euVoyageTypeSchema = z.enum(euVoyageTypes);

const portSchema = z.object({ nameEn: z.string(), nameZh: z.string().nullable(), inEea: z.boolean() });

/**
 * One sea passage, departure to arrival (MRV per-voyage data). IMO DCS: the part of it in the year (a passage over
 * 1 January split at 00:00 UTC by time); EU MRV: whole, in the year it left port.
 */
export const reportVoyageSchema = z.object({
  voyageNumber: z.string(),
  /** The records that open and close the passage (departure, arrival). */
  fromRecordId: z.string(),
  toRecordId: z.string(),
  fromPort: portSchema.nullable(),
  toPort: portSchema.nullable(),
  departureUtc: z.iso.datetime(),
  arrivalUtc: z.iso.datetime(),
  euType: euVoyageTypeSchema,
  /** Share of the leg in EU scope, % (100 intra-EEA, 50 incoming/outgoing, 0 otherwise). */
  euSharePercent: z.number(),
  distanceNm: z.number(),
  hoursUnderway: z.number(),
  cargoT: z.number(),
  transportWorkTNm: z.number(),
  fuelT: fuelTonnesSchema,
  ghg: ghgSchema,
});
export type ReportVoyage = z.infer<typeof reportVoyageSchema>;

/** A port call, anchorage or drift between arrival and departure. */
export const reportStaySchema = z.object({
  /** The record that ends the stay; the voyage it belongs to. */
  recordId: z.string(),
  voyageNumber: z.string(),
  /** A port call (its anchorages included), or an anchorage or drift at sea. */
  kind: z.enum(['port', 'anchorage', 'drift']),
  /** MRV Art. 10 class: at berth in an EEA port, or (a stop at sea) its voyage's class. */
  euType: z.enum([...euVoyageTypes, 'at_berth']),
  /** Share of the stay in EU scope, % (100 at berth in the EEA; a stop at sea its voyage's share). */
  euSharePercent: z.number(),
  port: portSchema.nullable(),
  startUtc: z.iso.datetime(),
  endUtc: z.iso.datetime(),
  atBerthEea: z.boolean(),
  fuelT: fuelTonnesSchema,
  ghg: ghgSchema,
  shorePowerKwh: z.number(),
});
export type ReportStay = z.infer<typeof reportStaySchema>;

/** Calendar-year totals (packages/domain `aggregatePeriod`; legs straddling the year prorated by time). */
export const reportTotalsSchema = z.object({
  fuelT: fuelTonnesSchema,
  fuelByImoClassT: fuelTonnesSchema,
  ghg: ghgSchema,
  distanceNm: z.number(),
  hoursUnderway: z.number(),
  transportWorkTNm: z.number(),
  atBerthEea: ghgSchema,
  intraEea: ghgSchema,
  outgoing: ghgSchema,
  incoming: ghgSchema,
  euScope: ghgSchema,
  euScopeFuelT: fuelTonnesSchema,
  fuelNotUnderwayT: fuelTonnesSchema,
  shorePowerKwh: z.number(),
  fuelPerDistanceTPerNm: z.number().nullable(),
  co2PerDistanceTPerNm: z.number().nullable(),
  co2PerTransportWorkGPerTNm: z.number().nullable(),
});
export type ReportTotals = z.infer<typeof reportTotalsSchema>;

/** EU ETS allowances to surrender for the year (domain `etsAllowances`). */
export const etsSummarySchema = z.object({
  phaseInPercent: z.number(),
  gases: z.enum(['CO2', 'CO2e']),
  covered: z.boolean(),
  euScopeCo2T: z.number(),
  euScopeCh4T: z.number(),
  euScopeN2oT: z.number(),
  emissionsCountedT: z.number(),
  allowances: z.number(),
  /** The rules the allowances follow, e.g. `eu-ets:2003/87+2023/959`. */
  ruleSet: z.string(),
});
export type EtsSummary = z.infer<typeof etsSummarySchema>;

/**
 * FuelEU Maritime for the year (domain `fuelEuGhgIntensity`, `fuelEuLimit`, `fuelEuCompliance`);
 * `status` says why figures are missing: before 2025, no energy in scope, or a fuel without defaults.
 */
export const fuelEuSummarySchema = z.object({
  status: z.enum(['ok', 'not_applicable', 'no_energy', 'unknown_fuel']),
  ghgIntensityGCo2ePerMj: z.number().nullable(),
  limitGCo2ePerMj: z.number().nullable(),
  reductionPercent: z.number().nullable(),
  energyMj: z.number().nullable(),
  complianceBalanceTCo2e: z.number().nullable(),
  penaltyEur: z.number().nullable(),
  /** The rules the figures follow, e.g. `fueleu:2023/1805`. */
  ruleSet: z.string(),
});
export type FuelEuSummary = z.infer<typeof fuelEuSummarySchema>;

/** IMO DCS appendix IX data set (domain `dcsReport`). */
export const dcsDataSchema = z.object({
  imoNumber: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  shipType: z.string(),
  grossTonnage: z.number(),
  netTonnage: z.number(),
  deadweightT: z.number(),
  mainEnginePowerKw: z.number(),
  auxiliaryEnginePowerKw: z.number(),
  attainedEedi: z.number().nullable(),
  attainedEexi: z.number().nullable(),
  iceClass: z.string().nullable(),
  fuelByTypeT: fuelTonnesSchema,
  method: z.string(),
  distanceNm: z.number(),
  hoursUnderway: z.number(),
  /** Fuel used not under way, by IMO fuel oil type like `fuelByTypeT`, t. */
  fuelNotUnderwayT: fuelTonnesSchema,
  shorePowerKwh: z.number(),
  transportWorkTNm: z.number(),
  co2T: z.number(),
});
export type DcsData = z.infer<typeof dcsDataSchema>;

/** The ship particulars printed at the head of a report. */
export const reportShipSchema = z.object({
  nameEn: z.string(),
  nameZh: z.string().nullable(),
  imoNumber: z.string(),
  mmsi: z.string(),
  shipType: z.string(),
  flagState: z.string(),
  deadweightT: z.number(),
  grossTonnage: z.number().nullable(),
  verifier: z.string().nullable(),
  owner: z.string().nullable(),
  managementCompany: z.string().nullable(),
  consumptionMethod: z.string(),
});

/** A stored record whose figures cannot be true (packages/domain plausibility), named as the filling list shows it. */
export const ledgerIssueSchema = z.object({
  code: z.string(),
  recordId: z.string(),
  recordLabel: z.string(),
  message: z.string(),
});
export type LedgerIssueRow = z.infer<typeof ledgerIssueSchema>;

/** GET /api/v1/reports — one regime's report for a calendar year. `mrv` for EU MRV, `dcs` for IMO DCS. */
export const reportResponseSchema = z.object({
  regime: regimeSchema,
  year: z.number().int(),
  generatedAt: z.iso.datetime(),
  submittedOnly: z.boolean(),
  /** The regulations and amendments the figures follow, e.g. `eu-mrv:2015/757+2016/2072+2023/957`. */
  ruleSet: z.string(),
  ship: reportShipSchema,
  /** Records counted, of which submitted; records left out (drafts and records with errors). */
  recordCount: z.number().int(),
  submittedCount: z.number().int(),
  excludedCount: z.number().int(),
  voyages: z.array(reportVoyageSchema),
  stays: z.array(reportStaySchema),
  /** Records behind this year's rows that fail a plausibility rule: counted, and named for the crew to correct. */
  issues: z.array(ledgerIssueSchema),
  totals: reportTotalsSchema,
  /** EU MRV from 2024 reports CH4 and N2O besides CO2 (Reg. (EU) 2023/957). */
  includesNonCo2: z.boolean(),
  ets: etsSummarySchema.nullable(),
  fuelEu: fuelEuSummarySchema.nullable(),
  dcs: dcsDataSchema.nullable(),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;

/** `details.reason` of a 409/503 answer of the report endpoints. */
export const reportErrorReasons = ['ship_incomplete', 'records_inconsistent', 'cjk_font_missing'] as const;
export type ReportErrorReason = (typeof reportErrorReasons)[number];

/** The regimes' names as their regulations write them, by a rule-set id's prefix. */
const REGIME_NAMES: Record<string, string> = {
  'imo-dcs': 'IMO DCS',
  'eu-mrv': 'EU MRV',
  cii: 'CII',
  'eu-ets': 'EU ETS',
  fueleu: 'FuelEU',
};

/**
 * A rule-set id as a reader wants it, the same in both languages (regulation numbers are cited as written):
 * `eu-mrv:2015/757+2016/2072` → `EU MRV 2015/757 + 2016/2072`. The id itself stays in the data and the
 * verification package, where a program reads it.
 */
export function ruleSetText(id: string): string {
  const at = id.indexOf(':');
  if (at < 0) return id;
  const regime = REGIME_NAMES[id.slice(0, at)] ?? id.slice(0, at);
  return `${regime} ${id
    .slice(at + 1)
    .split('+')
    .join(' + ')}`;
}
