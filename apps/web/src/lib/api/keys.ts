import type { FillingListQuery } from '@ecohelm/contracts';

/**
 * Query keys of the server data more than one feature reads or invalidates (a saved ship changes
 * the filling checks, a saved start-info entry too). A feature's private keys stay in its own api/.
 */
export const queryKeys = {
  ship: ['ship'] as const,
  startInfo: ['ship', 'start-info'] as const,
  filling: ['filling'] as const,
  fillingList: (query: FillingListQuery) => ['filling', query] as const,
  channels: ['telemetry', 'channels'] as const,
};
