import { DAY_MS } from '../units/index.ts';
/**
 * ISO 19030-1/-2 performance indicators from performance values, the fouling rating and the SPEC §9 tips.
 * Every indicator is mean(PV in the evaluation period) − mean(PV in the reference period), percentage points;
 * a negative figure is lost speed. Each one carries its periods and block counts (coverage matters: the filters
 * drop most data).
 */

export interface PvPoint {
  /** Epoch ms (block start). */
  t: number;
  pv: number;
}

export const maintenanceKinds = ['hull_cleaning', 'propeller_polishing', 'dry_dock'] as const;
export type MaintenanceKind = (typeof maintenanceKinds)[number];

export interface MaintenanceEvent {
  /** When the work ended, epoch ms. */
  t: number;
  kind: MaintenanceKind;
}

export interface PeriodMean {
  from: number;
  to: number;
  mean: number;
  blocks: number;
}

export interface Indicator {
  /** Percentage points: evaluation − reference. */
  value: number;
  reference: PeriodMean;
  evaluation: PeriodMean;
}

/** Mean PV of the points in [from, to); undefined without enough blocks to mean anything. */
export function periodMean(
  points: readonly PvPoint[],
  from: number,
  to: number,
  minBlocks = 12,
): PeriodMean | undefined {
  let sum = 0;
  let n = 0;
  for (const p of points) {
    if (p.t >= from && p.t < to) {
      sum += p.pv;
      n += 1;
    }
  }
  return n >= minBlocks ? { from, to, mean: sum / n, blocks: n } : undefined;
}

const indicator = (reference?: PeriodMean, evaluation?: PeriodMean): Indicator | undefined =>
  reference && evaluation ? { value: evaluation.mean - reference.mean, reference, evaluation } : undefined;

export interface Indicators {
  /** This docking against the previous one: the year after each. */
  dryDocking?: Indicator;
  /** Since the last docking: its first period against the latest one. */
  inService?: Indicator;
  /** Since the last maintenance: its first period against the latest one; a falling figure asks for cleaning. */
  maintenanceTrigger?: Indicator;
  /** Each maintenance event: the period after against the period before. */
  maintenanceEffects: (Indicator & { event: MaintenanceEvent })[];
}

/**
 * The four indicators. Periods are 12 months for docking comparisons and 90 days around maintenance
 * (ISO 19030-2 §6 lengths, methods README §1); where an interval is shorter than two periods its first and
 * last thirds are compared instead, so a young interval still has a figure with its (wider) periods shown.
 */
export function performanceIndicators(
  points: readonly PvPoint[],
  events: readonly MaintenanceEvent[],
  now: number,
  options: { yearMs?: number; windowMs?: number; minBlocks?: number } = {},
): Indicators {
  const year = options.yearMs ?? 365 * DAY_MS;
  const win = options.windowMs ?? 90 * DAY_MS;
  const min = options.minBlocks ?? 12;
  const sorted = [...events].sort((a, b) => a.t - b.t);
  const start = points.length > 0 ? Math.min(...points.map((p) => p.t)) : now;
  const periods = (
    from: number,
    to: number,
    length: number,
  ): [PeriodMean | undefined, PeriodMean | undefined] => {
    const w = Math.min(length, (to - from) / 3);
    return [periodMean(points, from, from + w, min), periodMean(points, to - w, to, min)];
  };

  const docks = sorted.filter((e) => e.kind === 'dry_dock');
  const lastDock = docks.at(-1);
  const prevDock = docks.at(-2);
  const dryDocking =
    lastDock && prevDock
      ? indicator(
          periodMean(points, prevDock.t, Math.min(prevDock.t + year, lastDock.t), min),
          periodMean(points, lastDock.t, Math.min(lastDock.t + year, now), min),
        )
      : undefined;
  const inService = indicator(...periods(lastDock?.t ?? start, now, year));
  const lastEvent = sorted.at(-1);
  const maintenanceTrigger = indicator(...periods(lastEvent?.t ?? start, now, win));
  const maintenanceEffects: Indicators['maintenanceEffects'] = [];
  sorted.forEach((event, i) => {
    const before = Math.max(event.t - win, sorted[i - 1]?.t ?? Number.NEGATIVE_INFINITY);
    const after = Math.min(event.t + win, sorted[i + 1]?.t ?? now, now);
    const effect = indicator(
      periodMean(points, before, event.t, min),
      periodMean(points, event.t, after, min),
    );
    if (effect) maintenanceEffects.push({ ...effect, event });
  });
  return { dryDocking, inService, maintenanceTrigger, maintenanceEffects };
}

/** Least-squares slope of PV against time, in percentage points per 30 days, with its standard error. */
export function pvTrend(
  points: readonly PvPoint[],
): { slopePer30d: number; stdError: number; n: number } | undefined {
  const n = points.length;
  if (n < 3) return undefined;
  const xs = points.map((p) => p.t / (30 * DAY_MS));
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = points.reduce((a, p) => a + p.pv, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (xs[i]! - mx) ** 2;
    sxy += (xs[i]! - mx) * (points[i]!.pv - my);
  }
  if (sxx === 0) return undefined;
  const slope = sxy / sxx;
  const residual = points.reduce((a, p, i) => a + (p.pv - (my + slope * (xs[i]! - mx))) ** 2, 0);
  const stdError = Math.sqrt(residual / Math.max(1, n - 2) / sxx);
  return { slopePer30d: slope, stdError, n };
}

export const foulingRatings = ['excellent', 'good', 'fair', 'poor'] as const;
export type FoulingRating = (typeof foulingRatings)[number];

/** Speed loss (%, positive) at which each rating ends; docs/decisions.md "Hull fouling ratings". */
export const FOULING_RATING_LIMITS = { excellent: 2, good: 4, fair: 7 } as const;

/** The rating of a hull losing `speedLossPct` % of its clean-hull speed. */
export function foulingRating(speedLossPct: number): FoulingRating {
  if (speedLossPct < FOULING_RATING_LIMITS.excellent) return 'excellent';
  if (speedLossPct < FOULING_RATING_LIMITS.good) return 'good';
  if (speedLossPct < FOULING_RATING_LIMITS.fair) return 'fair';
  return 'poor';
}

/** SPEC §9 fouling tips. */
export const foulingTips = ['no_worsening', 'worsening', 'severe'] as const;
export type FoulingTip = (typeof foulingTips)[number];

/**
 * The tip: 'severely polluted, clean in time' when the hull rates poor; 'worsening trend, keep monitoring' when
 * PV has been falling since the last maintenance by more than 0.1 point a month and more than twice its standard
 * error; else 'no worsening trend'.
 */
export function foulingTip(rating: FoulingRating, trend: ReturnType<typeof pvTrend>): FoulingTip {
  if (rating === 'poor') return 'severe';
  if (trend && trend.slopePer30d < -0.1 && -trend.slopePer30d > 2 * trend.stdError) return 'worsening';
  return 'no_worsening';
}

/**
 * What the speed loss costs: at constant speed the power (and fuel) grows as (1/(1−loss))^n with the curve's
 * exponent n ≈ 3.2, so a 3 % speed loss is about 10 % more fuel.
 */
export function foulingPenalty(
  speedLossPct: number,
  usualFuelTPerDay: number,
  co2PerTFuel: number,
  exponent = 3.2,
): { addedPowerPct: number; fuelTPerDay: number; co2TPerYear: number } {
  const loss = Math.max(0, speedLossPct) / 100;
  const addedPower = (1 / (1 - loss)) ** exponent - 1;
  const fuelTPerDay = (usualFuelTPerDay * addedPower) / (1 + addedPower);
  return { addedPowerPct: addedPower * 100, fuelTPerDay, co2TPerYear: fuelTPerDay * 365 * co2PerTFuel };
}
