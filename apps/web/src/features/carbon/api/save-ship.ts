import { type Ship, shipResponseSchema } from '@ecohelm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/api-client';
import { carbonKeys } from './keys';

export const saveShip = (ship: Ship) =>
  apiFetch('/api/v1/ship', { method: 'PUT', body: ship, schema: shipResponseSchema });

export function useSaveShip() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveShip,
    onSuccess: (data) => {
      client.setQueryData(carbonKeys.ship, data);
      void client.invalidateQueries({ queryKey: carbonKeys.filling });
    },
  });
}
