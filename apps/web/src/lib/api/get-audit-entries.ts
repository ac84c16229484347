import type { AuditEntity, AuditListResponse } from '@ecohelm/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client';

/** One record's history: every create, update, submit and delete, oldest first. */
export const getAuditEntries = (entity: AuditEntity, entityId: string, signal?: AbortSignal) =>
  apiFetch<AuditListResponse>(
    `/api/v1/audit?${new URLSearchParams({ entity, entityId }).toString()}`,
    signal ? { signal } : {},
  );

export const auditEntriesQuery = (entity: AuditEntity, entityId: string) =>
  queryOptions({
    queryKey: ['audit', entity, entityId] as const,
    queryFn: ({ signal }) => getAuditEntries(entity, entityId, signal),
  });

/** The history of one record, read when `enabled` (the modal is open) and again each time it opens. */
export const useAuditEntries = (entity: AuditEntity, entityId: string, enabled: boolean) =>
  useQuery({ ...auditEntriesQuery(entity, entityId), enabled, refetchOnMount: 'always' });
