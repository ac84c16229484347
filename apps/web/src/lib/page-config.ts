import type { PageConfig } from '@ecohelm/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answerOf, apiFetch, takeEarly } from './api-client';

/** Used when the server cannot be reached for its configuration (shown on the ship's default UTC+8). */
export const defaultPageConfig: PageConfig = {
  offline: false,
  hideLoadPage: false,
  dcHomeLink: '',
  shipTimeOffsetMinutes: 480,
  buildId: '',
  shape: 'vessel',
};

const CONFIG_PATH = '/api/v1/config';

/** The shell waits for the configuration: index.html asks for it before the console's code has loaded. */
export const pageConfigQuery = queryOptions({
  queryKey: ['page-config'],
  queryFn: ({ signal }) => {
    const sent = takeEarly(CONFIG_PATH);
    return sent ? answerOf<PageConfig>(sent) : apiFetch<PageConfig>(CONFIG_PATH, { token: null, signal });
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: 2,
});

/** Runtime page configuration from GET /api/v1/config (public). */
export function usePageConfig(): { config: PageConfig; isLoading: boolean } {
  const query = useQuery(pageConfigQuery);
  return { config: query.data ?? defaultPageConfig, isLoading: query.isPending };
}
