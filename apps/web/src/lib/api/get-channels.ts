import { telemetryChannelsResponseSchema } from '@ecohelm/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { queryKeys } from './keys';

export const getChannels = (signal?: AbortSignal) =>
  apiFetch('/api/v1/telemetry/channels', {
    schema: telemetryChannelsResponseSchema,
    ...(signal ? { signal } : {}),
  });

/** The channel catalogue (labels, display units): the factors a crew can choose from. */
export const useChannels = () =>
  useQuery({
    queryKey: queryKeys.channels,
    queryFn: ({ signal }) => getChannels(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
