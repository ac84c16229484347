import { describe, expect, it } from 'vitest';
import { calmWaterPowerKw } from '../physics/speed-power.ts';
import { mulberry32 } from '../random.ts';
import {
  CALM,
  calmFuelLaw,
  ciiSpeedFloorKn,
  type Leg,
  powerAtRpm,
  rpmAtPower,
  type SeaWeather,
  sailLeg,
  shaftPowerKw,
  speedAtPowerKn,
  speedOverGroundKn,
  speedShip,
} from './ship-model.ts';
import {
  constantPowerVoyage,
  constantSpeedVoyage,
  heldPowerThenPlanVoyage,
  jitSpeedKn,
  legOptions,
  legsAtFirstRpm,
  optimiseVoyage,
  replanAtSpeeds,
} from './voyage-optimiser.ts';

const ship = speedShip({ draftM: 11 });
const DEG = Math.PI / 180;
const KN = 1852 / 3600;

const weather = (w: Partial<SeaWeather>): SeaWeather => ({ ...CALM, ...w });

describe('speed–power model', () => {
  it('is the reference curve in calm water and adds head weather', () => {
    expect(shaftPowerKw(ship, 12, 0, CALM)).toBeCloseTo(calmWaterPowerKw(12, 11), 6);
    const head = shaftPowerKw(ship, 12, 0, weather({ windSpeedMs: 15, waveHsM: 3 }));
    const following = shaftPowerKw(
      ship,
      12,
      0,
      weather({ windSpeedMs: 15, windFromRad: Math.PI, waveHsM: 3, waveFromRad: Math.PI }),
    );
    expect(head).toBeGreaterThan(calmWaterPowerKw(12, 11) * 1.1);
    expect(following).toBeLessThan(head);
  });

  it('STAwave-1 by hand: 3 m head seas on a 32.26 × 185 m hull at 12 kn', () => {
    // R = 1/16·1025·9.80665·3²·32.26·√(32.26/185) = 76.17 kN; ΔP = R·V/η_D = 76.17 kN·6.173 m/s/0.7 = 671.7 kW.
    const r = (1 / 16) * 1025 * 9.80665 * 9 * 32.26 * Math.sqrt(32.26 / 185);
    const expected = (r * 12 * KN) / 0.7 / 1000;
    const added = shaftPowerKw(ship, 12, 0, weather({ waveHsM: 3 })) - calmWaterPowerKw(12, 11);
    expect(added).toBeCloseTo(expected, 3);
    expect(expected).toBeCloseTo(671.7, 0);
  });

  it('speed at power inverts power at speed, and rpm inverts power on the propeller law', () => {
    const w = weather({ windSpeedMs: 10, windFromRad: 30 * DEG, waveHsM: 2, swellHsM: 1.5 });
    const p = shaftPowerKw(ship, 11.3, 0, w);
    expect(speedAtPowerKn(ship, p, 0, w)).toBeCloseTo(11.3, 4);
    // Propeller law at MCR: 8,200 kW at 122 rpm; half the rpm is an eighth of the power.
    expect(powerAtRpm(ship, 122)).toBeCloseTo(8200, 6);
    expect(powerAtRpm(ship, 61)).toBeCloseTo(1025, 6);
    expect(rpmAtPower(ship, 1025)).toBeCloseTo(61, 6);
  });

  it('adds the current along the course to the speed over ground', () => {
    const w = weather({ currentMs: 1 * KN, currentSetRad: 0 });
    expect(speedOverGroundKn(12, 0, w)).toBeCloseTo(13, 9);
    expect(speedOverGroundKn(12, Math.PI, w)).toBeCloseTo(11, 9);
    expect(speedOverGroundKn(12, Math.PI / 2, w)).toBeCloseTo(12, 9);
  });

  it('a leg at 12 kn over 240 nm in calm water takes 20 h and burns power × SFOC × time + auxiliary', () => {
    const s = sailLeg(ship, { distanceNm: 240, courseRad: 0, weather: CALM }, 12);
    expect(s?.hours).toBeCloseTo(20, 9);
    const p = calmWaterPowerKw(12, 11);
    expect(s?.meFuelT).toBeCloseTo((p * ship.sfoc(p / 8200) * 20) / 1e6, 9);
    expect(s?.auxFuelT).toBeCloseTo((2.5 * 20) / 24, 9);
  });

  it('V_CII* by hand: k = 0.01, n = 3, a = 2.5 t/day gives (2.5/0.02)^(1/3) = 5.0 kn', () => {
    expect(ciiSpeedFloorKn(0.01, 3, 2.5)).toBeCloseTo(5, 9);
    // And it is where fuel per mile is least on the ship's own curve.
    const { k, n } = calmFuelLaw(ship);
    const floor = ciiSpeedFloorKn(k, n, ship.auxTPerDay);
    const perMile = (v: number) => (k * v ** n + ship.auxTPerDay) / (24 * v);
    expect(perMile(floor)).toBeLessThan(perMile(floor * 0.9));
    expect(perMile(floor)).toBeLessThan(perMile(floor * 1.1));
  });

  it('JIT speed is distance over the time to go', () => {
    expect(jitSpeedKn(1200, 100)).toBe(12);
    expect(() => jitSpeedKn(1200, 0)).toThrow(/positive/);
  });
});

/** Every combination of grid speeds: the exact optimum the DP must match. */
function bruteForce(
  legs: readonly Leg[],
  hoursAvailable: number,
  grid: { minKn: number; maxKn: number; stepKn: number },
) {
  const options = legs.map((leg) => legOptions(ship, leg, grid));
  let best = Number.POSITIVE_INFINITY;
  const walk = (i: number, t: number, f: number) => {
    if (t > hoursAvailable + 1e-9) return;
    if (i === legs.length) {
      best = Math.min(best, f);
      return;
    }
    for (const o of options[i]!) walk(i + 1, t + o.hours, f + o.fuelT);
  };
  walk(0, 0, 0);
  return best;
}

function randomLegs(r: () => number, n: number): Leg[] {
  return Array.from({ length: n }, () => ({
    distanceNm: 60 + r() * 300,
    courseRad: r() * 2 * Math.PI,
    weather: weather({
      windSpeedMs: r() * 18,
      windFromRad: r() * 2 * Math.PI,
      waveHsM: r() * 4,
      waveFromRad: r() * 2 * Math.PI,
      swellHsM: r() * 3,
      swellFromRad: r() * 2 * Math.PI,
      currentMs: r() * 1.2,
      currentSetRad: r() * 2 * Math.PI,
    }),
  }));
}

describe('voyage optimiser', () => {
  it('equals a brute-force search over every speed combination on small voyages', () => {
    const r = mulberry32(7);
    for (let c = 0; c < 25; c++) {
      const legs = randomLegs(r, 2 + (c % 3));
      const grid = { minKn: 8, maxKn: 14, stepKn: 0.5 };
      const fastest = constantSpeedVoyage(ship, legs, 14)!.hours;
      const slowest = constantSpeedVoyage(ship, legs, 8)!.hours;
      const hoursAvailable = fastest + (slowest - fastest) * (0.1 + 0.8 * r());
      const plan = optimiseVoyage(ship, legs, { hoursAvailable, ...grid });
      expect(plan.onTime).toBe(true);
      expect(plan.hours).toBeLessThanOrEqual(hoursAvailable + 1e-9);
      expect(plan.fuelT).toBeCloseTo(bruteForce(legs, hoursAvailable, grid), 9);
    }
  });

  it('never burns more than a constant speed arriving at the same time (20 random voyages, 20 legs)', () => {
    const r = mulberry32(11);
    for (let c = 0; c < 20; c++) {
      const legs = randomLegs(r, 20);
      const v = Math.round((9 + r() * 4) * 10) / 10;
      const constant = constantSpeedVoyage(ship, legs, v)!;
      const plan = optimiseVoyage(ship, legs, { hoursAvailable: constant.hours, minKn: 7, maxKn: 15 });
      expect(plan.hours).toBeLessThanOrEqual(constant.hours + 1e-9);
      expect(plan.fuelT).toBeLessThanOrEqual(constant.fuelT + 1e-9);
    }
  });

  it('keeps long voyages within 0.1 % of a ten times finer time grid', () => {
    const r = mulberry32(23);
    for (let c = 0; c < 3; c++) {
      const legs = randomLegs(r, 20);
      const hoursAvailable = constantSpeedVoyage(ship, legs, 11)!.hours;
      const coarse = optimiseVoyage(ship, legs, { hoursAvailable, minKn: 7, maxKn: 15 });
      const fine = optimiseVoyage(ship, legs, { hoursAvailable, minKn: 7, maxKn: 15, maxStates: 15_000 });
      expect(coarse.hours).toBeLessThanOrEqual(hoursAvailable + 1e-9);
      expect(coarse.fuelT).toBeLessThan(fine.fuelT * 1.001);
    }
  });

  it('gives a steady advice as the ship sails on a long voyage (the first leg shrinking mile by mile)', () => {
    const r = mulberry32(31);
    const legs = randomLegs(r, 40);
    const hours = constantSpeedVoyage(ship, legs, 11.5)!.hours;
    const first: number[] = [];
    for (let nm = 0; nm < 10; nm++) {
      const ahead = [{ ...legs[0]!, distanceNm: legs[0]!.distanceNm - nm }, ...legs.slice(1)];
      const plan = optimiseVoyage(ship, ahead, { hoursAvailable: hours - nm / 11.5, minKn: 7, maxKn: 15 });
      first.push(plan.legs[0]!.stwKn);
    }
    expect(Math.max(...first) - Math.min(...first)).toBeLessThanOrEqual(0.2 + 1e-9);
  });

  it("sails a plan's speeds over the same passage a little further on, within a hair of its optimum", () => {
    const r = mulberry32(37);
    const legs = randomLegs(r, 40);
    const hours = constantSpeedVoyage(ship, legs, 11.5)!.hours;
    const options = { minKn: 7, maxKn: 15, holdPowerInRoughLegs: true };
    const plan = optimiseVoyage(ship, legs, { hoursAvailable: hours, ...options });
    // The same legs: the same plan, figure for figure.
    const same = replanAtSpeeds(ship, legs, plan, hours)!;
    expect(same.fuelT).toBeCloseTo(plan.fuelT, 9);
    expect(same.hours).toBeCloseTo(plan.hours, 9);
    // A minute on at 12 kn: 0.2 nm less of the first leg, a minute less to the RTA.
    const ahead = [{ ...legs[0]!, distanceNm: legs[0]!.distanceNm - 0.2 }, ...legs.slice(1)];
    const replanned = replanAtSpeeds(ship, ahead, plan, hours - 1 / 60)!;
    expect(replanned.legs.map((l) => l.stwKn)).toEqual(plan.legs.map((l) => l.stwKn));
    expect(replanned.fuelT).toBeLessThan(plan.fuelT);
    expect(replanned.onTime).toBe(true);
    const optimum = optimiseVoyage(ship, ahead, { hoursAvailable: hours - 1 / 60, ...options });
    expect(replanned.fuelT).toBeLessThanOrEqual(optimum.fuelT * 1.001);
    // An RTA the kept speeds no longer make, or another passage: optimise again.
    expect(replanAtSpeeds(ship, ahead, plan, plan.hours - 1)).toBeUndefined();
    expect(replanAtSpeeds(ship, legs.slice(1), plan, hours)).toBeUndefined();
  });

  it('holds constant speed in uniform weather (the convexity argument)', () => {
    const legs: Leg[] = Array.from({ length: 6 }, () => ({ distanceNm: 200, courseRad: 0, weather: CALM }));
    const plan = optimiseVoyage(ship, legs, { hoursAvailable: 100, minKn: 8, maxKn: 15 });
    const speeds = new Set(plan.legs.map((s) => s.stwKn));
    expect(speeds.size).toBe(1);
    expect(plan.legs[0]!.stwKn).toBe(12);
  });

  it('slows down in a rough leg and sails it at about the power of the calm legs (constant power)', () => {
    const rough = weather({ windSpeedMs: 17, waveHsM: 4.5, swellHsM: 2.5 });
    const legs: Leg[] = [
      { distanceNm: 300, courseRad: 0, weather: CALM },
      { distanceNm: 300, courseRad: 0, weather: rough },
      { distanceNm: 300, courseRad: 0, weather: CALM },
    ];
    const constant = constantSpeedVoyage(ship, legs, 12)!;
    const plan = optimiseVoyage(ship, legs, {
      hoursAvailable: constant.hours,
      minKn: 8,
      maxKn: 15,
      stepKn: 0.05,
      holdPowerInRoughLegs: true,
    });
    expect(plan.onTime).toBe(true);
    expect(plan.roughLegsHeld).toBe(true);
    const [a, b, c] = plan.legs;
    expect(b!.stwKn).toBeLessThan(a!.stwKn - 0.5);
    expect(Math.abs(a!.stwKn - c!.stwKn)).toBeLessThanOrEqual(0.05 + 1e-9);
    // Constant power: the rough leg holds the calm legs' power (to the grid's resolution) and lets the speed drop.
    expect(Math.abs(b!.powerKw - a!.powerKw) / a!.powerKw).toBeLessThan(0.03);
    // Holding power costs little against the least-fuel plan without the rule.
    const free = optimiseVoyage(ship, legs, {
      hoursAvailable: constant.hours,
      minKn: 8,
      maxKn: 15,
      stepKn: 0.05,
    });
    expect(plan.fuelT).toBeLessThan(free.fuelT * 1.05);
    // The RPM simulation's constant power for the same time is close to the optimum too.
    const power = constantPowerVoyage(ship, legs, a!.powerKw)!;
    expect(power.fuelT).toBeGreaterThanOrEqual(plan.fuelT - 0.05);
  });

  it('rides a favourable current faster and a foul one slower than the calm legs', () => {
    const with2 = weather({ currentMs: 1.5 * KN, currentSetRad: 0 });
    const against = weather({ currentMs: 1.5 * KN, currentSetRad: Math.PI });
    const legs: Leg[] = [
      { distanceNm: 250, courseRad: 0, weather: with2 },
      { distanceNm: 250, courseRad: 0, weather: against },
    ];
    const plan = optimiseVoyage(ship, legs, { hoursAvailable: 42, minKn: 8, maxKn: 15, stepKn: 0.05 });
    // Time is worth more where the ship is slow over ground: it pushes harder against the current.
    expect(plan.legs[1]!.stwKn).toBeGreaterThan(plan.legs[0]!.stwKn);
  });

  it('arrives just in time when the required arrival allows, and no slower than the floor', () => {
    const legs: Leg[] = Array.from({ length: 4 }, () => ({ distanceNm: 240, courseRad: 0, weather: CALM }));
    const jit = optimiseVoyage(ship, legs, { hoursAvailable: 96, minKn: 6, maxKn: 15 });
    expect(jit.legs.every((s) => s.stwKn === 10)).toBe(true);
    expect(jit.earlyHours).toBeCloseTo(0, 9);
    const floored = optimiseVoyage(ship, legs, { hoursAvailable: 160, minKn: 6, maxKn: 15, floorKn: 8 });
    expect(floored.legs.every((s) => s.stwKn === 8)).toBe(true);
    expect(floored.floorBinds).toBe(true);
    expect(floored.earlyHours).toBeCloseTo(160 - 120, 6);
  });

  it('says how late it is when even full speed cannot make the required time', () => {
    const legs: Leg[] = [{ distanceNm: 600, courseRad: 0, weather: CALM }];
    const plan = optimiseVoyage(ship, legs, { hoursAvailable: 30, minKn: 8, maxKn: 14 });
    expect(plan.onTime).toBe(false);
    expect(plan.lateHours).toBeGreaterThan(0);
    expect(plan.legs[0]!.stwKn).toBeGreaterThan(13);
    expect(() => optimiseVoyage(ship, legs, { hoursAvailable: 0, minKn: 8, maxKn: 14 })).toThrow(/after now/);
  });

  it('keeps a fixed-speed leg (canal) at its speed', () => {
    const legs: Leg[] = [
      { distanceNm: 200, courseRad: 0, weather: CALM },
      { distanceNm: 90, courseRad: 0, weather: CALM, minKn: 7.5, maxKn: 7.5 },
    ];
    const plan = optimiseVoyage(ship, legs, { hoursAvailable: 40, minKn: 8, maxKn: 15 });
    expect(plan.legs[1]!.stwKn).toBe(7.5);
  });
});

describe('rpm simulation against the macro plan', () => {
  it("arrives when the plan does at the plan's first rpm, and later at a lower rpm", () => {
    const r = mulberry32(41);
    for (let c = 0; c < 10; c++) {
      const legs = randomLegs(r, 8);
      const hoursAvailable = constantSpeedVoyage(ship, legs, 11.5)!.hours;
      const plan = optimiseVoyage(ship, legs, { hoursAvailable, minKn: 7, maxKn: 15 });
      const held = legsAtFirstRpm(plan.legs);
      const rpm = plan.legs[0]!.rpm;
      const same = heldPowerThenPlanVoyage(ship, legs, powerAtRpm(ship, rpm), plan.legs, held)!;
      expect(same.hours).toBeCloseTo(plan.hours, 3);
      expect(same.fuelT).toBeCloseTo(plan.fuelT, 3);
      const slower = heldPowerThenPlanVoyage(ship, legs, powerAtRpm(ship, rpm - 5), plan.legs, held)!;
      expect(slower.hours).toBeGreaterThan(plan.hours);
    }
  });

  it('holds the rpm over the whole passage without a plan', () => {
    const legs = randomLegs(mulberry32(43), 5);
    const p = powerAtRpm(ship, 90);
    expect(heldPowerThenPlanVoyage(ship, legs, p, undefined, 0)!.hours).toBeCloseTo(
      constantPowerVoyage(ship, legs, p)!.hours,
      9,
    );
  });

  it.each([
    [[95.7, 96.2, 94.9, 99, 95.7], 3],
    [[80, 95, 95], 1],
    [[], 0],
  ])('counts the legs at the first rpm (%j → %i)', (rpms, n) => {
    expect(
      legsAtFirstRpm(rpms.map((rpm) => ({ ...sailLeg(ship, randomLegs(mulberry32(1), 1)[0]!, 10)!, rpm }))),
    ).toBe(n);
  });
});
