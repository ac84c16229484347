import dcs from '../../data/dcs-fields.json' with { type: 'json' };
import { toEpochMs } from '../errors.ts';
import type { GhgTonnes } from '../fuels/emissions.ts';
import { isProductFuelId, productFuelType } from '../fuels/factors.ts';
import { GRAMS_PER_TONNE } from '../units/index.ts';
import type { PortRef } from './records.ts';

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
  /** The record that ends the stay (departure, end of anchorage or drift). */
  readonly recordId: string;
  /** A port call belongs to the voyage that arrived; a stop at sea to the voyage of its passage. */
  readonly voyageNumber: string;
  readonly kind: 'port' | 'anchorage' | 'drift';
  readonly port: PortRef | null;
  readonly startMs: number;
  readonly endMs: number;
  readonly fuelT: Record<string, number>;
  readonly ghg: GhgTonnes;
  /** At berth in an EEA port (MRV Art. 3(n)): counts 100 % for MRV/ETS. */
  readonly atBerthEea: boolean;
  readonly shorePowerKwh: number;
  /** MRV Art. 10 class: at berth in an EEA port, or (a stop at sea) the class of its voyage. */
  readonly euType: EuVoyageType | 'at_berth';
  /** EU share of a stay at sea (anchorage/drift) follows its voyage; at berth in the EEA is 1. */
  readonly euShare: number;
  /** A stop at sea: when its passage left port (MRV books it with its voyage); null for a port call. */
  readonly passageDepartureMs: number | null;
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

/** The part of each leg and stay that falls in `[from, to)`: see {@link aggregatePeriod} for the rule. */
export function withinPeriod(
  voyages: { legs: readonly VoyageLeg[]; stays: readonly Stay[] },
  range: { from: string | number | Date; to: string | number | Date },
  options: { wholeVoyages?: boolean } = {},
): { legs: VoyageLeg[]; stays: Stay[] } {
  const fromMs = toEpochMs(range.from, 'from');
  const toMs = toEpochMs(range.to, 'to');
  const inRange = (ms: number) => (ms >= fromMs && ms < toMs ? 1 : 0);
  const scale = (fuel: Record<string, number>, k: number) =>
    k === 1 ? fuel : Object.fromEntries(Object.entries(fuel).map(([f, t]) => [f, t * k]));
  const scaleGhg = (g: GhgTonnes, k: number): GhgTonnes => (k === 1 ? g : addGhg(ZERO, g, k));
  const legs: VoyageLeg[] = [];
  for (const leg of voyages.legs) {
    const k = options.wholeVoyages
      ? inRange(leg.departureMs)
      : overlapShare(leg.departureMs, leg.arrivalMs, fromMs, toMs);
    if (k === 0) continue;
    legs.push(
      k === 1
        ? leg
        : {
            ...leg,
            departureMs: Math.max(leg.departureMs, fromMs),
            arrivalMs: Math.min(leg.arrivalMs, toMs),
            distanceNm: leg.distanceNm * k,
            hoursUnderway: leg.hoursUnderway * k,
            transportWorkTNm: leg.transportWorkTNm * k,
            fuelT: scale(leg.fuelT, k),
            ghg: scaleGhg(leg.ghg, k),
          },
    );
  }
  const stays: Stay[] = [];
  for (const s of voyages.stays) {
    const k =
      options.wholeVoyages && s.passageDepartureMs !== null
        ? inRange(s.passageDepartureMs)
        : overlapShare(s.startMs, s.endMs, fromMs, toMs);
    if (k === 0) continue;
    stays.push(
      k === 1
        ? s
        : {
            ...s,
            startMs: Math.max(s.startMs, fromMs),
            endMs: Math.min(s.endMs, toMs),
            fuelT: scale(s.fuelT, k),
            ghg: scaleGhg(s.ghg, k),
            shorePowerKwh: s.shorePowerKwh * k,
          },
    );
  }
  return { legs, stays };
}

/**
 * Sums legs and stays over `[from, to)`. By default those that straddle an edge are prorated by time (IMO DCS
 * splits the calendar year at 00:00 UTC on 1 January; CII weeks and months likewise). With `wholeVoyages`
 * (EU MRV, Reg. 2015/757 Art. 3(d)) a leg and its stops at sea count whole in the period their passage left
 * port in; port calls are still prorated. DCS counts every fuel consumed (at sea and in port); MRV adds the
 * intra-EEA / outgoing / incoming / at-berth split (stops at sea in their voyage's class), which adds up to
 * the total, and the ETS-relevant EU scope.
 */
export function aggregatePeriod(
  voyages: { legs: readonly VoyageLeg[]; stays: readonly Stay[] },
  range: { from: string | number | Date; to: string | number | Date },
  options: { wholeVoyages?: boolean } = {},
): AnnualTotals {
  const within = withinPeriod(voyages, range, options);
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
  const addFuel = (target: Record<string, number>, fuel: Record<string, number>, k = 1) => {
    for (const [f, t] of Object.entries(fuel)) target[f] = (target[f] ?? 0) + k * t;
  };
  const addImo = (fuel: Record<string, number>) => {
    for (const [f, t] of Object.entries(fuel)) {
      const imo = isProductFuelId(f) ? productFuelType(f).imoFuelId : f;
      fuelByImoClassT[imo] = (fuelByImoClassT[imo] ?? 0) + t;
    }
  };
  for (const leg of within.legs) {
    addFuel(fuelT, leg.fuelT);
    addImo(leg.fuelT);
    addFuel(euScopeFuelT, leg.fuelT, leg.euShare);
    ghg = addGhg(ghg, leg.ghg);
    euScope = addGhg(euScope, leg.ghg, leg.euShare);
    if (leg.euType === 'intra_eea') intraEea = addGhg(intraEea, leg.ghg);
    if (leg.euType === 'outgoing') outgoing = addGhg(outgoing, leg.ghg);
    if (leg.euType === 'incoming') incoming = addGhg(incoming, leg.ghg);
    distanceNm += leg.distanceNm;
    hoursUnderway += leg.hoursUnderway;
    transportWorkTNm += leg.transportWorkTNm;
  }
  for (const s of within.stays) {
    addFuel(fuelT, s.fuelT);
    addImo(s.fuelT);
    addFuel(fuelNotUnderwayT, s.fuelT);
    addFuel(euScopeFuelT, s.fuelT, s.euShare);
    ghg = addGhg(ghg, s.ghg);
    euScope = addGhg(euScope, s.ghg, s.euShare);
    if (s.euType === 'at_berth') atBerthEea = addGhg(atBerthEea, s.ghg);
    if (s.euType === 'intra_eea') intraEea = addGhg(intraEea, s.ghg);
    if (s.euType === 'outgoing') outgoing = addGhg(outgoing, s.ghg);
    if (s.euType === 'incoming') incoming = addGhg(incoming, s.ghg);
    shorePowerKwh += s.shorePowerKwh;
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
