import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainInputError } from '../errors.ts';
import { CII_RATINGS } from './calculate.ts';
import {
  fitSpeedFuelModel,
  maxSpeedForRating,
  predictDailyFuel,
  projectCiiAtSpeed,
  type SpeedScenario,
} from './speed-model.ts';

const supramax = { shipType: 'bulk_carrier', dwt: 57_000 };

describe('fitSpeedFuelModel', () => {
  it('recovers a and b of an exact power law', () => {
    const points = [8, 10, 12, 13, 14].map((v) => ({ speedKn: v, fuelTPerDay: 0.012 * v ** 3.1 }));
    const m = fitSpeedFuelModel(points);
    expect(m.a).toBeCloseTo(0.012, 6);
    expect(m.b).toBeCloseTo(3.1, 6);
    expect(m.r2).toBeCloseTo(1, 9);
    expect(m).toMatchObject({ n: 5, minSpeedKn: 8, maxSpeedKn: 14 });
  });

  it('drops manoeuvring speeds and days without fuel', () => {
    const points = [
      { speedKn: 0.5, fuelTPerDay: 3 },
      { speedKn: 11, fuelTPerDay: 0 },
      { speedKn: 10, fuelTPerDay: 20 },
      { speedKn: 12, fuelTPerDay: 20 * 1.2 ** 3 },
    ];
    const m = fitSpeedFuelModel(points);
    expect(m.n).toBe(2);
    expect(m.b).toBeCloseTo(3, 9);
  });

  it('weights points (hours under way) in the fit', () => {
    const heavy = fitSpeedFuelModel([
      { speedKn: 10, fuelTPerDay: 20, weight: 100 },
      { speedKn: 12, fuelTPerDay: 34.56, weight: 100 },
      { speedKn: 11, fuelTPerDay: 40, weight: 0.01 },
    ]);
    expect(heavy.b).toBeCloseTo(3, 1);
  });

  it('holds the exponent at the nearest bound of bRange when the free fit leaves it', () => {
    // Power held constant, weather moving speed: fuel hardly changes with speed (free b ≈ 0.2).
    const points = [11.8, 12.2, 12.6, 13].map((v) => ({ speedKn: v, fuelTPerDay: 20 * v ** 0.2 }));
    expect(fitSpeedFuelModel(points).constrained).toBe(false);
    const m = fitSpeedFuelModel(points, { bRange: [2.5, 4] });
    expect(m.b).toBe(2.5);
    expect(m.constrained).toBe(true);
    // a puts the curve through the points' (geometric) mean.
    const mean = Math.exp(points.reduce((s, p) => s + Math.log(p.fuelTPerDay), 0) / points.length);
    const meanV = Math.exp(points.reduce((s, p) => s + Math.log(p.speedKn), 0) / points.length);
    expect(predictDailyFuel(m, meanV)).toBeCloseTo(mean, 9);
    expect(m.r2).toBeLessThan(1);
  });

  it('refuses fewer than two usable points or a single speed', () => {
    expect(() => fitSpeedFuelModel([{ speedKn: 12, fuelTPerDay: 30 }])).toThrow(DomainInputError);
    expect(() =>
      fitSpeedFuelModel([
        { speedKn: 12, fuelTPerDay: 30 },
        { speedKn: 12, fuelTPerDay: 31 },
      ]),
    ).toThrow(/different speeds/);
  });

  it('predicts a·v^b', () => {
    expect(predictDailyFuel({ a: 0.01, b: 3 }, 10)).toBeCloseTo(10, 9);
  });
});

describe('speed scenarios and the highest speed for a rating', () => {
  const scenario: SpeedScenario = {
    ship: supramax,
    year: 2026,
    soFar: { distanceNm: 60_000, fuelTonnes: { ls_hfo: 5_400, mdo_mgo: 600 } },
    days: 90,
    model: { a: 0.0125, b: 3 },
    fuelMix: { ls_hfo: 0.9, mdo_mgo: 0.1 },
  };

  it('adds speed × days × 24 nm and the model fuel to the year so far', () => {
    const r = projectCiiAtSpeed(scenario, 12);
    expect(r.projectedDistanceNm).toBeCloseTo(60_000 + 12 * 24 * 90, 6);
    const daily = 0.0125 * 12 ** 3;
    expect(r.dailyFuelT).toBeCloseTo(daily, 9);
    expect(r.projectedFuelTonnes.ls_hfo).toBeCloseTo(5_400 + 0.9 * daily * 90, 6);
    expect(r.projectedFuelTonnes.mdo_mgo).toBeCloseTo(600 + 0.1 * daily * 90, 6);
  });

  it('rates worse the faster the ship sails once past its best speed', () => {
    const found = maxSpeedForRating(scenario, 'C', { minKn: 4, maxKn: 25 });
    expect(found).not.toBeNull();
    fc.assert(
      fc.property(fc.double({ min: 4, max: 25, noNaN: true }), (v) => {
        const keeps = CII_RATINGS.indexOf(projectCiiAtSpeed(scenario, v).rating) <= CII_RATINGS.indexOf('C');
        return !keeps || v <= (found?.speedKn ?? 0) + 0.02;
      }),
    );
  });

  it.each(['B', 'C', 'D'] as const)('finds the highest speed that keeps rating %s', (rating) => {
    const found = maxSpeedForRating(scenario, rating, { minKn: 4, maxKn: 25, toleranceKn: 0.001 });
    if (!found) return;
    const rank = CII_RATINGS.indexOf(rating);
    expect(CII_RATINGS.indexOf(found.result.rating)).toBeLessThanOrEqual(rank);
    if (found.speedKn < 25) {
      expect(CII_RATINGS.indexOf(projectCiiAtSpeed(scenario, found.speedKn + 0.01).rating)).toBeGreaterThan(
        rank,
      );
    }
  });

  it('answers null when even the lowest speed misses the rating, and the maximum when it always keeps it', () => {
    const heavy = { ...scenario, soFar: { distanceNm: 10_000, fuelTonnes: { ls_hfo: 9_000 } } };
    expect(maxSpeedForRating(heavy, 'A', { minKn: 4, maxKn: 20 })).toBeNull();
    expect(maxSpeedForRating(scenario, 'E', { minKn: 4, maxKn: 20 })?.speedKn).toBe(20);
  });
});
