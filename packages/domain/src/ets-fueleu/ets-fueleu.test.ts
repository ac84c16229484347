import { describe, expect, it } from 'vitest';
import {
  etsAllowances,
  fuelEuCompliance,
  fuelEuGhgIntensity,
  fuelEuLimit,
  windRewardFactor,
} from './index.ts';

describe('EU ETS allowances (Directive 2003/87/EC Art. 3ga/3gb)', () => {
  it.each([
    [2023, 0, 0],
    [2024, 40, 400],
    [2025, 70, 700],
    [2026, 100, 1000],
    [2030, 100, 1000],
  ])('%d: %d %% phase-in', (year, pct, allowances) => {
    const r = etsAllowances({ year, euScopeCo2T: 1000 });
    expect(r.phaseInPercent).toBe(pct);
    expect(r.allowances).toBeCloseTo(allowances, 9);
  });
  it('counts CH4 and N2O only from 2026', () => {
    expect(etsAllowances({ year: 2025, euScopeCo2T: 1000, euScopeCh4T: 1 }).allowances).toBeCloseTo(700, 9);
    const r = etsAllowances({ year: 2026, euScopeCo2T: 1000, euScopeCh4T: 1, euScopeN2oT: 0.1 });
    expect(r.gases).toBe('CO2e');
    expect(r.allowances).toBeCloseTo(1000 + 28 + 26.5, 9);
  });
});

describe('FuelEU Maritime', () => {
  it.each([
    [2025, 89.3368],
    [2029, 89.3368],
    [2030, 85.6904],
    [2035, 77.9418],
    [2040, 62.9004],
    [2045, 34.6408],
    [2050, 18.232],
  ])('limit for %d is %d gCO2e/MJ', (year, limit) => {
    expect(fuelEuLimit(year).limitGCo2ePerMj).toBeCloseTo(limit, 4);
  });
  it('rejects years before 2025', () => expect(() => fuelEuLimit(2024)).toThrow(/applies from/));

  it('HFO well-to-wake intensity from Annex II defaults (hand-checked)', () => {
    const r = fuelEuGhgIntensity({ year: 2025, fuels: [{ fuelId: 'hfo', massT: 1000 }] });
    const ttw = (3.114 + 5e-5 * 25 + 0.00018 * 298) / 0.0405;
    expect(r.ghgIntensity).toBeCloseTo(13.5 + ttw, 9);
    expect(r.ghgIntensity).toBeCloseTo(91.74, 1);
    expect(r.energyMj).toBeCloseTo(1000 * 1e6 * 0.0405, 3);
  });

  it('LNG with Otto medium-speed slip', () => {
    const r = fuelEuGhgIntensity({
      year: 2025,
      fuels: [{ fuelId: 'lng', massT: 100, engineType: 'lng_otto_ms' }],
    });
    const ttw = (0.969 * (2.75 + 0.00011 * 298) + 0.031 * 25) / 0.0491;
    expect(r.ghgIntensity).toBeCloseTo(18.5 + ttw, 9);
  });

  it('wind reward factor steps at 0.05 / 0.10 / 0.15', () => {
    expect([0, 0.05, 0.1, 0.149, 0.2].map(windRewardFactor)).toEqual([1, 0.99, 0.97, 0.97, 0.95]);
  });

  it('compliance balance and penalty with the consecutive multiplier', () => {
    const energyMj = 1e9;
    const r = fuelEuCompliance({ year: 2025, ghgIntensity: 91.74, energyMj, consecutiveDeficitYears: 2 });
    const cb = (91.16 * 0.98 - 91.74) * energyMj;
    expect(r.complianceBalanceGCo2e).toBeCloseTo(cb, 0);
    expect(r.multiplier).toBeCloseTo(1.1, 12);
    expect(r.penaltyEur).toBeCloseTo((Math.abs(cb) / (91.74 * 41000)) * 2400 * 1.1, 6);
    expect(fuelEuCompliance({ year: 2025, ghgIntensity: 80, energyMj }).penaltyEur).toBe(0);
  });
});
