import type {
  FillingRecord,
  FuelEuSummary,
  Regime,
  ReportResponse,
  ReportStay,
  ReportTotals,
  ReportVoyage,
  Ship,
} from '@ecohelm/contracts';
import {
  aggregatePeriod,
  DomainInputError,
  type dcsReport,
  etsAllowances,
  fuelEuCompliance,
  fuelEuGhgIntensity,
  fuelEuLimit,
  resolveImoFuelId,
  type Stay,
  type VoyageLeg,
  withinPeriod,
} from '@ecohelm/domain';
import { AppError, conflict } from '../../platform/errors.ts';
import { absentAsNull } from '../../platform/nullable.ts';
import type { FillingService } from '../filling/index.ts';
import { dcsReportOf } from '../filling/index.ts';
import { ledgerOf, ledgerRecordsOf, RULE_SETS } from '../ledger/index.ts';
import type { ShipService } from '../ship/index.ts';

/** EU MRV monitors CH4 and N2O besides CO2 from this year (Reg. (EU) 2023/957 amending 2015/757). */
export const MRV_NON_CO2_FROM_YEAR = 2024;
/** FuelEU Maritime applies from this reporting year (Reg. (EU) 2023/1805 Art. 2). */
const FUELEU_FROM_YEAR = 2025;
/** 1 kWh in MJ. */
const MJ_PER_KWH = 3.6;

export interface ReportQueryInput {
  regime: Regime;
  year: number;
  submittedOnly: boolean;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** EU MRV and IMO DCS reports for a calendar year, from the crew's filling records, computed by packages/domain. */
export class ReportsService {
  readonly #filling: FillingService;
  readonly #ships: ShipService;
  readonly #now: () => Date;

  constructor(filling: FillingService, ships: ShipService, now: () => Date = () => new Date()) {
    this.#filling = filling;
    this.#ships = ships;
    this.#now = now;
  }

  async report(query: ReportQueryInput): Promise<ReportResponse> {
    return reportOf(await this.#ships.completeShip(), await this.#filling.checked(), query, this.#now());
  }

  /** The report, or a 503 `unavailable` when a Chinese PDF is asked for and no CJK font is installed. */
  static fontMissing(): AppError {
    return new AppError(
      'unavailable',
      503,
      'No CJK font is installed, so a Chinese PDF cannot be produced. Install fonts-noto-cjk or fonts-wqy-microhei (see docs/operations.md).',
      { reason: 'cjk_font_missing' },
    );
  }
}

/**
 * The report of a year from a ship's particulars and its checked filling records (all of them; the year's window is
 * picked here). The console's report and the shore's fleet report of each ship are this one computation.
 */
export function reportOf(
  ship: Ship | undefined,
  records: readonly FillingRecord[],
  query: ReportQueryInput,
  now: Date,
): ReportResponse {
  const { regime, year, submittedOnly } = query;
  if (!ship) throw conflict('Fill in the ship basic information first.', { reason: 'ship_incomplete' });
  // The ledger is built from every record (a passage's ends may be flagged for one regime only); EU MRV then
  // keeps what the regulation covers by port of call, IMO DCS keeps everything.
  const ledger = ledgerOf(ship, records, { submittedOnly });
  const inYear = (t: string | null) => t?.startsWith(String(year)) ?? false;
  const yearFrom = Date.UTC(year, 0, 1);
  const yearTo = Date.UTC(year + 1, 0, 1);
  // IMO DCS: the calendar year, a passage over 1 January split at 00:00 UTC; EU MRV: a voyage in the year it left.
  const period = { from: yearFrom, to: yearTo };
  const rule = { wholeVoyages: regime === 'eu_mrv' };
  const voyages = withinPeriod(inScope(regime, ledger), period, rule);
  const totals = aggregatePeriod(voyages, period);
  const named = new Set([...voyages.legs.map((l) => l.toRecordId), ...voyages.stays.map((s) => s.recordId)]);
  const all = records.filter((r) => inYear(r.eventTime) && (!submittedOnly || r.status === 'submitted'));
  const counted = ledgerRecordsOf(all, { submittedOnly });
  return {
    regime,
    year,
    generatedAt: now.toISOString(),
    submittedOnly,
    ruleSet: RULE_SETS[regime],
    ship: shipHeader(ship),
    recordCount: counted.length,
    submittedCount: counted.filter((r) => r.status === 'submitted').length,
    excludedCount: all.length - counted.length,
    voyages: voyages.legs.map(toVoyageRow),
    stays: voyages.stays.map(toStayRow),
    issues: ledger.issues
      .filter((i) => named.has(i.recordId))
      .map((i) => ({ ...i, recordLabel: labelOf(records, i.recordId) })),
    totals: toTotals(totals),
    includesNonCo2: year >= MRV_NON_CO2_FROM_YEAR,
    ets: regime === 'eu_mrv' ? ets(year, totals) : null,
    fuelEu: regime === 'eu_mrv' ? fuelEu(year, totals, voyages.stays, yearFrom, yearTo) : null,
    dcs: regime === 'imo_dcs' ? byImoClass(dcsReportOf(ship, year, totals)) : null,
  };
}

/** A record as an auditor finds it in the filling list: kind, voyage number and time (UTC). */
function labelOf(records: readonly FillingRecord[], id: string): string {
  const r = records.find((x) => x.id === id);
  if (!r) return id;
  return `${r.kind} ${r.voyageNumber ?? ''} ${r.eventTime?.slice(0, 16).replace('T', ' ') ?? ''}`
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * EU MRV monitors voyages to or from an EEA port (with the stops at sea on them) and stays at berth
 * in EEA ports (Reg. (EU) 2015/757 Art. 9–10); the domain marks them with an EU share above 0.
 */
export function inScope(
  regime: Regime,
  voyages: { legs: readonly VoyageLeg[]; stays: readonly Stay[] },
): { legs: readonly VoyageLeg[]; stays: readonly Stay[] } {
  if (regime === 'imo_dcs') return voyages;
  return {
    legs: voyages.legs.filter((l) => l.euShare > 0),
    stays: voyages.stays.filter((s) => s.euShare > 0),
  };
}

/** DCS reports fuel by IMO fuel oil type: the fuel used not under way too, like `fuelByTypeT`. */
function byImoClass(d: ReturnType<typeof dcsReport>): ReturnType<typeof dcsReport> {
  const fuelNotUnderwayT: Record<string, number> = {};
  for (const [f, t] of Object.entries(d.fuelNotUnderwayT)) {
    const imo = resolveImoFuelId(f);
    fuelNotUnderwayT[imo] = (fuelNotUnderwayT[imo] ?? 0) + t;
  }
  return { ...d, fuelNotUnderwayT };
}

/** The report header's ship particulars: names, identifiers, size, the companies and the fuel method. */
function shipHeader(ship: Ship): ReportResponse['ship'] {
  return {
    nameEn: ship.nameEn,
    nameZh: ship.nameZh ?? null,
    imoNumber: ship.imoNumber,
    mmsi: ship.mmsi,
    shipType: ship.shipType,
    flagState: ship.flagState,
    deadweightT: ship.deadweightT,
    ...absentAsNull(ship, ['grossTonnage', 'verifier', 'owner', 'managementCompany']),
    consumptionMethod: ship.consumptionMethod,
  };
}

const portRow = (p: VoyageLeg['fromPort']) =>
  p ? { nameEn: p.nameEn, nameZh: p.nameZh ?? null, inEea: p.inEea } : null;

function toVoyageRow(l: VoyageLeg): ReportVoyage {
  return {
    voyageNumber: l.voyageNumber,
    fromRecordId: l.fromRecordId,
    toRecordId: l.toRecordId,
    fromPort: portRow(l.fromPort),
    toPort: portRow(l.toPort),
    departureUtc: iso(l.departureMs),
    arrivalUtc: iso(l.arrivalMs),
    euType: l.euType,
    euSharePercent: l.euShare * 100,
    distanceNm: l.distanceNm,
    hoursUnderway: l.hoursUnderway,
    cargoT: l.cargoT,
    transportWorkTNm: l.transportWorkTNm,
    fuelT: l.fuelT,
    ghg: { ...l.ghg },
  };
}

function toStayRow(s: Stay): ReportStay {
  return {
    recordId: s.recordId,
    voyageNumber: s.voyageNumber,
    kind: s.kind,
    euType: s.euType,
    euSharePercent: s.euShare * 100,
    port: portRow(s.port),
    startUtc: iso(s.startMs),
    endUtc: iso(s.endMs),
    atBerthEea: s.atBerthEea,
    fuelT: s.fuelT,
    ghg: { ...s.ghg },
    shorePowerKwh: s.shorePowerKwh,
  };
}

function toTotals(t: ReturnType<typeof aggregatePeriod>): ReportTotals {
  return {
    fuelT: t.fuelT,
    fuelByImoClassT: t.fuelByImoClassT,
    ghg: { ...t.ghg },
    distanceNm: t.distanceNm,
    hoursUnderway: t.hoursUnderway,
    transportWorkTNm: t.transportWorkTNm,
    atBerthEea: { ...t.atBerthEea },
    intraEea: { ...t.intraEea },
    outgoing: { ...t.outgoing },
    incoming: { ...t.incoming },
    euScope: { ...t.euScope },
    euScopeFuelT: t.euScopeFuelT,
    fuelNotUnderwayT: t.fuelNotUnderwayT,
    shorePowerKwh: t.shorePowerKwh,
    fuelPerDistanceTPerNm: t.fuelPerDistanceTPerNm,
    co2PerDistanceTPerNm: t.co2PerDistanceTPerNm,
    co2PerTransportWorkGPerTNm: t.co2PerTransportWorkGPerTNm,
  };
}

function ets(year: number, totals: ReturnType<typeof aggregatePeriod>): ReportResponse['ets'] {
  const r = etsAllowances({
    year,
    euScopeCo2T: totals.euScope.co2T,
    euScopeCh4T: totals.euScope.ch4T,
    euScopeN2oT: totals.euScope.n2oT,
  });
  return {
    phaseInPercent: r.phaseInPercent,
    gases: r.gases,
    covered: r.covered,
    euScopeCo2T: totals.euScope.co2T,
    euScopeCh4T: totals.euScope.ch4T,
    euScopeN2oT: totals.euScope.n2oT,
    emissionsCountedT: r.emissionsCountedT,
    allowances: r.allowances,
    ruleSet: RULE_SETS.ets,
  };
}

/**
 * FuelEU energy in scope: the EU-scope fuel (100 % intra-EEA and at berth, 50 % to or from a
 * third country), plus on-shore power taken at berth in EEA ports. Electric energy entered as a
 * fuel row is not a fuel for FuelEU and is left out.
 */
export function fuelEuInput(
  totals: ReturnType<typeof aggregatePeriod>,
  stays: readonly Stay[],
  yearFrom: number,
  yearTo: number,
) {
  const fuels = Object.entries(totals.euScopeFuelT)
    .filter(([fuelId, massT]) => fuelId !== 'electric' && massT > 0)
    .map(([fuelId, massT]) => ({ fuelId, massT }));
  const shoreKwh = stays
    .filter((s) => s.atBerthEea && s.startMs >= yearFrom && s.startMs < yearTo)
    .reduce((a, s) => a + s.shorePowerKwh, 0);
  return { fuels, electricityMj: shoreKwh * MJ_PER_KWH };
}

function fuelEu(
  year: number,
  totals: ReturnType<typeof aggregatePeriod>,
  stays: readonly Stay[],
  yearFrom: number,
  yearTo: number,
): FuelEuSummary {
  const empty = {
    ghgIntensityGCo2ePerMj: null,
    limitGCo2ePerMj: null,
    reductionPercent: null,
    energyMj: null,
    complianceBalanceTCo2e: null,
    penaltyEur: null,
    ruleSet: RULE_SETS.fueleu,
  };
  if (year < FUELEU_FROM_YEAR) return { status: 'not_applicable', ...empty };
  const input = fuelEuInput(totals, stays, yearFrom, yearTo);
  if (input.fuels.length === 0 && input.electricityMj === 0) return { status: 'no_energy', ...empty };
  try {
    const intensity = fuelEuGhgIntensity({ year, ...input });
    const limit = fuelEuLimit(year);
    const c = fuelEuCompliance({ year, ghgIntensity: intensity.ghgIntensity, energyMj: intensity.energyMj });
    return {
      status: 'ok',
      ghgIntensityGCo2ePerMj: intensity.ghgIntensity,
      limitGCo2ePerMj: limit.limitGCo2ePerMj,
      reductionPercent: limit.reductionPercent,
      energyMj: intensity.energyMj,
      complianceBalanceTCo2e: c.complianceBalanceTCo2e,
      penaltyEur: c.penaltyEur,
      ruleSet: RULE_SETS.fueleu,
    };
  } catch (e) {
    if (e instanceof DomainInputError && e.code === 'unknown_fuel')
      return { status: 'unknown_fuel', ...empty };
    throw e;
  }
}
