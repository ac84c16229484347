import curves from '../../data/engine-shop-test-curves.json' with { type: 'json' };
import { evalQuadratic, fitQuadratic } from '../math/quadratic.ts';
import { ISO_LCV_MJ_PER_KG } from '../physics/engine.ts';

/** Engines with a shop-test SFOC record: the main engine and the (identical) generator sets. */
export type ShopTestEngine = 'me' | 'ge';

/** One shop-test point: load in % of rated power, SFOC in g/kWh at ISO conditions (42.7 MJ/kg). */
export interface ShopTestPoint {
  loadPct: number;
  sfocGPerKwh: number;
}

export interface ShopTestCurve {
  engine: ShopTestEngine;
  label: string;
  ratedPowerKw: number;
  points: readonly ShopTestPoint[];
  /** Where the figures come from (data/engine-shop-test-curves.json `source`). */
  source: string;
}

/** The source note of the reference curves (IMO Fourth GHG Study 2020 SFOC curve, ceto). */
export const SHOP_TEST_SOURCE: string = curves.source;

/** The shop-test SFOC curve of the main engine or a generator set (data/engine-shop-test-curves.json). */
export function shopTestCurve(engine: ShopTestEngine): ShopTestCurve {
  const e = curves.engines[engine];
  return {
    engine,
    label: e.label,
    ratedPowerKw: e.ratedPowerKw,
    points: [...e.points].sort((a, b) => a.loadPct - b.loadPct),
    source: curves.source,
  };
}

/**
 * The least-squares parabola `a + b·L + c·L²` through the shop-test points (L in % of rated power): SFOC
 * curves of diesel engines are close to parabolic (the IMO curve is one), and a straight line between test
 * points would overstate SFOC between them by up to about 1 %. Falls back to a line for fewer than 3 points.
 */
export function fitShopTestCurve(points: readonly ShopTestPoint[]): (loadPct: number) => number {
  const n = points.length;
  if (n === 0) return () => Number.NaN;
  if (n < 3) {
    const a = points[0]!;
    const b = points[n - 1]!;
    const slope = b.loadPct === a.loadPct ? 0 : (b.sfocGPerKwh - a.sfocGPerKwh) / (b.loadPct - a.loadPct);
    return (l) => a.sfocGPerKwh + slope * (l - a.loadPct);
  }
  const q = fitQuadratic(
    points.map((p) => p.loadPct),
    points.map((p) => p.sfocGPerKwh),
  );
  return q ? (l) => evalQuadratic(q, l) : () => Number.NaN;
}

/**
 * Reference SFOC (g/kWh, ISO) at `loadPct` % of rated power: the fitted shop-test parabola inside the
 * tested range, held at the end points outside it (no extrapolation beyond the record).
 */
export function referenceSfoc(curve: ShopTestCurve, loadPct: number): number {
  const first = curve.points[0];
  const last = curve.points[curve.points.length - 1];
  if (!first || !last) return Number.NaN;
  if (loadPct <= first.loadPct) return first.sfocGPerKwh;
  if (loadPct >= last.loadPct) return last.sfocGPerKwh;
  return fitOf(curve)(loadPct);
}

const fits = new WeakMap<readonly ShopTestPoint[], (loadPct: number) => number>();
function fitOf(curve: ShopTestCurve): (loadPct: number) => number {
  let fit = fits.get(curve.points);
  if (!fit) {
    fit = fitShopTestCurve(curve.points);
    fits.set(curve.points, fit);
  }
  return fit;
}

/** A fuel mass flow with the lower calorific value of the fuel burnt. */
export interface FuelFlowLcv {
  kgPerS: number;
  lcvMjPerKg: number;
}

/**
 * Measured SFOC corrected to the ISO reference LCV (42.7 MJ/kg, ISO 3046-1), so it compares with the
 * shop-test curve: the fuel energy Σ ṁ·LCV expressed as ISO-fuel mass, per kWh delivered.
 * Returns null when no power was delivered.
 */
export function isoSfocGPerKwh(flows: readonly FuelFlowLcv[], powerW: number): number | null {
  if (!(powerW > 0)) return null;
  const energyMjPerS = flows.reduce((s, f) => s + Math.max(0, f.kgPerS) * f.lcvMjPerKg, 0);
  const isoKgPerS = energyMjPerS / ISO_LCV_MJ_PER_KG;
  // kg/s per W = kg/J; × 1000 g/kg × 3.6e6 J/kWh.
  return (isoKgPerS / powerW) * 3.6e9;
}

/**
 * Share of a rollup bucket an equipment was running, from its bucket statistics:
 * - a `flag` channel (0/1) runs for its mean;
 * - a `level` channel (revolutions, power) runs the whole bucket when its minimum is above zero, not at all
 *   when its maximum is zero, and otherwise for mean/max (the running level assumed steady).
 */
export function runningShare(
  bucket: { mean: number; min: number; max: number },
  kind: 'flag' | 'level',
): number {
  if (kind === 'flag') return Math.min(1, Math.max(0, bucket.mean));
  if (!(bucket.max > 0)) return 0;
  if (bucket.min > 0) return 1;
  return Math.min(1, Math.max(0, bucket.mean / bucket.max));
}

/** The fitted reference curve sampled every `stepPct` over the tested range (for charts). */
export function referenceCurveSamples(curve: ShopTestCurve, stepPct = 5): ShopTestPoint[] {
  const first = curve.points[0];
  const last = curve.points[curve.points.length - 1];
  if (!first || !last) return [];
  const out: ShopTestPoint[] = [];
  for (let l = first.loadPct; l < last.loadPct; l += stepPct) {
    out.push({ loadPct: l, sfocGPerKwh: referenceSfoc(curve, l) });
  }
  out.push({ loadPct: last.loadPct, sfocGPerKwh: last.sfocGPerKwh });
  return out;
}
