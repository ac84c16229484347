import { type FleetShip, syncStatusSchema } from '@ecohelm/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/**
 * The shore's intake per ship (`GET /api/v1/sync`): whether its history is reconciled yet (else its figures are
 * partial), its messages refused and set aside as dead letters; refreshed every minute with the fleet.
 */
export const useFleetIntake = () =>
  useQuery({
    queryKey: ['fleet', 'intake'],
    queryFn: async ({ signal }) => {
      const status = await apiFetch('/api/v1/sync', { schema: syncStatusSchema, signal });
      return new Map<string, FleetShip>(status.ships.map((s) => [s.shipId, s]));
    },
    refetchInterval: 60_000,
  });
