import { type Ship, shipResponseSchema } from '@ecohelm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/api/keys';
import { apiFetch } from '../../../lib/api-client';

export const saveShip = (ship: Ship) =>
  apiFetch('/api/v1/ship', { method: 'PUT', body: ship, schema: shipResponseSchema });

export function useSaveShip() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveShip,
    onSuccess: (data) => {
      client.setQueryData(queryKeys.ship, data);
      void client.invalidateQueries({ queryKey: queryKeys.filling });
    },
  });
}
