import type { z } from 'zod';

/** The longest range an analysis query may ask for, in days. */
export const MAX_RANGE_DAYS = 400;

/** The messages of a range's check, shown word for word in English and translated by the console. */
export const rangeMessages = {
  rangeOrder: 'The end of the range must be after its start.',
  rangeTooLong: `The range can be at most ${MAX_RANGE_DAYS} days.`,
} as const;

/**
 * The one check of an analysis range: the end after the start, at most {@link MAX_RANGE_DAYS} days; the issue
 * is reported on `to`. An open range (either end missing) passes: the service fills in its default.
 */
export function checkRange(
  q: { from?: string | undefined; to?: string | undefined },
  ctx: z.core.$RefinementCtx,
): void {
  if (!q.from || !q.to) return;
  const span = Date.parse(q.to) - Date.parse(q.from);
  if (span <= 0) ctx.addIssue({ code: 'custom', path: ['to'], message: rangeMessages.rangeOrder });
  else if (span > MAX_RANGE_DAYS * 86_400_000) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: rangeMessages.rangeTooLong });
  }
}
