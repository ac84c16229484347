import type { ChannelDef } from './catalogue.ts';

/**
 * Means of angles. The arithmetic mean of 359° and 1° is 180°, the opposite of north; the mean
 * direction is that of the summed unit vectors, atan2(Σ sin θ, Σ cos θ) (Mardia & Jupp,
 * "Directional Statistics", 2000, §2.2.1). Rollups keep Σ sin and Σ cos beside the plain sum for the
 * channels marked `circular`, so minute, hour and day means of headings and directions are right.
 */

/** The names under which a circular channel's Σ sin and Σ cos rollups are stored. */
export const circularParts = (channel: string): { sin: string; cos: string } => ({
  sin: `${channel}#sin`,
  cos: `${channel}#cos`,
});

/**
 * The mean angle from the sums of sines and cosines, in the channel's own range: [0, 2π) for
 * directions, (−π, π] for angles relative to the bow. NaN when the vectors cancel (no mean direction).
 */
export function circularMean(def: Pick<ChannelDef, 'range'>, sumSin: number, sumCos: number): number {
  if (Math.hypot(sumSin, sumCos) < 1e-12) return Number.NaN;
  const a = Math.atan2(sumSin, sumCos); // (−π, π]
  if (def.range[0] < 0 || a >= 0) return a;
  const wrapped = a + 2 * Math.PI;
  return wrapped >= 2 * Math.PI ? 0 : wrapped; // −0.0…01 rad is north, not 2π
}
