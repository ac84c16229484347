import {
  type EcaSettings,
  type EcaZoneInput,
  ecaCustomZoneSchema,
  ecaResponseSchema,
  ecaSettingsInfoSchema,
  ecaZoneRingsSchema,
} from '@ecohelm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** The watch now; every 10 s (the alarms check the position as often). */
export const useEca = () =>
  useQuery({
    queryKey: ['eca'] as const,
    queryFn: ({ signal }) => apiFetch('/api/v1/eca', { schema: ecaResponseSchema, signal }),
    refetchInterval: 10_000,
    placeholderData: keepPreviousData,
  });

/** The legal boundaries: fixed, read once. */
export const useEcaRings = () =>
  useQuery({
    queryKey: ['eca', 'rings'] as const,
    queryFn: ({ signal }) => apiFetch('/api/v1/eca/zones', { schema: ecaZoneRingsSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

function useEcaMutation<T, R>(run: (body: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['eca'], exact: true }),
        client.invalidateQueries({ queryKey: ['overview'] }),
      ]),
  });
}

export const useAddEcaZone = () =>
  useEcaMutation((body: EcaZoneInput) =>
    apiFetch('/api/v1/eca/zones', { method: 'POST', body, schema: ecaCustomZoneSchema }),
  );

export const useDeleteEcaZone = () =>
  useEcaMutation((id: string) =>
    apiFetch(`/api/v1/eca/zones/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );

export const useSaveEcaSettings = () =>
  useEcaMutation((body: EcaSettings) =>
    apiFetch('/api/v1/eca/settings', { method: 'PUT', body, schema: ecaSettingsInfoSchema }),
  );
