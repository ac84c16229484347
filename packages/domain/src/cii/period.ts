import { DomainInputError, requireNonNegative, toEpochMs } from '../errors.ts';
import { HOURS_PER_DAY } from '../units/index.ts';
import {
  type CiiCorrections,
  type CiiRating,
  type CiiResult,
  calculateCii,
  type FuelTonnesById,
} from './calculate.ts';
import { CII_SOURCES } from './tables.ts';

/** A voyage (or leg) with the figures CII needs. Times are ISO-8601 UTC, epoch ms or Date. */
export interface CiiVoyage {
  readonly startUtc: string | number | Date;
  readonly endUtc: string | number | Date;
  readonly distanceNm: number;
  readonly fuelTonnes: FuelTonnesById;
  /** Hours under way in the voyage (for the average speed used by projections); default end − start. */
  readonly hoursUnderway?: number;
}

/** Ship particulars for CII. */
export interface CiiShip {
  readonly shipType: string;
  readonly dwt?: number;
  readonly gt?: number;
}

/** Voyages summed over a range. */
export interface PeriodTotals {
  readonly distanceNm: number;
  readonly hoursUnderway: number;
  readonly fuelTonnes: Record<string, number>;
  /** Number of voyages that overlap the range (prorated ones included). */
  readonly voyageCount: number;
}

const MS_PER_HOUR = 3_600_000;

/**
 * Sums voyages over `[from, to)`. A voyage that straddles an edge is prorated by time, the way
 * DCS splits the voyage that crosses 31 December midnight when no noon report exists at 00:00.
 */
export function sumVoyages(
  voyages: readonly CiiVoyage[],
  range?: { from: string | number | Date; to: string | number | Date },
): PeriodTotals {
  const fromMs = range ? toEpochMs(range.from, 'from') : Number.NEGATIVE_INFINITY;
  const toMs = range ? toEpochMs(range.to, 'to') : Number.POSITIVE_INFINITY;
  if (toMs <= fromMs)
    throw new DomainInputError('invalid_range', 'to', range?.to, '`to` must be after `from`');
  const fuelTonnes: Record<string, number> = {};
  let distanceNm = 0;
  let hoursUnderway = 0;
  let voyageCount = 0;
  for (const [i, v] of voyages.entries()) {
    const s = toEpochMs(v.startUtc, `voyages[${i}].startUtc`);
    const e = toEpochMs(v.endUtc, `voyages[${i}].endUtc`);
    if (e < s)
      throw new DomainInputError(
        'invalid_range',
        `voyages[${i}].endUtc`,
        v.endUtc,
        'voyage ends before it starts',
      );
    const overlap = Math.min(e, toMs) - Math.max(s, fromMs);
    let share: number;
    if (e === s) share = s >= fromMs && s < toMs ? 1 : 0;
    else share = overlap <= 0 ? 0 : overlap / (e - s);
    if (share === 0) continue;
    voyageCount += 1;
    distanceNm += share * requireNonNegative(v.distanceNm, `voyages[${i}].distanceNm`);
    hoursUnderway += share * (v.hoursUnderway ?? (e - s) / MS_PER_HOUR);
    for (const [f, t] of Object.entries(v.fuelTonnes)) {
      fuelTonnes[f] = (fuelTonnes[f] ?? 0) + share * requireNonNegative(t, `voyages[${i}].fuelTonnes.${f}`);
    }
  }
  return { distanceNm, hoursUnderway, fuelTonnes, voyageCount };
}

/**
 * CII over a period — year to date, one voyage, or a custom range — computed with the annual
 * formulas on the period's totals and the Z of `year` (the year whose required CII it is judged
 * against). Indicative only: the statutory rating is the calendar-year one.
 */
export function calculatePeriodCii(input: {
  ship: CiiShip;
  year: number;
  voyages: readonly CiiVoyage[];
  from?: string | number | Date;
  to?: string | number | Date;
  corrections?: CiiCorrections;
}): CiiResult & { totals: PeriodTotals } {
  const range =
    input.from !== undefined && input.to !== undefined ? { from: input.from, to: input.to } : undefined;
  const totals = sumVoyages(input.voyages, range);
  const result = calculateCii({
    ...input.ship,
    year: input.year,
    distanceNm: totals.distanceNm,
    fuelTonnes: totals.fuelTonnes,
    ...(input.corrections ? { corrections: input.corrections } : {}),
  });
  return { ...result, totals };
}

/** The planned remainder of the year, for {@link projectCii}. */
export interface CiiPlan {
  /** Planned speed through the water / over ground, knots. */
  readonly speedKn: number;
  /** Planned days at sea for the rest of the year. */
  readonly days: number;
  /**
   * Planned daily fuel per fuel id at `speedKn`, t/day. If omitted, the year-to-date fuel per
   * hour is scaled by (speedKn / ytd average speed)^speedExponent.
   */
  readonly dailyFuelTonnes?: FuelTonnesById;
  /** Exponent of the propeller law for fuel per hour vs speed; default 3 (cube law). */
  readonly speedExponent?: number;
}

/** Default exponent of the propeller (cube) law: fuel per hour ∝ speed³. Physics, not regulation. */
export const DEFAULT_SPEED_EXPONENT = 3;

/**
 * Year-end projection for the CII simulator: adds the planned sailing (speed × days, fuel per day)
 * to the year's figures so far and rates the total with {@link calculateCii}.
 */
export function projectCii(input: {
  ship: CiiShip;
  year: number;
  soFar: { distanceNm: number; fuelTonnes: FuelTonnesById; hoursUnderway?: number };
  plan: CiiPlan;
}): CiiResult & { projectedDistanceNm: number; projectedFuelTonnes: Record<string, number> } {
  const speedKn = requireNonNegative(input.plan.speedKn, 'plan.speedKn', true);
  const days = requireNonNegative(input.plan.days, 'plan.days');
  const plannedHours = days * HOURS_PER_DAY;
  const plannedDistance = speedKn * plannedHours;
  const plannedFuel: Record<string, number> = {};
  if (input.plan.dailyFuelTonnes) {
    for (const [f, t] of Object.entries(input.plan.dailyFuelTonnes)) {
      plannedFuel[f] = requireNonNegative(t, `plan.dailyFuelTonnes.${f}`) * days;
    }
  } else {
    const hours = requireNonNegative(input.soFar.hoursUnderway ?? Number.NaN, 'soFar.hoursUnderway', true);
    const avgSpeed = requireNonNegative(input.soFar.distanceNm, 'soFar.distanceNm', true) / hours;
    const k = (speedKn / avgSpeed) ** (input.plan.speedExponent ?? DEFAULT_SPEED_EXPONENT);
    for (const [f, t] of Object.entries(input.soFar.fuelTonnes)) {
      plannedFuel[f] = (requireNonNegative(t, `soFar.fuelTonnes.${f}`) / hours) * k * plannedHours;
    }
  }
  const total: Record<string, number> = { ...input.soFar.fuelTonnes };
  for (const [f, t] of Object.entries(plannedFuel)) total[f] = (total[f] ?? 0) + t;
  const distanceNm = input.soFar.distanceNm + plannedDistance;
  const result = calculateCii({ ...input.ship, year: input.year, distanceNm, fuelTonnes: total });
  return { ...result, projectedDistanceNm: distanceNm, projectedFuelTonnes: total };
}

/** Why a corrective-action plan is required. */
export type CorrectiveActionReason = 'rated_e' | 'rated_d_three_consecutive_years';

/**
 * Corrective-action rule (MARPOL Annex VI reg. 28.7; MEPC.346(78) para 9.4): a ship rated D for
 * three consecutive years, or rated E, must add a plan of corrective actions to SEEMP Part III.
 * Looks at the latest year given and the years before it.
 */
export function correctiveActionRequired(history: readonly { year: number; rating: CiiRating }[]): {
  required: boolean;
  reason: CorrectiveActionReason | null;
  years: number[];
  source: string;
} {
  const byYear = new Map(history.map((h) => [h.year, h.rating]));
  const source = CII_SOURCES.corrective;
  if (history.length === 0) return { required: false, reason: null, years: [], source };
  const latest = Math.max(...byYear.keys());
  if (byYear.get(latest) === 'E') return { required: true, reason: 'rated_e', years: [latest], source };
  const run = [latest - 2, latest - 1, latest];
  if (run.every((y) => byYear.get(y) === 'D')) {
    return { required: true, reason: 'rated_d_three_consecutive_years', years: run, source };
  }
  return { required: false, reason: null, years: [], source };
}
