import { DomainInputError, requireNonNegative } from '../errors.ts';
import { KG_PER_TONNE } from '../units/index.ts';
import { resolveImoFuelId } from './factors.ts';

/** Fuel masses by fuel id (product or IMO id), in tonnes. */
export type FuelTonnes = Readonly<Record<string, number>>;

/** SPEC §9 measurement methods: 1 bunker delivery notes, 2 flow meters, 3 tank monitoring. */
export type ConsumptionMethod = 'BDN' | 'FLOWMETER' | 'TANK_MONITORING';

/** SPEC §9 numeric codes of the methods. */
export const CONSUMPTION_METHOD_CODES: Readonly<Record<ConsumptionMethod, 1 | 2 | 3>> = {
  BDN: 1,
  FLOWMETER: 2,
  TANK_MONITORING: 3,
};

/** A quantity of one fuel moved on or off board (BDN bunkering or barge-out / de-bunkering), tonnes. */
export interface FuelTransfer {
  readonly fuelId: string;
  readonly quantityT: number;
}

function addTo(acc: Record<string, number>, fuelId: string, t: number): void {
  acc[fuelId] = (acc[fuelId] ?? 0) + t;
}

function checkNonNegativeResult(result: Record<string, number>, field: string): Record<string, number> {
  for (const [fuelId, t] of Object.entries(result)) {
    // Tolerate floating-point residue of subtracting equal readings; anything more is bad data.
    if (t < -1e-9) {
      throw new DomainInputError(
        'invalid_range',
        `${field}.${fuelId}`,
        t,
        `negative consumption of ${fuelId} (${t} t): remaining on board, bunkers or barge-outs are inconsistent`,
      );
    }
    if (t < 0) result[fuelId] = 0;
  }
  return result;
}

/**
 * Method 1 (BDN and periodic stocktakes; MEPC.346(78) SEEMP Part II, EU MRV method A):
 * consumption_j = ROB_start,j + Σ bunkered_j (BDN) − Σ barged-out_j − ROB_end,j, tonnes per fuel.
 * A negative result means inconsistent data and throws `invalid_range`.
 */
export function consumptionByBdn(input: {
  robStartT: FuelTonnes;
  robEndT: FuelTonnes;
  bunkers?: readonly FuelTransfer[];
  bargeOuts?: readonly FuelTransfer[];
}): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [f, t] of Object.entries(input.robStartT)) {
    resolveImoFuelId(f, `robStartT.${f}`);
    addTo(out, f, requireNonNegative(t, `robStartT.${f}`));
  }
  for (const [i, b] of (input.bunkers ?? []).entries()) {
    resolveImoFuelId(b.fuelId, `bunkers[${i}].fuelId`);
    addTo(out, b.fuelId, requireNonNegative(b.quantityT, `bunkers[${i}].quantityT`));
  }
  for (const [i, b] of (input.bargeOuts ?? []).entries()) {
    resolveImoFuelId(b.fuelId, `bargeOuts[${i}].fuelId`);
    addTo(out, b.fuelId, -requireNonNegative(b.quantityT, `bargeOuts[${i}].quantityT`));
  }
  for (const [f, t] of Object.entries(input.robEndT)) {
    resolveImoFuelId(f, `robEndT.${f}`);
    addTo(out, f, -requireNonNegative(t, `robEndT.${f}`));
  }
  return checkNonNegativeResult(out, 'consumption');
}

/** Fuel consumers reported separately in IMO DCS since MEPC.385(81). */
export type FuelConsumer = 'main_engine' | 'auxiliary_engine' | 'boiler' | 'other';

/** One flow-meter totaliser reading pair. Volumetric meters need the density at the metered temperature. */
export interface FlowMeterReading {
  readonly fuelId: string;
  readonly consumer: FuelConsumer;
  readonly startReading: number;
  readonly endReading: number;
  /** Totaliser unit: tonnes, kilograms (mass meters) or cubic metres (volumetric meters). */
  readonly unit: 't' | 'kg' | 'm3';
  /** Density at the metered temperature, t/m³ (volumetric meters only). */
  readonly densityTPerM3?: number;
  /** Return-line meter: its flow is subtracted (fuel returned to the tank). */
  readonly isReturnLine?: boolean;
}

/**
 * Method 2 (flow meters on the combustion processes; EU MRV method C): Σ (end − start) per meter,
 * converted to tonnes, return lines subtracted. Result per fuel and per fuel and consumer (DCS MEPC.385(81)).
 */
export function consumptionByFlowMeters(readings: readonly FlowMeterReading[]): {
  byFuelT: Record<string, number>;
  byConsumerT: Record<FuelConsumer, Record<string, number>>;
} {
  const byFuelT: Record<string, number> = {};
  const byConsumerT: Record<FuelConsumer, Record<string, number>> = {
    main_engine: {},
    auxiliary_engine: {},
    boiler: {},
    other: {},
  };
  for (const [i, r] of readings.entries()) {
    resolveImoFuelId(r.fuelId, `readings[${i}].fuelId`);
    const delta = r.endReading - r.startReading;
    if (!Number.isFinite(delta) || delta < 0) {
      throw new DomainInputError(
        'invalid_range',
        `readings[${i}].endReading`,
        r.endReading,
        `flow meter ${i}: end reading ${r.endReading} is below start reading ${r.startReading}`,
      );
    }
    let tonnes: number;
    if (r.unit === 't') tonnes = delta;
    else if (r.unit === 'kg') tonnes = delta / KG_PER_TONNE;
    else
      tonnes =
        delta * requireNonNegative(r.densityTPerM3 ?? Number.NaN, `readings[${i}].densityTPerM3`, true);
    const signed = r.isReturnLine ? -tonnes : tonnes;
    addTo(byFuelT, r.fuelId, signed);
    addTo(byConsumerT[r.consumer], r.fuelId, signed);
  }
  return { byFuelT: checkNonNegativeResult(byFuelT, 'consumption'), byConsumerT };
}

/** One tank's soundings at the start and end of the period. */
export interface TankSounding {
  readonly tankId: string;
  readonly fuelId: string;
  readonly startVolumeM3: number;
  readonly endVolumeM3: number;
  /** Density at 15 °C from the BDN / lab analysis, t/m³. */
  readonly densityTPerM3: number;
  /** Volume correction factors (ASTM D1250 table 54B) to 15 °C at each sounding; 1 when already corrected. */
  readonly vcfStart?: number;
  readonly vcfEnd?: number;
}

/**
 * Method 3 (bunker fuel tank monitoring on board; EU MRV method B): per fuel,
 * Σ_tanks ρ15·(V_start·VCF_start − V_end·VCF_end) + Σ bunkered − Σ barged-out, tonnes.
 */
export function consumptionByTankMonitoring(input: {
  soundings: readonly TankSounding[];
  bunkers?: readonly FuelTransfer[];
  bargeOuts?: readonly FuelTransfer[];
}): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [i, s] of input.soundings.entries()) {
    resolveImoFuelId(s.fuelId, `soundings[${i}].fuelId`);
    const rho = requireNonNegative(s.densityTPerM3, `soundings[${i}].densityTPerM3`, true);
    const start = requireNonNegative(s.startVolumeM3, `soundings[${i}].startVolumeM3`) * (s.vcfStart ?? 1);
    const end = requireNonNegative(s.endVolumeM3, `soundings[${i}].endVolumeM3`) * (s.vcfEnd ?? 1);
    addTo(out, s.fuelId, rho * (start - end));
  }
  for (const [i, b] of (input.bunkers ?? []).entries()) {
    addTo(out, b.fuelId, requireNonNegative(b.quantityT, `bunkers[${i}].quantityT`));
  }
  for (const [i, b] of (input.bargeOuts ?? []).entries()) {
    addTo(out, b.fuelId, -requireNonNegative(b.quantityT, `bargeOuts[${i}].quantityT`));
  }
  return checkNonNegativeResult(out, 'consumption');
}
