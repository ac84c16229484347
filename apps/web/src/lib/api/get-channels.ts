import type { TelemetryChannelsResponse } from '@ecohelm/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { queryKeys } from './keys';

export const getChannels = (signal?: AbortSignal) =>
  apiFetch<TelemetryChannelsResponse>('/api/v1/telemetry/channels', signal ? { signal } : {});

/** The channel catalogue (labels, display units): the factors a crew can choose from. */
export const useChannels = () =>
  useQuery({
    queryKey: queryKeys.channels,
    queryFn: ({ signal }) => getChannels(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
