import type { CiiPeriod } from '@ecohelm/contracts';

/** Query keys of the overview dashboard. */
export const overviewKeys = {
  all: ['overview'] as const,
  summary: (period: CiiPeriod) => ['overview', 'summary', period] as const,
  settings: ['overview', 'settings'] as const,
  factors: ['overview', 'factors'] as const,
};
