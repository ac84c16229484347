import type { FillingListQuery } from '@ecohelm/contracts';

/** Query keys of carbon management's basic info and filling. */
export const carbonKeys = {
  ship: ['carbon', 'ship'] as const,
  startInfo: ['carbon', 'ship', 'start-info'] as const,
  filling: ['carbon', 'filling'] as const,
  fillingList: (query: FillingListQuery) => ['carbon', 'filling', query] as const,
};
