import {
  ecaZoneRingsSchema,
  fuelStatisticsResponseSchema,
  telemetryTrendResponseSchema,
  trackResponseSchema,
  voyagesResponseSchema,
} from '@ecohelm/contracts';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

type Range = { from: string; to: string };

export const useTrack = (range: Range, channel: string) =>
  useQuery({
    queryKey: ['params', 'track', range.from, range.to, channel] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/params/track?${new URLSearchParams({ ...range, channel })}`, {
        schema: trackResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useFuelStatistics = (range: Range) =>
  useQuery({
    queryKey: ['params', 'fuel', range.from, range.to] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/params/fuel?${new URLSearchParams(range)}`, {
        schema: fuelStatisticsResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** One trend a channel (the telemetry trend API: ≤ 1,000 buckets with min and max). */
export const useTrends = (range: Range, channels: readonly string[]) =>
  useQueries({
    queries: channels.map((channel) => ({
      queryKey: ['params', 'trend', range.from, range.to, channel] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiFetch(`/api/v1/telemetry/trend?${new URLSearchParams({ ...range, channel, points: '1000' })}`, {
          schema: telemetryTrendResponseSchema,
          signal,
        }),
      placeholderData: keepPreviousData,
    })),
  });

/** The legal ECA boundaries, drawn under the track; fixed, read once. */
export const useEcaBoundaries = () =>
  useQuery({
    queryKey: ['params', 'eca-boundaries'] as const,
    queryFn: ({ signal }) => apiFetch('/api/v1/eca/zones', { schema: ecaZoneRingsSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The voyages (newest last), for picking one voyage's track. */
export const useVoyages = () =>
  useQuery({
    queryKey: ['voyages'] as const,
    queryFn: ({ signal }) => apiFetch('/api/v1/voyages', { schema: voyagesResponseSchema, signal }),
    staleTime: 60_000,
  });
