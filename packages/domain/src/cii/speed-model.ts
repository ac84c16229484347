import { DomainInputError, requireNonNegative } from '../errors.ts';
import { CII_RATINGS, type CiiRating, type CiiResult } from './calculate.ts';
import { type CiiShip, projectCii } from './period.ts';

/**
 * A ship's own speed–consumption curve: fuel per day = a·v^b (t/day, v in knots). The admiralty /
 * propeller law gives b ≈ 3 for fuel per hour in calm water; a ship's history usually fits 2.5–4.
 */
export interface SpeedFuelModel {
  readonly a: number;
  readonly b: number;
  /** Coefficient of determination of the log–log fit. */
  readonly r2: number;
  /** Points used (after dropping speeds under `minSpeedKn` and non-positive fuel). */
  readonly n: number;
  /** True when the free fit's exponent fell outside `bRange` and b was held at the nearest bound. */
  readonly constrained: boolean;
  /** Speed range of the points the model was fitted on, knots. */
  readonly minSpeedKn: number;
  readonly maxSpeedKn: number;
}

/** One observation: a day (or a passage) at an average speed with its fuel per day. */
export interface SpeedFuelPoint {
  readonly speedKn: number;
  readonly fuelTPerDay: number;
  /** Weight of the point (e.g. hours under way); default 1. */
  readonly weight?: number;
}

/** Speeds under this are manoeuvring, drifting or at anchor, not passage sailing; knots. */
export const MIN_FIT_SPEED_KN = 3;

/**
 * Fits fuel/day = a·v^b by weighted least squares on ln(fuel) = ln(a) + b·ln(v). Points under
 * `minSpeedKn` (default {@link MIN_FIT_SPEED_KN}) or without fuel are dropped. Throws
 * `invalid_range` with fewer than two usable points or no spread in speed.
 *
 * In service a master sets power, and weather moves the speed: over a narrow speed band the free
 * exponent can come out far from the propeller law (even below 1). With `bRange`, a free b outside it
 * is held at the nearest bound and only a is fitted (`constrained: true`).
 */
export function fitSpeedFuelModel(
  points: readonly SpeedFuelPoint[],
  options: { minSpeedKn?: number; bRange?: readonly [number, number] } = {},
): SpeedFuelModel {
  const min = options.minSpeedKn ?? MIN_FIT_SPEED_KN;
  const usable = points.filter(
    (p) =>
      Number.isFinite(p.speedKn) &&
      Number.isFinite(p.fuelTPerDay) &&
      p.speedKn >= min &&
      p.fuelTPerDay > 0 &&
      (p.weight ?? 1) > 0,
  );
  if (usable.length < 2) {
    throw new DomainInputError(
      'invalid_range',
      'points',
      usable.length,
      `a speed–consumption fit needs at least two points at ${min} kn or more, got ${usable.length}`,
    );
  }
  let sw = 0;
  let sx = 0;
  let sy = 0;
  for (const p of usable) {
    const w = p.weight ?? 1;
    sw += w;
    sx += w * Math.log(p.speedKn);
    sy += w * Math.log(p.fuelTPerDay);
  }
  const mx = sx / sw;
  const my = sy / sw;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const p of usable) {
    const w = p.weight ?? 1;
    const dx = Math.log(p.speedKn) - mx;
    const dy = Math.log(p.fuelTPerDay) - my;
    sxx += w * dx * dx;
    sxy += w * dx * dy;
    syy += w * dy * dy;
  }
  if (sxx < 1e-9) {
    throw new DomainInputError(
      'invalid_range',
      'points',
      usable.length,
      'a speed–consumption fit needs points at different speeds',
    );
  }
  const free = sxy / sxx;
  const [bMin, bMax] = options.bRange ?? [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
  const b = Math.min(bMax, Math.max(bMin, free));
  const a = Math.exp(my - b * mx);
  // R² of the line actually used (1 − SSres/SStot), so a held exponent shows its worse fit.
  let ssRes = 0;
  for (const p of usable) {
    const e = Math.log(p.fuelTPerDay) - Math.log(a) - b * Math.log(p.speedKn);
    ssRes += (p.weight ?? 1) * e * e;
  }
  const r2 = syy > 0 ? 1 - ssRes / syy : 1;
  const speeds = usable.map((p) => p.speedKn);
  return {
    a,
    b,
    r2,
    n: usable.length,
    constrained: b !== free,
    minSpeedKn: Math.min(...speeds),
    maxSpeedKn: Math.max(...speeds),
  };
}

/** Fuel per day at `speedKn` from a fitted model, t/day. */
export function predictDailyFuel(model: Pick<SpeedFuelModel, 'a' | 'b'>, speedKn: number): number {
  return model.a * requireNonNegative(speedKn, 'speedKn') ** model.b;
}

/** Splits a total by shares that need not sum to 1 (they are normalised); an empty mix is an error. */
function split(total: number, mix: Readonly<Record<string, number>>): Record<string, number> {
  const sum = Object.values(mix).reduce((a, b) => a + b, 0);
  if (!(sum > 0)) throw new DomainInputError('invalid_range', 'fuelMix', mix, 'the fuel mix is empty');
  return Object.fromEntries(Object.entries(mix).map(([f, s]) => [f, (total * s) / sum]));
}

/** Input of the simulator projections: the year so far, the plan's days and the ship's model. */
export interface SpeedScenario {
  readonly ship: CiiShip;
  readonly year: number;
  readonly soFar: { distanceNm: number; fuelTonnes: Readonly<Record<string, number>> };
  /** Expected sailing days for the rest of the year. */
  readonly days: number;
  readonly model: Pick<SpeedFuelModel, 'a' | 'b'>;
  /** Share of each fuel in the planned consumption (e.g. the year's mix so far). */
  readonly fuelMix: Readonly<Record<string, number>>;
}

/** Year-end CII if the ship sails `days` more at `speedKn` burning what its own model predicts. */
export function projectCiiAtSpeed(
  scenario: SpeedScenario,
  speedKn: number,
): ReturnType<typeof projectCii> & { dailyFuelT: number } {
  const dailyFuelT = predictDailyFuel(scenario.model, speedKn);
  const r = projectCii({
    ship: scenario.ship,
    year: scenario.year,
    soFar: scenario.soFar,
    plan: { speedKn, days: scenario.days, dailyFuelTonnes: split(dailyFuelT, scenario.fuelMix) },
  });
  return { ...r, dailyFuelT };
}

const rank = (r: CiiRating) => CII_RATINGS.indexOf(r);

/**
 * The highest average speed in [minKn, maxKn] at which the projected year-end rating is `rating` or
 * better, to `toleranceKn`. The attained CII (year-so-far CO2 + a·v^b·days over year-so-far distance +
 * 24·v·days) is quasi-convex in v: slow sailing first dilutes a poor year, then fuel per mile (∝ v^(b−1))
 * takes over. So the speeds keeping a rating form one interval; its best point is found on a grid and
 * its upper end by bisection. Null when no speed in the range keeps the rating.
 */
export function maxSpeedForRating(
  scenario: SpeedScenario,
  rating: CiiRating,
  options: { minKn?: number; maxKn?: number; toleranceKn?: number } = {},
): { speedKn: number; result: CiiResult } | null {
  const minKn = options.minKn ?? 5;
  const maxKn = options.maxKn ?? 20;
  const tol = options.toleranceKn ?? 0.01;
  const attained = (v: number) => projectCiiAtSpeed(scenario, v);
  const ok = (v: number) => rank(attained(v).rating) <= rank(rating);
  if (ok(maxKn)) return { speedKn: maxKn, result: attained(maxKn) };
  const steps = Math.max(1, Math.ceil((maxKn - minKn) / 0.25));
  let best = minKn;
  let bestCii = Number.POSITIVE_INFINITY;
  for (let i = 0; i <= steps; i++) {
    const v = minKn + ((maxKn - minKn) * i) / steps;
    const c = attained(v).attainedCii;
    if (c < bestCii) {
      bestCii = c;
      best = v;
    }
  }
  if (!ok(best)) return null;
  let lo = best;
  let hi = maxKn;
  while (hi - lo > tol) {
    const mid = (lo + hi) / 2;
    if (ok(mid)) lo = mid;
    else hi = mid;
  }
  return { speedKn: lo, result: attained(lo) };
}
