import { describe, expect, it } from 'vitest';
import { generatorSfoc, twoStrokeSfoc } from '../physics/engine.ts';
import {
  fitShopTestCurve,
  isoSfocGPerKwh,
  referenceCurveSamples,
  referenceSfoc,
  runningShare,
  shopTestCurve,
} from './reference-curves.ts';

describe('shop-test reference curves', () => {
  it.each([
    ['me', 167, twoStrokeSfoc],
    ['ge', 190, generatorSfoc],
  ] as const)(
    'tabulates the %s curve the simulated engine follows (IMO curve, base %d g/kWh)',
    (engine, base, sfoc) => {
      const curve = shopTestCurve(engine);
      expect(curve.points.length).toBeGreaterThanOrEqual(5);
      for (const p of curve.points) expect(p.sfocGPerKwh).toBeCloseTo(sfoc(p.loadPct / 100, base), 1);
      expect(curve.source).toMatch(/Fourth GHG Study/);
    },
  );

  it('fits the shop-test points with a parabola (the IMO curve back) and holds the ends', () => {
    const me = shopTestCurve('me');
    for (const load of [0.3, 0.5, 0.62, 0.8, 0.95])
      expect(referenceSfoc(me, load * 100)).toBeCloseTo(twoStrokeSfoc(load), 1);
    expect(referenceSfoc(me, 0)).toBe(me.points[0]!.sfocGPerKwh);
    expect(referenceSfoc(me, 150)).toBe(me.points.at(-1)!.sfocGPerKwh);
    const samples = referenceCurveSamples(me);
    expect(samples[0]).toEqual(me.points[0]);
    expect(samples.at(-1)).toEqual(me.points.at(-1));
    expect(samples.length).toBe(21);
    // Two points: a straight line.
    expect(
      fitShopTestCurve([
        { loadPct: 50, sfocGPerKwh: 180 },
        { loadPct: 100, sfocGPerKwh: 170 },
      ])(75),
    ).toBeCloseTo(175, 9);
  });

  it('corrects measured SFOC to the ISO LCV of 42.7 MJ/kg', () => {
    // 6,000 kW burning 1,000 kg/h of HFO (40.2 MJ/kg): 166.7 g/kWh as burnt, 156.9 at ISO LCV.
    const sfoc = isoSfocGPerKwh([{ kgPerS: 1000 / 3600, lcvMjPerKg: 40.2 }], 6_000_000);
    expect(sfoc).toBeCloseTo(((1000 * 40.2) / 42.7 / 6000) * 1000, 9);
    expect(isoSfocGPerKwh([{ kgPerS: 1000 / 3600, lcvMjPerKg: 42.7 }], 6_000_000)).toBeCloseTo(166.667, 2);
    expect(isoSfocGPerKwh([{ kgPerS: 0.1, lcvMjPerKg: 42.7 }], 0)).toBeNull();
  });

  it('counts running time from a flag mean or a level that stopped part of the bucket', () => {
    expect(runningShare({ mean: 0.25, min: 0, max: 1 }, 'flag')).toBe(0.25);
    expect(runningShare({ mean: 1.8, min: 1.7, max: 1.9 }, 'level')).toBe(1);
    expect(runningShare({ mean: 0, min: 0, max: 0 }, 'level')).toBe(0);
    expect(runningShare({ mean: 1, min: 0, max: 2 }, 'level')).toBe(0.5);
  });
});

describe('energy assessment ratings', () => {
  it('rates by the deviation above the baseline and maps the hull', async () => {
    const { assessmentRating, hullAssessment, ratingWorsened } = await import('./assessment.ts');
    expect([-3, 2, 2.01, 5, 7.9, 8.1].map((d) => assessmentRating(d))).toEqual([
      'excellent',
      'excellent',
      'good',
      'good',
      'normal',
      'serious',
    ]);
    expect(hullAssessment('fair')).toBe('normal');
    expect(hullAssessment('poor')).toBe('serious');
    expect(ratingWorsened('good', 'normal')).toBe(true);
    expect(ratingWorsened('normal', 'good')).toBe(false);
    expect(ratingWorsened(null, 'serious')).toBe(false);
  });
});
