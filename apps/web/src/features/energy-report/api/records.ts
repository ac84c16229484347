import {
  type BunkerRecordInput,
  bunkerRecordSchema,
  bunkerRecordsResponseSchema,
  type OilChangeRecordInput,
  oilChangeRecordSchema,
  oilChangeRecordsResponseSchema,
} from '@ecohelm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

const keys = { bunker: ['records', 'bunker'] as const, oilChange: ['records', 'oil-change'] as const };

export const useBunkerRecords = () =>
  useQuery({
    queryKey: keys.bunker,
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/records/bunker?limit=500', { schema: bunkerRecordsResponseSchema, signal }),
  });

export const useOilChangeRecords = () =>
  useQuery({
    queryKey: keys.oilChange,
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/records/oil-change?limit=500', { schema: oilChangeRecordsResponseSchema, signal }),
  });

/** Adds (no id) or modifies (id) a bunker record; the lists, the overview's bunker panel and the report follow. */
export function useSaveBunker() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: BunkerRecordInput }) =>
      apiFetch(id === null ? '/api/v1/records/bunker' : `/api/v1/records/bunker/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
        schema: bunkerRecordSchema,
      }),
    onSuccess: () => invalidate(client),
  });
}

export function useSaveOilChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: OilChangeRecordInput }) =>
      apiFetch(id === null ? '/api/v1/records/oil-change' : `/api/v1/records/oil-change/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
        schema: oilChangeRecordSchema,
      }),
    onSuccess: () => invalidate(client),
  });
}

export function useDeleteRecord() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: 'bunker' | 'oil-change'; id: number }) =>
      apiFetch(`/api/v1/records/${kind}/${id}`, { method: 'DELETE' }),
    onSuccess: () => invalidate(client),
  });
}

const invalidate = (client: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    client.invalidateQueries({ queryKey: ['records'] }),
    client.invalidateQueries({ queryKey: ['energy-report'] }),
    client.invalidateQueries({ queryKey: ['overview'] }),
  ]);
