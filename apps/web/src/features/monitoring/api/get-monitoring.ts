import { type MonitoringUnit, monitoringResponseSchema } from '@ecohelm/contracts';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { monitoringKeys } from './keys';

export const getMonitoring = (unit: MonitoringUnit, signal?: AbortSignal) =>
  apiFetch(`/api/v1/monitoring/${unit}`, {
    schema: monitoringResponseSchema,
    ...(signal ? { signal } : {}),
  });

/** Status, running hours and fuel-efficiency curve of one unit; refreshed every minute (hourly rollups). */
export const useMonitoring = (unit: MonitoringUnit) =>
  useQuery({
    queryKey: monitoringKeys.unit(unit),
    queryFn: ({ signal }) => getMonitoring(unit, signal),
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });

/**
 * The unit a page with several (G/E 1–3, boilers) opens on: the first one running, once their status is in (the
 * status rows ask for the same answers); the first unit until then or when none runs.
 */
export function useFirstRunningUnit(units: readonly MonitoringUnit[]): MonitoringUnit | undefined {
  const answers = useQueries({
    queries: units.map((unit) => ({
      queryKey: monitoringKeys.unit(unit),
      queryFn: ({ signal }: { signal: AbortSignal }) => getMonitoring(unit, signal),
      refetchInterval: 60_000,
    })),
  });
  if (answers.some((a) => !a.data)) return undefined;
  return units.find((_, i) => answers[i]!.data!.status.running) ?? units[0];
}
