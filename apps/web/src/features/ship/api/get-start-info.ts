import { startInfoListSchema } from '@ecohelm/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/api/keys';
import { apiFetch } from '../../../lib/api-client';

export const getStartInfo = (signal?: AbortSignal) =>
  apiFetch('/api/v1/ship/start-info', { schema: startInfoListSchema, ...(signal ? { signal } : {}) });

export const startInfoQuery = queryOptions({
  queryKey: queryKeys.startInfo,
  queryFn: ({ signal }) => getStartInfo(signal),
});

export const useStartInfo = () => useQuery(startInfoQuery);
