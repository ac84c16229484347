import type { TelemetryLatestResponse } from '@ecohelm/contracts';
import { overviewNavigation } from '@ecohelm/contracts/overview-navigation';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { earlyPartQuery } from './get-overview-page';
import { overviewKeys } from './keys';

const channels = overviewNavigation.map((n) => n.channel).join(',');

export const getNavigationLatest = (signal?: AbortSignal) =>
  apiFetch<TelemetryLatestResponse>(
    `/api/v1/telemetry/latest?channels=${encodeURIComponent(channels)}`,
    signal ? { signal } : {},
  );

/**
 * The navigation panel's latest values, read once when the page opens (from the page's early answer when it opens
 * the console): drawn until the live stream's first event, which comes only after the page has loaded.
 */
export const useNavigationLatest = () =>
  useQuery({
    queryKey: [...overviewKeys.all, 'navigation-latest'],
    ...earlyPartQuery('navigation', getNavigationLatest),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
