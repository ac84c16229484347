import { describe, expect, it } from 'vitest';
import { calmWaterPowerKw } from '../physics/speed-power.ts';
import {
  bestTrim,
  binOf,
  evalQuadratic,
  fitQuadratic,
  fitTrimBins,
  type TrimObservation,
  trimSaving,
  trimVerdict,
} from './trim.ts';

/** A seeded generator for the synthetic data of these tests. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a * 1664525 + 1013904223) % 4294967296;
    return a / 4294967296;
  };
}

describe('quadratic fit', () => {
  it('returns the coefficients of points on a parabola exactly', () => {
    const xs = [-1, -0.5, 0, 0.5, 1, 2];
    const q = fitQuadratic(
      xs,
      xs.map((x) => 3 - 2 * x + 0.5 * x * x),
    )!;
    expect(q.a).toBeCloseTo(3, 10);
    expect(q.b).toBeCloseTo(-2, 10);
    expect(q.c).toBeCloseTo(0.5, 10);
  });

  it('has no fit through fewer than three distinct trims', () => {
    expect(fitQuadratic([1, 1, 2, 2], [0, 1, 0, 1])).toBeUndefined();
  });

  it('finds the best trim of a fit inside a range as a brute-force search does', () => {
    const r = rng(7);
    for (let k = 0; k < 200; k++) {
      const q = { a: r() * 4 - 2, b: r() * 6 - 3, c: r() * 4 - 2 };
      const lo = -1 - r();
      const hi = 1 + 2 * r();
      let best = lo;
      for (let x = lo; x <= hi; x += 1e-4) if (evalQuadratic(q, x) < evalQuadratic(q, best)) best = x;
      expect(evalQuadratic(q, bestTrim(q, lo, hi))).toBeLessThanOrEqual(evalQuadratic(q, best) + 1e-6);
    }
  });
});

describe('trim bins', () => {
  // A hull needing +2.5 % per (metre off its optimum)², the optimum 1.0 m by the stern at 8 m and 0.4 m at 11 m.
  const optimum = (draft: number) => 1.0 - 0.2 * (draft - 8);
  const r = rng(42);
  const observations: TrimObservation[] = [];
  for (let i = 0; i < 3000; i++) {
    const speedKn = 11 + r() * 2;
    const draftM = r() < 0.5 ? 8 + r() : 11 + r();
    const trimM = optimum(draftM) + (r() * 2 - 1) * 1.4;
    const noise = 1 + (r() - 0.5) * 0.02;
    const factor = 1.03 * (1 + 0.025 * (trimM - optimum(draftM)) ** 2) * noise;
    observations.push({ speedKn, draftM, trimM, powerKw: calmWaterPowerKw(speedKn, draftM) * factor });
  }
  const bins = fitTrimBins(observations);

  it('recovers the optimum of each bin inside its bootstrap interval', () => {
    const fitted = bins.filter((b) => b.status === 'ok');
    expect(fitted.length).toBe(4);
    for (const b of fitted) {
      // The bin spans a metre of draught: its optimum is the centre's within the spread of the bin.
      expect(Math.abs(b.optimumM! - optimum(b.draftM))).toBeLessThan(0.15);
      expect(b.interval![0]).toBeLessThanOrEqual(b.optimumM!);
      expect(b.interval![1]).toBeGreaterThanOrEqual(b.optimumM!);
      expect(b.interval![1] - b.interval![0]).toBeLessThan(0.4);
    }
  });

  it('prices the move to the optimum', () => {
    const bin = binOf(bins, 11.7, 8.4)!;
    const s = trimSaving(bin, optimum(8.4) + 1)!;
    // One metre off costs 2.5 % of the reference power: about 2.4 % of the power used now.
    expect(s.savingPct).toBeGreaterThan(1.8);
    expect(s.savingPct).toBeLessThan(3);
    expect(trimSaving(bin, s.optimumM)!.savingPct).toBeCloseTo(0, 6);
  });

  it('answers "not enough data" rather than a guess', () => {
    const few = fitTrimBins(observations.slice(0, 30));
    expect(few.every((b) => b.status === 'not_enough_samples' && b.optimumM === undefined)).toBe(true);
    const narrow = fitTrimBins(observations.map((o) => ({ ...o, trimM: 1 + (o.trimM % 0.1) })));
    expect(narrow.every((b) => b.status !== 'ok')).toBe(true);
  });
});

describe('trim verdict', () => {
  it.each([
    ['asks to move when the saving is worth it', -0.01, 0.26, [0.16, 0.35], 2.4, 'move'],
    ['is at the optimum inside its 90 % interval', 0.2, 0.26, [0.16, 0.35], 0.1, 'at_optimum'],
    ['is not at the optimum 0.27 m away, only a small gain', -0.01, 0.26, [0.16, 0.35], 0.3, 'small_gain'],
    ['uses 5 cm around a table optimum', 0.23, 0.26, null, 0.1, 'at_optimum'],
    ['is a small gain 10 cm from a table optimum', 0.16, 0.26, null, 0.1, 'small_gain'],
  ] as const)('%s', (_, currentTrimM, optimumM, interval, savingPct, verdict) => {
    expect(trimVerdict({ currentTrimM, optimumM, interval, savingPct })).toBe(verdict);
  });
});
