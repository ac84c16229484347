/**
 * Energy assessment of a piece of equipment (SPEC §4 ratings excellent / good / normal / serious) by how far its
 * measured figure sits above its baseline: an engine's ISO-corrected SFOC against its shop test at the same load.
 * A few per cent is within the meters' and the shop test's tolerance (ISO 3046-1 allows +5 % on SFOC); beyond
 * 8 % the engine needs attention (injectors, turbocharger, fuel pumps).
 */
export type AssessmentRating = 'excellent' | 'good' | 'normal' | 'serious';

/** Upper limits of excellent, good and normal, % above the baseline. */
export const ASSESSMENT_LIMITS_PCT: readonly [number, number, number] = [2, 5, 8];

export function assessmentRating(
  deviationPct: number,
  limits: readonly [number, number, number] = ASSESSMENT_LIMITS_PCT,
): AssessmentRating {
  if (deviationPct <= limits[0]) return 'excellent';
  if (deviationPct <= limits[1]) return 'good';
  if (deviationPct <= limits[2]) return 'normal';
  return 'serious';
}

const order: Record<AssessmentRating, number> = { excellent: 0, good: 1, normal: 2, serious: 3 };

/** True when `now` is a worse rating than `before`. */
export const ratingWorsened = (before: AssessmentRating | null, now: AssessmentRating | null): boolean =>
  before !== null && now !== null && order[now] > order[before];

/** The hull's fouling rating (excellent / good / fair / poor) on the assessment scale. */
export function hullAssessment(foulingRating: 'excellent' | 'good' | 'fair' | 'poor'): AssessmentRating {
  return foulingRating === 'fair' ? 'normal' : foulingRating === 'poor' ? 'serious' : foulingRating;
}
