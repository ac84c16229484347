import { startInfoListSchema } from '@ecohelm/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/api-client';
import { carbonKeys } from './keys';

export const getStartInfo = (signal?: AbortSignal) =>
  apiFetch('/api/v1/ship/start-info', { schema: startInfoListSchema, ...(signal ? { signal } : {}) });

export const startInfoQuery = queryOptions({
  queryKey: carbonKeys.startInfo,
  queryFn: ({ signal }) => getStartInfo(signal),
});

export const useStartInfo = () => useQuery(startInfoQuery);
