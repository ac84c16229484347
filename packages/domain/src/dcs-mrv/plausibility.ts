/**
 * What a voyage record cannot be: the one set of plausibility rules that the entry forms refuse and the
 * reports flag (docs/regulations.md, "Plausibility"). Pure: the clock and the ship's particulars come in.
 */

/** A leg may not average more than this many times the ship's service speed. */
export const MAX_SPEED_FACTOR = 1.5;
/** The highest average speed of a leg when the ship's service speed is unknown, knots. */
export const DEFAULT_MAX_LEG_SPEED_KN = 25;
/** A leg this long under way must have made at least `MIN_LONG_LEG_DISTANCE_NM`. */
export const LONG_LEG_HOURS = 24;
export const MIN_LONG_LEG_DISTANCE_NM = 1;
/** How far past the clock a record may be dated (time zones, a clock a little fast). */
export const FUTURE_MARGIN_MS = 86_400_000;
/** ROB may differ from the previous ROB + bunkered − consumed by the larger of these. */
export const ROB_TOLERANCE_T = 0.5;
export const ROB_TOLERANCE_SHARE = 0.01;

export type PlausibilityCode =
  | 'leg_too_fast'
  | 'leg_without_distance'
  | 'leg_without_time'
  | 'stay_zero_length'
  | 'before_build_date'
  | 'in_future'
  | 'above_capacity'
  | 'rob_mismatch';

/** One thing a record cannot be: `code` for translation, `message` in English with the figures. */
export interface PlausibilityIssue {
  readonly code: PlausibilityCode;
  readonly message: string;
}

/** The highest average speed a leg may show: 1.5 × service speed, or 25 kn where it is unknown. */
export function maxLegSpeedKn(serviceSpeedKn: number | null | undefined): number {
  return serviceSpeedKn && serviceSpeedKn > 0 ? MAX_SPEED_FACTOR * serviceSpeedKn : DEFAULT_MAX_LEG_SPEED_KN;
}

const f1 = (v: number) => (Math.round(v * 10) / 10).toFixed(1);

/** A sea passage's distance and time under way against the ship's speed. */
export function legIssues(
  leg: { distanceNm: number; hoursUnderway: number },
  serviceSpeedKn: number | null | undefined,
): PlausibilityIssue[] {
  const { distanceNm, hoursUnderway } = leg;
  const out: PlausibilityIssue[] = [];
  if (distanceNm > 0 && !(hoursUnderway > 0)) {
    out.push({ code: 'leg_without_time', message: `${f1(distanceNm)} nm in no time under way` });
    return out;
  }
  const limit = maxLegSpeedKn(serviceSpeedKn);
  if (hoursUnderway > 0 && distanceNm / hoursUnderway > limit) {
    out.push({
      code: 'leg_too_fast',
      message: `${f1(distanceNm)} nm in ${f1(hoursUnderway)} h is ${f1(distanceNm / hoursUnderway)} kn, above ${f1(limit)} kn`,
    });
  }
  if (hoursUnderway > LONG_LEG_HOURS && distanceNm < MIN_LONG_LEG_DISTANCE_NM) {
    out.push({
      code: 'leg_without_distance',
      message: `${f1(hoursUnderway)} h under way for ${f1(distanceNm)} nm`,
    });
  }
  return out;
}

/** A port call, anchorage or drift must last: it cannot end when (or before) it starts. */
export function stayIssues(stay: { startMs: number; endMs: number }): PlausibilityIssue[] {
  return stay.endMs <= stay.startMs
    ? [{ code: 'stay_zero_length', message: 'the stay ends when it starts' }]
    : [];
}

/** A record's date: not before the ship was built, not more than a day ahead of the clock. */
export function dateIssues(
  atMs: number,
  context: { buildDate?: string | null | undefined; nowMs: number },
): PlausibilityIssue[] {
  const built = context.buildDate ? Date.parse(context.buildDate) : Number.NaN;
  if (Number.isFinite(built) && atMs < built) {
    return [
      {
        code: 'before_build_date',
        message: `${new Date(atMs).toISOString().slice(0, 10)} is before the ship's build date ${context.buildDate}`,
      },
    ];
  }
  if (atMs > context.nowMs + FUTURE_MARGIN_MS) {
    return [
      {
        code: 'in_future',
        message: `${new Date(atMs).toISOString().slice(0, 16)} is more than a day in the future`,
      },
    ];
  }
  return [];
}

/** A quantity of fuel on board or bunkered against the ship's tank capacity for that fuel. */
export function capacityIssues(quantityT: number, capacityT: number | null | undefined): PlausibilityIssue[] {
  return capacityT !== null && capacityT !== undefined && capacityT > 0 && quantityT > capacityT
    ? [
        {
          code: 'above_capacity',
          message: `${f1(quantityT)} t is above the tank capacity of ${f1(capacityT)} t`,
        },
      ]
    : [];
}

/** The tolerance on a ROB, tonnes: 0.5 t or 1 % of the ROB it follows from, whichever is larger. */
export function robToleranceT(previousRobT: number): number {
  return Math.max(ROB_TOLERANCE_T, ROB_TOLERANCE_SHARE * Math.abs(previousRobT));
}

/** A ROB reading against the previous ROB + bunkered − barged out − consumed. */
export function robIssues(reading: {
  previousRobT: number;
  bunkeredT: number;
  consumedT: number;
  robT: number;
}): PlausibilityIssue[] {
  const expected = reading.previousRobT + reading.bunkeredT - reading.consumedT;
  return Math.abs(reading.robT - expected) > robToleranceT(reading.previousRobT)
    ? [
        {
          code: 'rob_mismatch',
          message: `ROB ${f1(reading.robT)} t does not follow from ${f1(reading.previousRobT)} t + ${f1(reading.bunkeredT)} t bunkered − ${f1(reading.consumedT)} t consumed = ${f1(expected)} t`,
        },
      ]
    : [];
}
