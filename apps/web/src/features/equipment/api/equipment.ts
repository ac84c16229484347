import {
  assessmentResponseSchema,
  type EquipmentParameters,
  type EquipmentUnit,
  equipmentEntrySchema,
  equipmentResponseSchema,
} from '@ecohelm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const useEquipment = () =>
  useQuery({
    queryKey: ['equipment'] as const,
    queryFn: ({ signal }) => apiFetch('/api/v1/equipment', { schema: equipmentResponseSchema, signal }),
  });

export const useAssessment = (days: number) =>
  useQuery({
    queryKey: ['equipment', 'assessment', days] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/equipment/assessment?days=${days}`, { schema: assessmentResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

/** Saves a unit's parameters; the assessment, the monitoring and the load assistant follow. */
export function useSaveEquipment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ unit, body }: { unit: EquipmentUnit; body: EquipmentParameters }) =>
      apiFetch(`/api/v1/equipment/${unit}`, { method: 'PUT', body, schema: equipmentEntrySchema }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['equipment'] }),
        client.invalidateQueries({ queryKey: ['monitoring'] }),
        client.invalidateQueries({ queryKey: ['load'] }),
      ]),
  });
}
