import { describe, expect, it } from 'vitest';
import { calmWaterPowerKw, calmWaterSpeedKn } from '../physics/speed-power.ts';
import { foulingPenalty, foulingRating, foulingTip, performanceIndicators, pvTrend } from './indicators.ts';
import {
  chauvenetKeep,
  erfc,
  evaluateBlock,
  type FoulingSample,
  minDeepWaterM,
  performanceValues,
  windCorrectedPowerKw,
} from './iso19030.ts';

const SHIP = { beamM: 32.26, transverseAreaM2: 1508.4, areaDraftM: 7.3, etaD: 0.7, cx0: 0.8 };
const DAY = 86_400_000;

/** A calm 10-minute block of a hull that needs `fouling` times the clean power for its speed. */
function block(
  t0: number,
  stwKn: number,
  fouling: number,
  over: Partial<FoulingSample> = {},
): FoulingSample[] {
  return Array.from({ length: 10 }, (_, i) => ({
    t: t0 + i * 60_000,
    stwKn,
    sogKn: stwKn,
    powerKw: calmWaterPowerKw(stwKn, 10) * fouling,
    rpm: 100,
    headingRad: 0,
    windSpeedMs: 0,
    windFromRad: 0,
    draftM: 10,
    rudderRad: 0,
    depthM: 4000,
    seaTempC: 15,
    ...over,
  }));
}

describe('ISO 19030 building blocks', () => {
  it('erfc matches tabulated values', () => {
    expect(erfc(0)).toBeCloseTo(1, 6);
    expect(erfc(1)).toBeCloseTo(0.157299, 6);
    expect(erfc(2)).toBeCloseTo(0.004678, 6);
    expect(erfc(-1)).toBeCloseTo(1.842701, 6);
  });

  it("Chauvenet's criterion drops one wild value of ten", () => {
    expect(chauvenetKeep([12, 12.1, 11.9, 12, 12.05, 11.95, 12, 12.1, 11.9, 15])).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(chauvenetKeep([12, 12, 12])).toEqual([true, true, true]);
  });

  it('deep water is 3√(B·T) for a slow ship and 2.75·V²/g for a fast one', () => {
    expect(minDeepWaterM(32.26, 10, 12)).toBeCloseTo(3 * Math.sqrt(322.6), 9);
    const v = 40 * (1852 / 3600);
    expect(minDeepWaterM(10, 2, 40)).toBeCloseTo((2.75 * v * v) / 9.80665, 9);
  });

  it('takes the head wind off the power and leaves still air alone', () => {
    const calm = { sogKn: 12, headingRad: 0, windSpeedMs: 0, windFromRad: 0, draftM: 7.3 };
    const v = 12 * (1852 / 3600);
    // Still air: the apparent wind is the ship's own head wind; ½ρA·Cx(V²−V²) = 0.
    expect(windCorrectedPowerKw(5000, calm, SHIP)).toBeCloseTo(5000, 9);
    // 10 m/s from ahead: R = ½·1.225·1508.4·0.8·((10+v)² − v²) N, ΔP = R·v/0.7.
    const r = 0.5 * 1.225 * 1508.4 * 0.8 * ((10 + v) ** 2 - v ** 2);
    expect(windCorrectedPowerKw(5000, { ...calm, windSpeedMs: 10 }, SHIP)).toBeCloseTo(
      5000 - (r * v) / 0.7 / 1000,
      6,
    );
  });
});

describe('performance value', () => {
  it('is zero for a clean hull and the speed loss of a fouled one', () => {
    expect(evaluateBlock(0, block(0, 12, 1), SHIP).pv).toBeCloseTo(0, 9);
    // 10 % more power for 12 kn: the clean hull would make calmWaterSpeed(1.1·P) with that power.
    const fouled = evaluateBlock(0, block(0, 12, 1.1), SHIP);
    const expected = calmWaterSpeedKn(calmWaterPowerKw(12, 10) * 1.1, 10);
    expect(fouled.pv).toBeCloseTo((100 * (12 - expected)) / expected, 9);
    expect(fouled.pv).toBeLessThan(-2.5);
  });

  it.each([
    ['not_sailing', { stwKn: 3 }],
    ['wind', { windSpeedMs: 9 }],
    ['rudder', { rudderRad: (7 * Math.PI) / 180 }],
    ['shallow_water', { depthM: 20 }],
    ['cold_water', { seaTempC: 1 }],
    ['waves', { waveHsM: 2.5 }],
  ] as const)('rejects a block for %s', (reason, over) => {
    expect(evaluateBlock(0, block(0, 12, 1, over), SHIP).rejected).toBe(reason);
  });

  it('rejects an unsteady block and one with too few samples', () => {
    const unsteady = block(0, 12, 1).map((s, i) => ({ ...s, stwKn: 10 + (i % 2) * 1.6 }));
    expect(evaluateBlock(0, unsteady, SHIP).rejected).toBe('unsteady');
    expect(evaluateBlock(0, block(0, 12, 1).slice(0, 3), SHIP).rejected).toBe('too_few_samples');
  });

  it('splits a series into clock-aligned 10-minute blocks', () => {
    const samples = [...block(0, 12, 1), ...block(600_000, 12, 1.05), ...block(1_200_000, 3, 1)];
    const r = performanceValues(samples, SHIP);
    expect(r.map((b) => b.t)).toEqual([0, 600_000, 1_200_000]);
    expect(r[1]!.pv).toBeLessThan(0);
    expect(r[2]!.rejected).toBe('not_sailing');
  });
});

describe('indicators, rating and tip', () => {
  // PV falls 0.5 point a month from 0 after a dry-docking; a cleaning on day 300 brings it back to −0.5.
  const dock = 0;
  const cleaning = 300 * DAY;
  const points = Array.from({ length: 400 * 24 }, (_, h) => {
    const t = h * 3600_000;
    const days = t < cleaning ? t / DAY : (t - cleaning) / DAY;
    return { t, pv: -(t < cleaning ? 0 : 0.5) - (0.5 * days) / 30 };
  });
  const events = [
    { t: dock, kind: 'dry_dock' as const },
    { t: cleaning, kind: 'hull_cleaning' as const },
  ];

  it('finds the cleaning and measures its effect', () => {
    const ind = performanceIndicators(points, events, 400 * DAY);
    const effect = ind.maintenanceEffects.find((e) => e.event.kind === 'hull_cleaning')!;
    // 90 days before: PV from −(210/30·0.5) to −5 → mean −4.25; after (100 days left, 90-day window): −0.5…−2 → −1.25.
    expect(effect.reference.mean).toBeCloseTo(-4.25, 1);
    expect(effect.evaluation.mean).toBeCloseTo(-1.25, 1);
    expect(effect.value).toBeCloseTo(3, 1);
    // Since the cleaning (100 days): first third against last third, falling.
    expect(ind.maintenanceTrigger!.value).toBeLessThan(-0.9);
    expect(ind.inService).toBeDefined();
    expect(ind.dryDocking).toBeUndefined();
  });

  it('rates by speed loss and says the tip', () => {
    expect(foulingRating(1.9)).toBe('excellent');
    expect(foulingRating(3)).toBe('good');
    expect(foulingRating(6.9)).toBe('fair');
    expect(foulingRating(7)).toBe('poor');
    const falling = pvTrend(points.filter((p) => p.t >= cleaning))!;
    expect(falling.slopePer30d).toBeCloseTo(-0.5, 6);
    expect(foulingTip('good', falling)).toBe('worsening');
    expect(foulingTip('poor', falling)).toBe('severe');
    const flat = pvTrend(Array.from({ length: 50 }, (_, i) => ({ t: i * DAY, pv: -1 + (i % 2) * 0.2 })))!;
    expect(foulingTip('excellent', flat)).toBe('no_worsening');
  });

  it('prices a speed loss in fuel and CO2', () => {
    // 3 % speed loss at n = 3.2: (1/0.97)^3.2 − 1 = e^(3.2·0.030459) − 1 = 10.238 % more power; 30 t/day measured → 2.786 t/day of it.
    const p = foulingPenalty(3, 30, 3.114);
    expect(p.addedPowerPct).toBeCloseTo(10.238, 2);
    expect(p.fuelTPerDay).toBeCloseTo(2.786, 3);
    expect(p.co2TPerYear).toBeCloseTo(p.fuelTPerDay * 365 * 3.114, 6);
  });
});
