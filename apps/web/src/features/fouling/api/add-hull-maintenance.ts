import { type HullCleaningRecordInput, hullCleaningRecordSchema } from '@ecohelm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { foulingKeys } from './keys';

/** Adds a hull maintenance record (cleaning, propeller polishing, dry-docking). */
export const addHullMaintenance = (body: HullCleaningRecordInput) =>
  apiFetch('/api/v1/records/hull-cleaning', { method: 'POST', body, schema: hullCleaningRecordSchema });

export function useAddHullMaintenance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addHullMaintenance,
    onSuccess: () => client.invalidateQueries({ queryKey: foulingKeys.all }),
  });
}
