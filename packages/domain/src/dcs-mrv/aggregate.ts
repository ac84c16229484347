import dcs from '../../data/dcs-fields.json' with { type: 'json' };
import { DomainInputError, toEpochMs } from '../errors.ts';
import { ETS_SCOPE_SHARES } from '../ets-fueleu/ets.ts';
import { type EngineTypes, type GhgTonnes, GWP_ETS, type GwpSet, ghgFromFuel } from '../fuels/emissions.ts';
import { isProductFuelId, productFuelType } from '../fuels/factors.ts';
import { GRAMS_PER_TONNE } from '../units/index.ts';
import type { FillingRecord, PortRef } from './records.ts';

/** EU classification of a voyage by its ports of call (MRV Art. 10; ETS Art. 3ga). */
export type EuVoyageType = 'intra_eea' | 'outgoing' | 'incoming' | 'non_eea';

/** One sea passage between two consecutive reportable records. */
export interface VoyageLeg {
  readonly voyageNumber: string;
  readonly fromRecordId: string;
  readonly toRecordId: string;
  /** Last port of call before the leg and next port of call after it (MRV voyage). */
  readonly fromPort: PortRef | null;
  readonly toPort: PortRef | null;
  readonly departureMs: number;
  readonly arrivalMs: number;
  readonly distanceNm: number;
  readonly hoursUnderway: number;
  readonly cargoT: number;
  /** Transport work, t·nm (cargo mass × distance). */
  readonly transportWorkTNm: number;
  readonly fuelT: Record<string, number>;
  readonly ghg: GhgTonnes;
  readonly euType: EuVoyageType;
  /** 1, 0.5 or 0: share of the leg in EU MRV/ETS scope. */
  readonly euShare: number;
}

/** Fuel used during a stay (port call, anchorage or drift) between arrival and departure. */
export interface Stay {
  readonly recordId: string;
  readonly kind: 'port' | 'anchorage' | 'drift';
  readonly port: PortRef | null;
  readonly startMs: number;
  readonly endMs: number;
  readonly fuelT: Record<string, number>;
  readonly ghg: GhgTonnes;
  /** At berth in an EEA port (MRV Art. 3(n)): counts 100 % for MRV/ETS. */
  readonly atBerthEea: boolean;
  readonly shorePowerKwh: number;
  /** EU share of a stay at sea (anchorage/drift) follows its voyage; at berth in the EEA is 1. */
  readonly euShare: number;
}

function robDiff(
  a: Readonly<Record<string, number>>,
  b: Readonly<Record<string, number>>,
  field: string,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const v = (a[f] ?? 0) - (b[f] ?? 0);
    if (v < -1e-9) {
      throw new DomainInputError(
        'invalid_range',
        `${field}.${f}`,
        v,
        `remaining on board of ${f} rises without bunkering`,
      );
    }
    out[f] = Math.max(0, v);
  }
  return out;
}

function euTypeOf(from: PortRef | null, to: PortRef | null): EuVoyageType {
  const a = from?.inEea ?? false;
  const b = to?.inEea ?? false;
  if (a && b) return 'intra_eea';
  if (a) return 'outgoing';
  if (b) return 'incoming';
  return 'non_eea';
}

function shareOf(type: EuVoyageType): number {
  if (type === 'intra_eea') return ETS_SCOPE_SHARES.intraEea;
  if (type === 'non_eea') return 0;
  return ETS_SCOPE_SHARES.extraEea;
}

const isPortCall = (r: FillingRecord): boolean => r.type === 'departure' && (r.isPortOfCall ?? true);

/**
 * Builds legs and stays from reportable records (sorted by departure time), using the ROB
 * (BDN / stocktake) method: leg fuel = ROB at departure − ROB at next arrival; stay fuel =
 * ROB at arrival + bunkered − barged out − ROB at departure. GHG per EU MRV (CO2, CH4, N2O, CO2e).
 * Each leg is classified by its last and next port of call (anchorage and drift do not end a voyage).
 */
export function buildVoyages(
  records: readonly FillingRecord[],
  options: { engineTypes?: EngineTypes; gwp?: GwpSet } = {},
): { legs: VoyageLeg[]; stays: Stay[] } {
  const engineTypes = options.engineTypes ?? {};
  const gwp = options.gwp ?? GWP_ETS;
  const sorted = [...records].sort(
    (a, b) =>
      toEpochMs(a.departureUtc ?? '', `${a.id}.departureUtc`) -
      toEpochMs(b.departureUtc ?? '', `${b.id}.departureUtc`),
  );
  const prevPort: (PortRef | null)[] = [];
  let last: PortRef | null = null;
  for (const r of sorted) {
    prevPort.push(last);
    if (isPortCall(r)) last = r.port ?? null;
  }
  const nextPort: (PortRef | null)[] = new Array(sorted.length).fill(null);
  let next: PortRef | null = null;
  for (let i = sorted.length - 1; i >= 0; i--) {
    const r = sorted[i]!;
    if (isPortCall(r)) next = r.port ?? null;
    nextPort[i] = next;
  }
  const legs: VoyageLeg[] = [];
  const stays: Stay[] = [];
  for (const [i, r] of sorted.entries()) {
    const depMs = toEpochMs(r.departureUtc ?? '', `${r.id}.departureUtc`);
    const arrMs = r.arrivalUtc ? toEpochMs(r.arrivalUtc, `${r.id}.arrivalUtc`) : depMs;
    const prev = i > 0 ? sorted[i - 1]! : null;
    if (prev) {
      const prevDep = toEpochMs(prev.departureUtc ?? '', `${prev.id}.departureUtc`);
      const fuelT = robDiff(prev.robDepartureT, r.robArrivalT, `${r.id}.robArrivalT`);
      const from = prevPort[i] ?? null;
      const to = isPortCall(r) ? (r.port ?? null) : (nextPort[i] ?? null);
      const euType = euTypeOf(from, to);
      const cargoT = prev.departureCargoT ?? 0;
      legs.push({
        voyageNumber: r.voyageNumber,
        fromRecordId: prev.id,
        toRecordId: r.id,
        fromPort: from,
        toPort: to,
        departureMs: prevDep,
        arrivalMs: arrMs,
        distanceNm: r.distanceNm,
        hoursUnderway: r.hoursUnderway ?? (arrMs - prevDep) / 3_600_000,
        cargoT,
        transportWorkTNm: cargoT * r.distanceNm,
        fuelT,
        ghg: ghgFromFuel(fuelT, engineTypes, gwp),
        euType,
        euShare: shareOf(euType),
      });
    }
    const withBunkers: Record<string, number> = { ...r.robArrivalT };
    for (const b of r.bunkers ?? []) withBunkers[b.fuelId] = (withBunkers[b.fuelId] ?? 0) + b.quantityT;
    for (const b of r.bargeOuts ?? []) withBunkers[b.fuelId] = (withBunkers[b.fuelId] ?? 0) - b.quantityT;
    const stayFuel =
      i === 0 && Object.keys(r.robArrivalT).length === 0
        ? {}
        : robDiff(withBunkers, r.robDepartureT, `${r.id}.robDepartureT`);
    const kind = r.type === 'departure' ? 'port' : r.type === 'anchorage_end' ? 'anchorage' : 'drift';
    const atBerthEea = kind === 'port' && (r.port?.inEea ?? false);
    const seaType = euTypeOf(prevPort[i] ?? null, nextPort[i] ?? null);
    stays.push({
      recordId: r.id,
      kind,
      port: r.port ?? null,
      startMs: arrMs,
      endMs: depMs,
      fuelT: stayFuel,
      ghg: ghgFromFuel(stayFuel, engineTypes, gwp),
      atBerthEea,
      shorePowerKwh: r.shorePowerKwh ?? 0,
      euShare: atBerthEea ? ETS_SCOPE_SHARES.atBerth : kind === 'port' ? 0 : shareOf(seaType),
    });
  }
  return { legs, stays };
}

const ZERO: GhgTonnes = { co2T: 0, ch4T: 0, n2oT: 0, co2eT: 0 };
const addGhg = (a: GhgTonnes, b: GhgTonnes, k = 1): GhgTonnes => ({
  co2T: a.co2T + k * b.co2T,
  ch4T: a.ch4T + k * b.ch4T,
  n2oT: a.n2oT + k * b.n2oT,
  co2eT: a.co2eT + k * b.co2eT,
});

function overlapShare(startMs: number, endMs: number, fromMs: number, toMs: number): number {
  if (endMs <= startMs) return startMs >= fromMs && startMs < toMs ? 1 : 0;
  return Math.max(0, Math.min(endMs, toMs) - Math.max(startMs, fromMs)) / (endMs - startMs);
}

/** Annual (or any period's) totals for IMO DCS and EU MRV. */
export interface AnnualTotals {
  readonly fuelT: Record<string, number>;
  /** Fuel per IMO fuel class (DCS reports by fuel oil type), tonnes. */
  readonly fuelByImoClassT: Record<string, number>;
  readonly ghg: GhgTonnes;
  readonly distanceNm: number;
  readonly hoursUnderway: number;
  readonly transportWorkTNm: number;
  readonly atBerthEea: GhgTonnes;
  readonly fuelNotUnderwayT: Record<string, number>;
  readonly shorePowerKwh: number;
  /** MRV Art. 10 aggregates. */
  readonly intraEea: GhgTonnes;
  readonly outgoing: GhgTonnes;
  readonly incoming: GhgTonnes;
  /** EU scope for ETS: 100 % intra-EEA and at berth, 50 % incoming/outgoing. */
  readonly euScope: GhgTonnes;
  readonly euScopeFuelT: Record<string, number>;
  /** Averages (MRV Art. 10): fuel per distance t/nm, CO2 per distance t/nm, CO2 per transport work g/(t·nm). */
  readonly fuelPerDistanceTPerNm: number | null;
  readonly co2PerDistanceTPerNm: number | null;
  readonly co2PerTransportWorkGPerTNm: number | null;
}

/**
 * Sums legs and stays over `[from, to)` (a calendar year for DCS and MRV), prorating by time those
 * that straddle an edge. DCS counts every fuel consumed (at sea and in port); MRV adds the
 * intra-EEA / outgoing / incoming / at-berth split and the ETS-relevant EU scope.
 */
export function aggregatePeriod(
  voyages: { legs: readonly VoyageLeg[]; stays: readonly Stay[] },
  range: { from: string | number | Date; to: string | number | Date },
): AnnualTotals {
  const fromMs = toEpochMs(range.from, 'from');
  const toMs = toEpochMs(range.to, 'to');
  const fuelT: Record<string, number> = {};
  const fuelByImoClassT: Record<string, number> = {};
  const euScopeFuelT: Record<string, number> = {};
  const fuelNotUnderwayT: Record<string, number> = {};
  let ghg = ZERO;
  let atBerthEea = ZERO;
  let intraEea = ZERO;
  let outgoing = ZERO;
  let incoming = ZERO;
  let euScope = ZERO;
  let distanceNm = 0;
  let hoursUnderway = 0;
  let transportWorkTNm = 0;
  let shorePowerKwh = 0;
  const addFuel = (target: Record<string, number>, fuel: Record<string, number>, k: number) => {
    for (const [f, t] of Object.entries(fuel)) target[f] = (target[f] ?? 0) + k * t;
  };
  const addImo = (fuel: Record<string, number>, k: number) => {
    for (const [f, t] of Object.entries(fuel)) {
      const imo = isProductFuelId(f) ? productFuelType(f).imoFuelId : f;
      fuelByImoClassT[imo] = (fuelByImoClassT[imo] ?? 0) + k * t;
    }
  };
  for (const leg of voyages.legs) {
    const k = overlapShare(leg.departureMs, leg.arrivalMs, fromMs, toMs);
    if (k === 0) continue;
    addFuel(fuelT, leg.fuelT, k);
    addImo(leg.fuelT, k);
    addFuel(euScopeFuelT, leg.fuelT, k * leg.euShare);
    ghg = addGhg(ghg, leg.ghg, k);
    euScope = addGhg(euScope, leg.ghg, k * leg.euShare);
    if (leg.euType === 'intra_eea') intraEea = addGhg(intraEea, leg.ghg, k);
    if (leg.euType === 'outgoing') outgoing = addGhg(outgoing, leg.ghg, k);
    if (leg.euType === 'incoming') incoming = addGhg(incoming, leg.ghg, k);
    distanceNm += k * leg.distanceNm;
    hoursUnderway += k * leg.hoursUnderway;
    transportWorkTNm += k * leg.transportWorkTNm;
  }
  for (const s of voyages.stays) {
    const k = overlapShare(s.startMs, s.endMs, fromMs, toMs);
    if (k === 0) continue;
    addFuel(fuelT, s.fuelT, k);
    addImo(s.fuelT, k);
    addFuel(fuelNotUnderwayT, s.fuelT, k);
    addFuel(euScopeFuelT, s.fuelT, k * s.euShare);
    ghg = addGhg(ghg, s.ghg, k);
    euScope = addGhg(euScope, s.ghg, k * s.euShare);
    if (s.atBerthEea) atBerthEea = addGhg(atBerthEea, s.ghg, k);
    shorePowerKwh += k * s.shorePowerKwh;
  }
  const totalFuel = Object.values(fuelT).reduce((a, b) => a + b, 0);
  return {
    fuelT,
    fuelByImoClassT,
    ghg,
    distanceNm,
    hoursUnderway,
    transportWorkTNm,
    atBerthEea,
    fuelNotUnderwayT,
    shorePowerKwh,
    intraEea,
    outgoing,
    incoming,
    euScope,
    euScopeFuelT,
    fuelPerDistanceTPerNm: distanceNm > 0 ? totalFuel / distanceNm : null,
    co2PerDistanceTPerNm: distanceNm > 0 ? ghg.co2T / distanceNm : null,
    co2PerTransportWorkGPerTNm: transportWorkTNm > 0 ? (ghg.co2T * GRAMS_PER_TONNE) / transportWorkTNm : null,
  };
}

/** DCS appendix IX threshold for reported engine power: "over 130 kW" (read from dcs-fields.json). */
export const DCS_ENGINE_POWER_THRESHOLD_KW = Number(
  /over\s+(\d+)\s*kW/.exec(
    dcs.fields_original_MEPC_278_70.find((f) => f.field.startsWith('Power output'))?.field ?? '',
  )?.[1],
);

/** An engine on board, for the DCS power-output field. */
export interface EngineInfo {
  readonly kind: 'main' | 'auxiliary';
  readonly ratedPowerKw: number;
}

/** IMO DCS appendix IX data set for one calendar year (MARPOL Annex VI reg. 27; MEPC.385(81) additions). */
export interface DcsReport {
  readonly imoNumber: string;
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly shipType: string;
  readonly grossTonnage: number;
  readonly netTonnage: number;
  readonly deadweightT: number;
  /** Σ rated power of main engines over 130 kW, kW. */
  readonly mainEnginePowerKw: number;
  /** Σ rated power of auxiliary engines over 130 kW, kW. */
  readonly auxiliaryEnginePowerKw: number;
  readonly attainedEedi: number | null;
  readonly attainedEexi: number | null;
  readonly iceClass: string | null;
  /** Fuel oil consumption by IMO fuel oil type, t. */
  readonly fuelByTypeT: Record<string, number>;
  readonly method: string;
  readonly distanceNm: number;
  readonly hoursUnderway: number;
  readonly fuelNotUnderwayT: Record<string, number>;
  readonly shorePowerKwh: number;
  readonly transportWorkTNm: number;
  readonly co2T: number;
}

/** Assembles the DCS appendix IX data from the ship's particulars and the year's totals. */
export function dcsReport(input: {
  ship: {
    imoNumber: string;
    shipType: string;
    grossTonnage: number;
    netTonnage: number;
    deadweightT: number;
    engines: readonly EngineInfo[];
    attainedEedi?: number | null;
    attainedEexi?: number | null;
    iceClass?: string | null;
  };
  year: number;
  totals: AnnualTotals;
  method: string;
}): DcsReport {
  const power = (kind: EngineInfo['kind']) =>
    input.ship.engines
      .filter((e) => e.kind === kind && e.ratedPowerKw > DCS_ENGINE_POWER_THRESHOLD_KW)
      .reduce((a, e) => a + e.ratedPowerKw, 0);
  return {
    imoNumber: input.ship.imoNumber,
    periodStart: `${input.year}-01-01`,
    periodEnd: `${input.year}-12-31`,
    shipType: input.ship.shipType,
    grossTonnage: input.ship.grossTonnage,
    netTonnage: input.ship.netTonnage,
    deadweightT: input.ship.deadweightT,
    mainEnginePowerKw: power('main'),
    auxiliaryEnginePowerKw: power('auxiliary'),
    attainedEedi: input.ship.attainedEedi ?? null,
    attainedEexi: input.ship.attainedEexi ?? null,
    iceClass: input.ship.iceClass ?? null,
    fuelByTypeT: input.totals.fuelByImoClassT,
    method: input.method,
    distanceNm: input.totals.distanceNm,
    hoursUnderway: input.totals.hoursUnderway,
    fuelNotUnderwayT: input.totals.fuelNotUnderwayT,
    shorePowerKwh: input.totals.shorePowerKwh,
    transportWorkTNm: input.totals.transportWorkTNm,
    co2T: input.totals.ghg.co2T,
  };
}
