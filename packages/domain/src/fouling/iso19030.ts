import { knotsToMs } from '../units/index.ts';
/**
 * Hull and propeller performance by ISO 19030-2 (the default method), methods README §1:
 * 10-minute blocks → Chauvenet per parameter → block validation (σ limits) → reference conditions → wind
 * correction of the delivered power (Annex G) → expected speed from the reference speed–power curve at the
 * block's draught → performance value PV = 100·(V_m − V_e)/V_e (negative: speed loss).
 */

import { apparentWind, GRAVITY, RHO_AIR } from '../physics/resistance.ts';
import { calmWaterSpeedKn } from '../physics/speed-power.ts';

/** One sample of a block (≈ 1 per minute from the store; ISO asks ≥ 1 per 15 s where raw data exist). */
export interface FoulingSample {
  /** Epoch ms. */
  t: number;
  stwKn: number;
  sogKn: number;
  /** Delivered (shaft) power, kW. */
  powerKw: number;
  rpm: number;
  headingRad: number;
  /** True wind speed (m/s) and the direction it blows from (rad, true). */
  windSpeedMs: number;
  windFromRad: number;
  /** Mean draught (m), rudder angle (rad), water depth (m), sea temperature (°C) — where measured. */
  draftM: number;
  rudderRad?: number;
  depthM?: number;
  seaTempC?: number;
  /** Significant height of the combined sea (wind waves and swell), m, where measured. */
  waveHsM?: number;
  /** Trim (m, by the stern), where measured: carried to the block for the trim analysis. */
  trimM?: number;
}

/** The ship's figures the method needs. */
export interface FoulingShip {
  beamM: number;
  /** Transverse projected area above water at `areaDraftM`, m². */
  transverseAreaM2: number;
  areaDraftM: number;
  /** Propulsive efficiency for the wind power correction. */
  etaD: number;
  /** Wind resistance coefficient head-on (C_X(0)); C_X(ψ) = C_X0·cos ψ. */
  cx0: number;
}

/** ISO 19030-2 limits; every one configurable, these are the standard's. */
export interface FoulingFilters {
  /** Block validation: largest standard deviation in a block. */
  maxSigmaRpm: number;
  maxSigmaStwKn: number;
  maxSigmaSogKn: number;
  maxSigmaRudderDeg: number;
  /** Reference conditions. */
  maxWindMs: number;
  maxRudderDeg: number;
  minSeaTempC: number;
  /**
   * Largest significant wave height. Not in ISO 19030-2, whose default method corrects only for wind; the
   * added resistance in waves then shows as fouling, so where waves are measured rough blocks are left out.
   */
  maxWaveHsM: number;
  /** Blocks below this speed or power are not sailing (manoeuvring, drifting). */
  minStwKn: number;
  minPowerKw: number;
  /** Fewest samples a block needs. */
  minSamples: number;
}

export const ISO19030_FILTERS: FoulingFilters = {
  maxSigmaRpm: 3,
  maxSigmaStwKn: 0.5,
  maxSigmaSogKn: 0.5,
  maxSigmaRudderDeg: 1,
  maxWindMs: 7.9,
  maxRudderDeg: 5,
  minSeaTempC: 2,
  maxWaveHsM: 1.5,
  minStwKn: 5,
  minPowerKw: 500,
  minSamples: 5,
};

/** Why a block did not count; the page shows the counts. */
export type BlockRejection =
  | 'too_few_samples'
  | 'not_sailing'
  | 'unsteady'
  | 'wind'
  | 'rudder'
  | 'shallow_water'
  | 'cold_water'
  | 'waves';

export interface BlockResult {
  /** Block start, epoch ms. */
  t: number;
  /** Performance value, % (negative: speed loss); undefined when rejected. */
  pv?: number;
  rejected?: BlockRejection;
  stwKn?: number;
  expectedKn?: number;
  powerKw?: number;
  correctedPowerKw?: number;
  draftM?: number;
  trimM?: number;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sigma = (xs: readonly number[]) => {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
};

/** Complementary error function (Abramowitz & Stegun 7.1.26, |error| < 1.5e-7). */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * z);
  const y = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const r = y * Math.exp(-z * z);
  return x >= 0 ? r : 2 - r;
}

/**
 * Chauvenet's criterion: the indices of the values kept. A value goes when the expected number of samples
 * at least as far from the mean, N·erfc(|x−x̄|/(σ√2)), is below one half.
 */
export function chauvenetKeep(xs: readonly number[]): boolean[] {
  const n = xs.length;
  if (n < 3) return xs.map(() => true);
  const m = mean(xs);
  const s = sigma(xs);
  if (s === 0) return xs.map(() => true);
  return xs.map((x) => n * erfc(Math.abs(x - m) / (s * Math.SQRT2)) >= 0.5);
}

/** Minimum depth for deep water (ISO 19030-2 reference conditions): max(3√(B·T), 2.75·V²/g). */
export const minDeepWaterM = (beamM: number, draftM: number, stwKn: number): number =>
  Math.max(3 * Math.sqrt(beamM * draftM), (2.75 * knotsToMs(stwKn) ** 2) / GRAVITY);

/**
 * Power corrected for wind (Annex G): ΔP = R_AA·V_G/η_D with
 * R_AA = ½ρ_A·A_XV·(C_X(ψ_WR)·V_WR² − C_X(0)·V_G²) and A_XV grown by (T_design − T)·B as the draught falls.
 */
export function windCorrectedPowerKw(
  powerKw: number,
  s: Pick<FoulingSample, 'sogKn' | 'headingRad' | 'windSpeedMs' | 'windFromRad' | 'draftM'>,
  ship: FoulingShip,
): number {
  const vG = knotsToMs(s.sogKn);
  const rel = apparentWind(s.windSpeedMs, s.windFromRad - s.headingRad, vG);
  const area = ship.transverseAreaM2 + (ship.areaDraftM - s.draftM) * ship.beamM;
  const rAA =
    0.5 * RHO_AIR * area * (ship.cx0 * Math.cos(rel.angleRad) * rel.speedMs ** 2 - ship.cx0 * vG ** 2);
  return powerKw - (rAA * vG) / ship.etaD / 1000;
}

/** The expected speed through water of a clean hull at a power and draught: the reference curve's. */
export const expectedSpeedKn = (powerKw: number, draftM: number): number => calmWaterSpeedKn(powerKw, draftM);

/** One block: Chauvenet per parameter, validation, reference conditions, wind correction, PV. */
export function evaluateBlock(
  t: number,
  samples: readonly FoulingSample[],
  ship: FoulingShip,
  filters: FoulingFilters = ISO19030_FILTERS,
): BlockResult {
  if (samples.length < filters.minSamples) return { t, rejected: 'too_few_samples' };
  // Chauvenet on each parameter; a sample goes when any of its parameters is an outlier.
  const params: ((s: FoulingSample) => number)[] = [
    (s) => s.stwKn,
    (s) => s.sogKn,
    (s) => s.powerKw,
    (s) => s.rpm,
  ];
  const keep = samples.map(() => true);
  for (const p of params) {
    chauvenetKeep(samples.map(p)).forEach((k, i) => {
      if (!k) keep[i] = false;
    });
  }
  const kept = samples.filter((_, i) => keep[i]);
  if (kept.length < filters.minSamples) return { t, rejected: 'too_few_samples' };
  const stw = mean(kept.map((s) => s.stwKn));
  const power = mean(kept.map((s) => s.powerKw));
  if (stw < filters.minStwKn || power < filters.minPowerKw) return { t, rejected: 'not_sailing' };
  const rudders = kept.map((s) => s.rudderRad).filter((r): r is number => r !== undefined);
  const deg = (r: number) => (r * 180) / Math.PI;
  if (
    sigma(kept.map((s) => s.rpm)) > filters.maxSigmaRpm ||
    sigma(kept.map((s) => s.stwKn)) > filters.maxSigmaStwKn ||
    sigma(kept.map((s) => s.sogKn)) > filters.maxSigmaSogKn ||
    (rudders.length > 1 && deg(sigma(rudders)) > filters.maxSigmaRudderDeg)
  ) {
    return { t, rejected: 'unsteady' };
  }
  if (mean(kept.map((s) => s.windSpeedMs)) > filters.maxWindMs) return { t, rejected: 'wind' };
  const waves = kept.map((s) => s.waveHsM).filter((h): h is number => h !== undefined);
  if (waves.length > 0 && mean(waves) > filters.maxWaveHsM) return { t, rejected: 'waves' };
  if (rudders.length > 0 && Math.abs(deg(mean(rudders))) > filters.maxRudderDeg)
    return { t, rejected: 'rudder' };
  const draft = mean(kept.map((s) => s.draftM));
  const depths = kept.map((s) => s.depthM).filter((d): d is number => d !== undefined);
  if (depths.length > 0 && mean(depths) < minDeepWaterM(ship.beamM, draft, stw)) {
    return { t, rejected: 'shallow_water' };
  }
  const temps = kept.map((s) => s.seaTempC).filter((d): d is number => d !== undefined);
  if (temps.length > 0 && mean(temps) <= filters.minSeaTempC) return { t, rejected: 'cold_water' };
  const corrected = mean(kept.map((s) => windCorrectedPowerKw(s.powerKw, s, ship)));
  const expected = expectedSpeedKn(corrected, draft);
  const trims = kept.map((s) => s.trimM).filter((x): x is number => x !== undefined);
  return {
    t,
    pv: (100 * (stw - expected)) / expected,
    stwKn: stw,
    expectedKn: expected,
    powerKw: power,
    correctedPowerKw: corrected,
    draftM: draft,
    ...(trims.length > 0 ? { trimM: mean(trims) } : {}),
  };
}

/** Splits time-ordered samples into 10-minute blocks (aligned to the clock) and evaluates each. */
export function performanceValues(
  samples: readonly FoulingSample[],
  ship: FoulingShip,
  filters: FoulingFilters = ISO19030_FILTERS,
  blockMs = 600_000,
): BlockResult[] {
  const out: BlockResult[] = [];
  let i = 0;
  while (i < samples.length) {
    const start = Math.floor(samples[i]!.t / blockMs) * blockMs;
    let j = i;
    while (j < samples.length && samples[j]!.t < start + blockMs) j++;
    out.push(evaluateBlock(start, samples.slice(i, j), ship, filters));
    i = j;
  }
  return out;
}
