/**
 * Trim optimisation from the ship's own history (methods README §4, option b): in each speed × draught bin,
 * the power the ship needed above its calm-water reference (%) is fitted as a quadratic in trim,
 * ΔP%(x) = a + b·x + c·x², by least squares; the optimum is the vertex −b/2c when the parabola opens upwards and
 * lies inside the trims sailed (else the better end of that range). A bootstrap over the bin's days gives the
 * optimum's 90 % interval. A bin with too few points, too narrow a spread of trims, no minimum or too wide an
 * interval answers "not enough data" rather than a guess.
 */

import { evalQuadratic, fitQuadratic, type Quadratic } from '../math/quadratic.ts';
import { calmWaterPowerKw } from '../physics/speed-power.ts';
import { mulberry32 } from '../random.ts';

export { evalQuadratic, fitQuadratic, type Quadratic } from '../math/quadratic.ts';

/** One filtered 10-minute block: speed, mean draught, trim and the wind-corrected power. */
export interface TrimObservation {
  /** Epoch ms; with it the slow drift of the hull (fouling) is taken out before fitting. */
  t?: number;
  speedKn: number;
  draftM: number;
  trimM: number;
  powerKw: number;
  /** Excess power with the hull's slow drift removed (set by {@link removeHullDrift}). */
  excessPct?: number;
}

export type TrimBinStatus = 'ok' | 'not_enough_samples' | 'narrow_trim_range' | 'uncertain';

export interface TrimBin {
  /** Bin centres. */
  speedKn: number;
  draftM: number;
  samples: number;
  trimRange: [number, number];
  status: TrimBinStatus;
  fit?: Quadratic;
  /** Best trim (m by the stern) and its 90 % bootstrap interval. */
  optimumM?: number;
  interval?: [number, number];
  /** R² of the fit. */
  r2?: number;
}

export interface TrimOptions {
  speedBinKn: number;
  draftBinM: number;
  minSamples: number;
  /** Narrowest spread of trims (m) a bin needs to place an optimum. */
  minSpreadM: number;
  /** Widest 90 % interval (m) of an optimum still given as advice. */
  maxIntervalM: number;
  bootstrap: number;
  seed: number;
}

export const TRIM_DEFAULTS: TrimOptions = {
  speedBinKn: 1,
  draftBinM: 1,
  minSamples: 40,
  minSpreadM: 0.8,
  maxIntervalM: 0.6,
  bootstrap: 200,
  seed: 19030,
};

/** Power above the calm-water clean-hull reference at the same speed and draught, %. */
export const excessPowerPct = (o: TrimObservation): number =>
  100 * (o.powerKw / calmWaterPowerKw(o.speedKn, o.draftM) - 1);

/**
 * Takes the hull's slow drift out of the excess power: fouling grows over months and would otherwise be read as
 * the effect of whatever trim was sailed meanwhile. Each observation's excess power is compared with the mean of
 * all observations within ±`halfWindowMs` (30 days by default: much longer than a ballast plan lasts).
 */
export function removeHullDrift(
  observations: readonly TrimObservation[],
  halfWindowMs = 15 * 86_400_000,
): TrimObservation[] {
  const sorted = observations.filter((o) => o.t !== undefined).sort((a, b) => a.t! - b.t!);
  const ex = sorted.map(excessPowerPct);
  const out: TrimObservation[] = [];
  let lo = 0;
  let hi = 0;
  let sum = 0;
  for (let i = 0; i < sorted.length; i++) {
    const t = sorted[i]!.t!;
    while (hi < sorted.length && sorted[hi]!.t! <= t + halfWindowMs) sum += ex[hi++]!;
    while (sorted[lo]!.t! < t - halfWindowMs) sum -= ex[lo++]!;
    out.push({ ...sorted[i]!, excessPct: ex[i]! - sum / (hi - lo) });
  }
  return out;
}

/** The best trim of a fit inside [lo, hi]: the vertex when it is a minimum inside, else the better end. */
export function bestTrim(q: Quadratic, lo: number, hi: number): number {
  if (q.c > 0) {
    const vertex = -q.b / (2 * q.c);
    if (vertex >= lo && vertex <= hi) return vertex;
  }
  return evalQuadratic(q, lo) <= evalQuadratic(q, hi) ? lo : hi;
}

/** Fits every speed × draught bin of the observations. */
export function fitTrimBins(
  observations: readonly TrimObservation[],
  options: Partial<TrimOptions> = {},
): TrimBin[] {
  const o = { ...TRIM_DEFAULTS, ...options };
  const bins = new Map<string, TrimObservation[]>();
  const centre = (v: number, w: number) => (Math.floor(v / w) + 0.5) * w;
  for (const obs of observations) {
    const key = `${centre(obs.speedKn, o.speedBinKn)}/${centre(obs.draftM, o.draftBinM)}`;
    bins.set(key, [...(bins.get(key) ?? []), obs]);
  }
  const out: TrimBin[] = [];
  for (const [key, points] of bins) {
    const [speedKn, draftM] = key.split('/').map(Number) as [number, number];
    const xs = points.map((p) => p.trimM);
    const ys = points.map((p) => p.excessPct ?? excessPowerPct(p));
    const lo = Math.min(...xs);
    const hi = Math.max(...xs);
    const bin: TrimBin = { speedKn, draftM, samples: points.length, trimRange: [lo, hi], status: 'ok' };
    if (points.length < o.minSamples) bin.status = 'not_enough_samples';
    else if (hi - lo < o.minSpreadM) bin.status = 'narrow_trim_range';
    const fit = bin.status === 'ok' ? fitQuadratic(xs, ys) : undefined;
    if (fit) {
      bin.fit = fit;
      bin.optimumM = bestTrim(fit, lo, hi);
      const my = ys.reduce((a, b) => a + b, 0) / ys.length;
      const ssTot = ys.reduce((a, y) => a + (y - my) ** 2, 0);
      const ssRes = ys.reduce((a, y, i) => a + (y - evalQuadratic(fit, xs[i]!)) ** 2, 0);
      bin.r2 = ssTot > 0 ? 1 - ssRes / ssTot : 0;
      // Bootstrap by day: blocks of one day share their weather and loading, so they are resampled together
      // (resampling single blocks would pretend a day of data were 144 independent trials).
      const days = new Map<number, number[]>();
      points.forEach((p, i) => {
        const d = Math.floor((p.t ?? i * 86_400_000) / 86_400_000);
        days.set(d, [...(days.get(d) ?? []), i]);
      });
      const groups = [...days.values()];
      const rnd = mulberry32(o.seed);
      const optima: number[] = [];
      for (let r = 0; r < o.bootstrap; r++) {
        const bx: number[] = [];
        const by: number[] = [];
        for (let g = 0; g < groups.length; g++) {
          for (const i of groups[Math.floor(rnd() * groups.length)]!) {
            bx.push(xs[i]!);
            by.push(ys[i]!);
          }
        }
        const f = fitQuadratic(bx, by);
        if (f) optima.push(bestTrim(f, lo, hi));
      }
      optima.sort((a, b) => a - b);
      bin.interval = [
        optima[Math.floor(optima.length * 0.05)]!,
        optima[Math.ceil(optima.length * 0.95) - 1]!,
      ];
      // No minimum inside the trims sailed, or one the data cannot place: no advice.
      if (fit.c <= 0 || bin.interval[1] - bin.interval[0] > o.maxIntervalM) {
        bin.status = 'uncertain';
        delete bin.optimumM;
      }
    } else if (bin.status === 'ok') {
      bin.status = 'narrow_trim_range';
    }
    out.push(bin);
  }
  return out.sort((a, b) => a.draftM - b.draftM || a.speedKn - b.speedKn);
}

/** The bin a condition falls in. */
export function binOf(
  bins: readonly TrimBin[],
  speedKn: number,
  draftM: number,
  options: Partial<TrimOptions> = {},
) {
  const o = { ...TRIM_DEFAULTS, ...options };
  const centre = (v: number, w: number) => (Math.floor(v / w) + 0.5) * w;
  return bins.find(
    (b) => b.speedKn === centre(speedKn, o.speedBinKn) && b.draftM === centre(draftM, o.draftBinM),
  );
}

/** Advice for the current trim: the bin's optimum and the power saved by moving to it (%, never negative). */
export function trimSaving(
  bin: TrimBin,
  currentTrimM: number,
): { optimumM: number; savingPct: number } | undefined {
  if (bin.status !== 'ok' || !bin.fit || bin.optimumM === undefined) return undefined;
  const now = evalQuadratic(bin.fit, Math.min(bin.trimRange[1], Math.max(bin.trimRange[0], currentTrimM)));
  const best = evalQuadratic(bin.fit, bin.optimumM);
  // ΔP is relative to the reference power: the saving as a share of today's power.
  return { optimumM: bin.optimumM, savingPct: Math.max(0, (100 * (now - best)) / (100 + now)) };
}

/** Smallest saving (% of the power) worth asking the crew to change the trim for. */
export const TRIM_MIN_SAVING_PCT = 0.5;
/** Without an interval (a vendor table), trims this close (m) to the optimum count as at it. */
export const TRIM_AT_OPTIMUM_M = 0.05;

/**
 * What the advice says, so its words follow its numbers: `move` when the saving is worth a change;
 * `at_optimum` only when the trim now lies inside the optimum's 90 % interval (or within
 * {@link TRIM_AT_OPTIMUM_M} of a table's optimum); otherwise `small_gain`: away from the optimum, but
 * moving there saves less than {@link TRIM_MIN_SAVING_PCT} % of the power.
 */
export function trimVerdict(a: {
  currentTrimM: number | null;
  optimumM: number;
  interval: readonly [number, number] | null;
  savingPct: number;
}): 'move' | 'at_optimum' | 'small_gain' {
  if (a.savingPct >= TRIM_MIN_SAVING_PCT) return 'move';
  if (a.currentTrimM === null) return 'small_gain';
  const inside = a.interval
    ? a.currentTrimM >= a.interval[0] && a.currentTrimM <= a.interval[1]
    : Math.abs(a.currentTrimM - a.optimumM) <= TRIM_AT_OPTIMUM_M;
  return inside ? 'at_optimum' : 'small_gain';
}
