import curves from '../../data/engine-shop-test-curves.json' with { type: 'json' };
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
 * Reference SFOC (g/kWh, ISO) at `loadPct` % of rated power: linear between the shop-test points,
 * held at the end points outside the tested range (no extrapolation beyond the record).
 */
export function referenceSfoc(curve: ShopTestCurve, loadPct: number): number {
  const p = curve.points;
  const first = p[0];
  const last = p[p.length - 1];
  if (!first || !last) return Number.NaN;
  if (loadPct <= first.loadPct) return first.sfocGPerKwh;
  if (loadPct >= last.loadPct) return last.sfocGPerKwh;
  for (let i = 1; i < p.length; i++) {
    const a = p[i - 1]!;
    const b = p[i]!;
    if (loadPct <= b.loadPct) {
      const f = (loadPct - a.loadPct) / (b.loadPct - a.loadPct);
      return a.sfocGPerKwh + f * (b.sfocGPerKwh - a.sfocGPerKwh);
    }
  }
  return last.sfocGPerKwh;
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
