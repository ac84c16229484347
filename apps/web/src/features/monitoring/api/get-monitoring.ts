import { equipmentResponseSchema, type MonitoringUnit, monitoringResponseSchema } from '@ecohelm/contracts';
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

/**
 * Whether each boiler burns fuel (equipment parameters): an exhaust-gas economiser makes steam from the main
 * engine's exhaust, so its fuel flow is none rather than a running 0.0 kg/h. Same query as the equipment page.
 */
export function useOilFired(): (unit: MonitoringUnit) => boolean | undefined {
  const equipment = useQuery({
    queryKey: ['equipment'] as const,
    queryFn: ({ signal }) => apiFetch('/api/v1/equipment', { schema: equipmentResponseSchema, signal }),
  });
  return (unit) => {
    const p = equipment.data?.items.find((i) => i.unit === unit)?.parameters;
    return p?.kind === 'boiler' ? p.oilFired : undefined;
  };
}
