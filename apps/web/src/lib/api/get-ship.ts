import type { ShipResponse } from '@ecohelm/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { queryKeys } from './keys';

export const getShip = (signal?: AbortSignal) =>
  apiFetch<ShipResponse>('/api/v1/ship', signal ? { signal } : {});

export const shipQuery = queryOptions({
  queryKey: queryKeys.ship,
  queryFn: ({ signal }) => getShip(signal),
});

/** The ship's basic info and whether it is complete (filling needs it). */
export const useShip = () => useQuery(shipQuery);
