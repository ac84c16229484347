import { type FillingListQuery, fillingListResponseSchema } from '@ecohelm/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/api/keys';
import { apiFetch } from '../../../lib/api-client';

export const getFillingRecords = (query: FillingListQuery, signal?: AbortSignal) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  return apiFetch(`/api/v1/filling/records?${params}`, {
    schema: fillingListResponseSchema,
    ...(signal ? { signal } : {}),
  });
};

export const fillingRecordsQuery = (query: FillingListQuery) =>
  queryOptions({
    queryKey: queryKeys.fillingList(query),
    queryFn: ({ signal }) => getFillingRecords(query, signal),
    placeholderData: keepPreviousData,
  });

/** One regime's list, filtered by state, with the count of each state. */
export const useFillingRecords = (query: FillingListQuery) => useQuery(fillingRecordsQuery(query));
