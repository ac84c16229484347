import type { PlausibilityCode } from '@ecohelm/domain';

/**
 * Why an entry is refused as impossible (docs/regulations.md, "Plausibility at entry"): one fixed sentence per
 * rule of `@ecohelm/domain`'s plausibility, so the console translates it by its text; the server may add the
 * figures after it in brackets ("… capacity. (1,900 t)").
 */
export const plausibilityMessages = {
  leg_too_fast: 'The distance cannot be sailed in the time since the departure.',
  leg_without_distance: 'More than 24 h under way needs a distance of at least 1 nm.',
  leg_without_time: 'A distance needs time under way after the departure.',
  stay_zero_length: 'The end cannot be at the same time as its start.',
  before_build_date: "The date is before the ship's build date.",
  in_future: 'The date is more than a day in the future.',
  above_capacity: "The quantity is above the ship's tank capacity for this fuel.",
  rob_mismatch: 'The ROB does not follow from the last ROB + bunkered − consumed.',
} as const satisfies Record<PlausibilityCode, string>;
