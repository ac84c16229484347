import { twoStrokeSfoc } from '../physics/engine.ts';
import { propellerPowerKw, propellerRpm } from '../physics/propeller.ts';
import { addedPowerKw, apparentWind, waveResistanceN, windResistanceN } from '../physics/resistance.ts';
import { calmWaterPowerKw } from '../physics/speed-power.ts';
import { knotsToMs, msToKnots } from '../units/index.ts';

/**
 * The speed–power–fuel model the speed optimiser and the RPM simulation share (methods README §2–§3):
 * calm-water power of the reference curves at the draught, times a factor the ship's own history gives
 * (fouling, model error), plus the added power of wind (ISO 15016) and waves (STAwave-1; swell counted at 0.6 of
 * its height, as long swell adds less than wind sea); fuel from the main engine's SFOC curve at its load, and a
 * constant auxiliary consumption (generators and boilers at sea).
 */

/** Weather along a leg, SI; wind and waves "from", current "towards" (set), radians clockwise from north. */
export interface SeaWeather {
  readonly windSpeedMs: number;
  readonly windFromRad: number;
  readonly waveHsM: number;
  readonly waveFromRad: number;
  readonly swellHsM: number;
  readonly swellFromRad: number;
  readonly currentMs: number;
  readonly currentSetRad: number;
}

export const CALM: SeaWeather = {
  windSpeedMs: 0,
  windFromRad: 0,
  waveHsM: 0,
  waveFromRad: 0,
  swellHsM: 0,
  swellFromRad: 0,
  currentMs: 0,
  currentSetRad: 0,
};

/** What the model needs to know about the ship. */
export interface SpeedShip {
  readonly draftM: number;
  readonly beamM: number;
  readonly lengthWaterlineM: number;
  /** Transverse projected area above water, m². */
  readonly transverseAreaM2: number;
  readonly mcrKw: number;
  readonly mcrRpm: number;
  /** Calm-water power multiplier from the ship's history (1 = the reference curve). */
  readonly powerFactor: number;
  /** Propeller-law multiplier: P = heavy·MCR·(N/N_MCR)³ (1 = light running on the MCR point). */
  readonly heavyRunning: number;
  /** Main engine SFOC at a load ratio, g/kWh of the fuel burnt. */
  readonly sfoc: (load: number) => number;
  /** Generators and boilers at sea, t/day. */
  readonly auxTPerDay: number;
}

/** A ship with the simulator's reference particulars' form: defaults callers override. */
export function speedShip(overrides: Partial<SpeedShip> & Pick<SpeedShip, 'draftM'>): SpeedShip {
  return {
    beamM: 32.26,
    lengthWaterlineM: 185,
    transverseAreaM2: 1508.4,
    mcrKw: 8200,
    mcrRpm: 122,
    powerFactor: 1,
    heavyRunning: 1,
    sfoc: (load) => twoStrokeSfoc(load),
    auxTPerDay: 2.5,
    ...overrides,
  };
}

/** Added power (kW) for wind, waves and swell at a speed through water on a heading. */
export function weatherPowerKw(ship: SpeedShip, stwKn: number, headingRad: number, w: SeaWeather): number {
  const vMs = knotsToMs(stwKn);
  const windOffBow = w.windFromRad - headingRad;
  const app = apparentWind(w.windSpeedMs, windOffBow, vMs);
  const rWind = windResistanceN(app.speedMs, app.angleRad, vMs, ship.transverseAreaM2);
  const rWave =
    waveResistanceN(w.waveHsM, w.waveFromRad - headingRad, ship.beamM, ship.lengthWaterlineM) +
    waveResistanceN(w.swellHsM * 0.6, w.swellFromRad - headingRad, ship.beamM, ship.lengthWaterlineM);
  return addedPowerKw(rWind + rWave, vMs);
}

/** Shaft power (kW) to make a speed through water on a heading in a weather. */
export function shaftPowerKw(ship: SpeedShip, stwKn: number, headingRad: number, w: SeaWeather): number {
  if (stwKn <= 0) return 0;
  const calm = calmWaterPowerKw(stwKn, ship.draftM) * ship.powerFactor;
  return Math.max(0.35 * calm, calm + weatherPowerKw(ship, stwKn, headingRad, w));
}

/** The speed through water (kn) a shaft power gives on a heading in a weather (bisection on {@link shaftPowerKw}). */
export function speedAtPowerKn(ship: SpeedShip, powerKw: number, headingRad: number, w: SeaWeather): number {
  if (powerKw <= 0) return 0;
  let lo = 0;
  let hi = 30;
  for (let i = 0; i < 50; i++) {
    const mid = (lo + hi) / 2;
    if (shaftPowerKw(ship, mid, headingRad, w) < powerKw) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Shaft speed (rpm) for a shaft power on the ship's propeller curve. */
export function rpmAtPower(ship: SpeedShip, powerKw: number): number {
  return propellerRpm(powerKw, ship.mcrKw, ship.mcrRpm, ship.heavyRunning);
}

/** Shaft power (kW) the propeller absorbs at a shaft speed. */
export function powerAtRpm(ship: SpeedShip, rpm: number): number {
  return propellerPowerKw(rpm, ship.mcrKw, ship.mcrRpm, ship.heavyRunning);
}

/** Current along a course (kn, positive with the ship). */
export function currentAlongKn(courseRad: number, w: SeaWeather): number {
  return msToKnots(w.currentMs) * Math.cos(w.currentSetRad - courseRad);
}

/** Speed over ground (kn) from speed through water and the current along the course. */
export function speedOverGroundKn(stwKn: number, courseRad: number, w: SeaWeather): number {
  return stwKn + currentAlongKn(courseRad, w);
}

/** One leg of a passage: its length, course and the weather expected on it. */
export interface Leg {
  readonly distanceNm: number;
  readonly courseRad: number;
  readonly weather: SeaWeather;
  /** Speed limits through water on this leg (canal, traffic scheme, pilotage), kn. */
  readonly minKn?: number;
  readonly maxKn?: number;
}

/** Sailing one leg at one speed through water. */
export interface LegSailing {
  readonly stwKn: number;
  readonly sogKn: number;
  readonly hours: number;
  readonly powerKw: number;
  readonly rpm: number;
  /** Main engine fuel, t. */
  readonly meFuelT: number;
  /** Auxiliary fuel over the leg's hours, t. */
  readonly auxFuelT: number;
  readonly fuelT: number;
}

/** The leg sailed at `stwKn`; undefined when the current leaves no headway (SOG under 0.5 kn). */
export function sailLeg(ship: SpeedShip, leg: Leg, stwKn: number): LegSailing | undefined {
  const sogKn = speedOverGroundKn(stwKn, leg.courseRad, leg.weather);
  if (!(sogKn > 0.5)) return undefined;
  const hours = leg.distanceNm / sogKn;
  const powerKw = shaftPowerKw(ship, stwKn, leg.courseRad, leg.weather);
  const meFuelT = (powerKw * ship.sfoc(powerKw / ship.mcrKw) * hours) / 1e6;
  const auxFuelT = (ship.auxTPerDay * hours) / 24;
  return {
    stwKn,
    sogKn,
    hours,
    powerKw,
    rpm: rpmAtPower(ship, powerKw),
    meFuelT,
    auxFuelT,
    fuelT: meFuelT + auxFuelT,
  };
}

/**
 * The CII-aware speed floor V_CII* (methods README §3): CO2 per mile ∝ k·V^(n−1) + a/V is least at
 * `V* = [a/(k(n−1))]^(1/n)`, with main-engine fuel k·V^n t/day and auxiliary a t/day. Below it the auxiliary
 * fuel makes the ship's carbon intensity worse.
 */
export function ciiSpeedFloorKn(k: number, n: number, auxTPerDay: number): number {
  if (!(k > 0) || !(n > 1) || !(auxTPerDay > 0)) return 0;
  return (auxTPerDay / (k * (n - 1))) ** (1 / n);
}

/**
 * The main engine's calm-water fuel law `k·V^n` (t/day) of a ship, fitted on its model between `fromKn` and
 * `toKn` (for {@link ciiSpeedFloorKn}).
 */
export function calmFuelLaw(ship: SpeedShip, fromKn = 8, toKn = 15): { k: number; n: number } {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let v = fromKn; v <= toKn + 1e-9; v += 0.5) {
    const p = shaftPowerKw(ship, v, 0, CALM);
    xs.push(Math.log(v));
    ys.push(Math.log((p * ship.sfoc(p / ship.mcrKw) * 24) / 1e6));
  }
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < xs.length; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
  }
  const n = sxy / sxx;
  return { k: Math.exp(my - n * mx), n };
}
