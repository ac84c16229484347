import type { ForecastSource, SpeedModel } from '@ecohelm/contracts';
import type { Leg, LegSailing, optimiseVoyage, SeaWeather, ShopTestCurve, SpeedShip } from '@ecohelm/domain';
import type { TelemetryService } from '../telemetry/index.ts';
import type { VoyageService } from '../voyages/index.ts';
import type { SpeedRepository } from './speed.repository.ts';
import type { RouteLeg } from './speed.route-legs.ts';

/** Weather from a forecast at a place and time; `issuedMs` is when the forecast is asked for (now). */
export type ForecastLookup = (
  lat: number,
  lon: number,
  tMs: number,
  issuedMs: number,
) => (SeaWeather & { swellPeriodS?: number | undefined }) | undefined;

/** Forecast providers in order of preference: imported GRIB files first, then the simulator's own. */
export interface ForecastProviders {
  grib?: ForecastLookup;
  simulated?: ForecastLookup;
}

/** The main engine's nameplate and curve, from the equipment parameters. */
export interface MainEngine {
  mcrKw: number;
  mcrRpm: number;
  pitchM: number;
  curve: ShopTestCurve;
}

/** The ship's particulars the model needs (from the ship record; the reference Supramax when not filled in). */
export interface Hull {
  beamM: number;
  lengthWaterlineM: number;
  ladenDraftM: number;
  ballastDraftM: number;
  deadweightT: number;
}

type PassageOptions = readonly { distanceNm: number; fuelT: number; endMs: number }[];
type PassageYearEnd = {
  year: number;
  outcomes: { attainedCii: number; rating: 'A' | 'B' | 'C' | 'D' | 'E' }[];
};

export interface CiiYearEnd {
  yearEndWithPassage(options: PassageOptions): Promise<PassageYearEnd>;
  /** The same on one read of the voyage ledger, for several passages of one answer. */
  yearEndReckoning(): Promise<(options: PassageOptions) => PassageYearEnd>;
}

/**
 * The year-end CII of one answer: the voyage ledger read once, when first asked for, and every passage reckoned on
 * that read (the macro plan's and the rpm simulation's), a failed read failing each alike.
 */
export function oneLedgerRead(cii: CiiYearEnd): CiiYearEnd {
  let reckoning: ReturnType<CiiYearEnd['yearEndReckoning']> | undefined;
  const reckon = () => {
    reckoning ??= cii.yearEndReckoning();
    return reckoning;
  };
  return {
    yearEndReckoning: reckon,
    yearEndWithPassage: async (options) => (await reckon())(options),
  };
}

export interface SpeedDeps {
  telemetry: TelemetryService;
  repo: SpeedRepository;
  voyages: VoyageService;
  mainEngine: () => MainEngine;
  hull: () => Promise<Hull>;
  cii: CiiYearEnd;
  now?: () => number;
}

/** The plan worked out from now: the legs ahead with their weather, the optimum and the constant-speed baseline. */
export interface Worked {
  startMs: number;
  underWay: boolean;
  route: RouteLeg[];
  legs: Leg[];
  /** Planned stops after each leg and in all, h (not sailing time). */
  stayAfter: number[];
  stayH: number;
  sources: ForecastSource[];
  ship: SpeedShip;
  model: SpeedModel;
  floorKn: number;
  hoursToRta: number;
  optimum: ReturnType<typeof optimiseVoyage> | undefined;
  constant: { stwKn: number; legs: LegSailing[]; hours: number; fuelT: number } | undefined;
}

/** A CII outcome as the page shows it. */
export function roundCii(o: { attainedCii: number; rating: 'A' | 'B' | 'C' | 'D' | 'E' }) {
  return { attainedCii: Math.round(o.attainedCii * 1000) / 1000, rating: o.rating };
}
