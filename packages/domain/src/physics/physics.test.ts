import { describe, expect, it } from 'vitest';
import { generatorSfoc, imoSfocFactor, sfocForFuel, twoStrokeSfoc } from './engine.ts';
import {
  apparentSlip,
  propellerPowerKw,
  propellerRpm,
  shaftTorqueNm,
  theoreticalSpeedKn,
} from './propeller.ts';
import { addedPowerKw, apparentWind, foulingFactor, waveResistanceN, windResistanceN } from './resistance.ts';
import {
  BALLAST_CURVE,
  calmWaterPowerKw,
  calmWaterSpeedKn,
  fitPowerLaw,
  SCANTLING_CURVE,
} from './speed-power.ts';

describe('speed–power', () => {
  it('fits the Lab021 curves with the published exponents (3.49 ballast, 3.13 scantling)', () => {
    expect(fitPowerLaw(BALLAST_CURVE).b).toBeCloseTo(3.488, 2);
    expect(fitPowerLaw(SCANTLING_CURVE).b).toBeCloseTo(3.127, 2);
  });

  it.each([
    [7.287, 14, 4695],
    [12, 14, 5580],
  ])('reproduces the reference curve at %s m, %s kn (≈ %s kW)', (draft, speed, power) => {
    expect(calmWaterPowerKw(speed, draft)).toBeGreaterThan(power * 0.97);
    expect(calmWaterPowerKw(speed, draft)).toBeLessThan(power * 1.03);
  });

  it('grows roughly with the cube of speed', () => {
    for (const draft of [7.3, 9.5, 12]) {
      const ratio = calmWaterPowerKw(14, draft) / calmWaterPowerKw(7, draft);
      expect(ratio).toBeGreaterThan(2 ** 3);
      expect(ratio).toBeLessThan(2 ** 3.6);
    }
  });

  it('needs more power at deeper draught, monotonically', () => {
    let last = 0;
    for (let t = 6; t <= 13; t += 0.5) {
      const p = calmWaterPowerKw(13, t);
      expect(p).toBeGreaterThan(last);
      last = p;
    }
  });

  it('inverts to the speed it came from', () => {
    expect(calmWaterSpeedKn(calmWaterPowerKw(12.3, 10.1), 10.1)).toBeCloseTo(12.3, 6);
  });
});

describe('weather and fouling', () => {
  it('raises power as the hull fouls', () => {
    expect(foulingFactor(0)).toBe(1);
    expect(foulingFactor(200)).toBeGreaterThan(foulingFactor(100));
    expect(foulingFactor(365)).toBeCloseTo(1.073, 3);
  });

  it('adds resistance in head wind and waves, less from astern', () => {
    const v = 7;
    const head = apparentWind(15, 0, v);
    const astern = apparentWind(15, Math.PI, v);
    expect(windResistanceN(head.speedMs, head.angleRad, v, 1508)).toBeGreaterThan(0);
    expect(windResistanceN(astern.speedMs, astern.angleRad, v, 1508)).toBeLessThan(0);
    expect(waveResistanceN(3, 0, 32.2, 180)).toBeGreaterThan(waveResistanceN(3, Math.PI / 2, 32.2, 180));
    expect(waveResistanceN(3, Math.PI, 32.2, 180)).toBeCloseTo(0, 6);
    // Beaufort 6 head sea on a Supramax at 14 kn costs several hundred kW.
    const dp = addedPowerKw(waveResistanceN(3, 0, 32.2, 180), v);
    expect(dp).toBeGreaterThan(200);
    expect(dp).toBeLessThan(2000);
  });
});

describe('engines', () => {
  it('has its SFOC minimum between 75 % and 85 % load', () => {
    let best = { load: 0, sfoc: Number.POSITIVE_INFINITY };
    for (let l = 0.1; l <= 1.0001; l += 0.01) {
      const s = twoStrokeSfoc(l);
      if (s < best.sfoc) best = { load: l, sfoc: s };
    }
    expect(best.load).toBeGreaterThanOrEqual(0.75);
    expect(best.load).toBeLessThanOrEqual(0.85);
  });

  it.each([
    [1, 1.025],
    [0.5, 1.039],
    [0.25, 1.131],
  ])('matches the IMO factor at load %s (%s)', (load, factor) => {
    expect(imoSfocFactor(load)).toBeCloseTo(factor, 3);
  });

  it('burns more at low generator load and more mass of a lower-LCV fuel', () => {
    expect(generatorSfoc(0.25)).toBeGreaterThan(generatorSfoc(0.8) * 1.1);
    expect(sfocForFuel(170, 40.2)).toBeGreaterThan(170);
    expect(sfocForFuel(170, 42.7)).toBeCloseTo(170, 9);
  });
});

describe('propeller', () => {
  it('follows the propeller law', () => {
    expect(propellerRpm(8200, 8200, 122)).toBeCloseTo(122, 9);
    expect(propellerRpm(8200 / 8, 8200, 122)).toBeCloseTo(61, 9);
    expect(propellerPowerKw(propellerRpm(5000, 8200, 122, 1.05), 8200, 122, 1.05)).toBeCloseTo(5000, 6);
  });

  it('turns slower at the same power when running heavy, which raises slip at the same speed', () => {
    const clean = propellerRpm(5000, 8200, 122, 1);
    const heavy = propellerRpm(5000, 8200, 122, 1.1);
    expect(heavy).toBeLessThan(clean);
    expect(apparentSlip(13, 4.4, 110)).toBeGreaterThan(apparentSlip(13.5, 4.4, 110));
  });

  it('computes theoretical speed, slip and torque', () => {
    expect(theoreticalSpeedKn(4.4, 110)).toBeCloseTo(15.68, 2);
    expect(apparentSlip(14, 4.4, 110)).toBeCloseTo(1 - 14 / 15.68, 2);
    expect(shaftTorqueNm(8200, 122)).toBeCloseTo(641_840, -3);
    expect(apparentSlip(5, 4.4, 0)).toBe(0);
  });
});
