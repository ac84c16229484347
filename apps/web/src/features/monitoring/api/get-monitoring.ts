import { type MonitoringUnit, monitoringResponseSchema } from '@ecohelm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
