import type { PageConfig } from '@ecohelm/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';

/** Used when the server cannot be reached for its configuration (shown on the ship's default UTC+8). */
export const defaultPageConfig: PageConfig = {
  offline: false,
  hideLoadPage: false,
  dcHomeLink: '',
  shipTimeOffsetMinutes: 480,
  buildId: '',
  shape: 'vessel',
};

export const pageConfigQuery = queryOptions({
  queryKey: ['page-config'],
  queryFn: ({ signal }) => apiFetch<PageConfig>('/api/v1/config', { token: null, signal }),
  staleTime: Number.POSITIVE_INFINITY,
  retry: 2,
});

/** Runtime page configuration from GET /api/v1/config (public). */
export function usePageConfig(): { config: PageConfig; isLoading: boolean } {
  const query = useQuery(pageConfigQuery);
  return { config: query.data ?? defaultPageConfig, isLoading: query.isPending };
}
