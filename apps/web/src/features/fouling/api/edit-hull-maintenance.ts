import { type HullCleaningRecordInput, hullCleaningRecordSchema } from '@ecohelm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { foulingKeys } from './keys';

/** Corrects a hull maintenance record (a wrong date, place or kind typed). */
export const updateHullMaintenance = ({ id, body }: { id: number; body: HullCleaningRecordInput }) =>
  apiFetch(`/api/v1/records/hull-cleaning/${id}`, { method: 'PUT', body, schema: hullCleaningRecordSchema });

/** Deletes a hull maintenance record entered by mistake. */
export const deleteHullMaintenance = (id: number) =>
  apiFetch<void>(`/api/v1/records/hull-cleaning/${id}`, { method: 'DELETE' });

export function useUpdateHullMaintenance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateHullMaintenance,
    onSuccess: () => client.invalidateQueries({ queryKey: foulingKeys.all }),
  });
}

export function useDeleteHullMaintenance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteHullMaintenance,
    onSuccess: () => client.invalidateQueries({ queryKey: foulingKeys.all }),
  });
}
