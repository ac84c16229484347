import { alarmHistoryResponseSchema, type MonitoringUnit } from '@ecohelm/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { monitoringKeys } from './keys';

/** The newest alarms of one unit (the alarm engine's history, `GET /api/v1/alarms/history`). */
export const getEquipmentAlarms = (unit: MonitoringUnit, signal?: AbortSignal) =>
  apiFetch(`/api/v1/alarms/history?${new URLSearchParams({ equipment: unit, pageSize: '50' })}`, {
    schema: alarmHistoryResponseSchema,
    ...(signal ? { signal } : {}),
  });

/** Alarm history of one unit, newest first; refreshed every 30 s. */
export const useEquipmentAlarms = (unit: MonitoringUnit) =>
  useQuery({
    queryKey: monitoringKeys.alarms(unit),
    queryFn: ({ signal }) => getEquipmentAlarms(unit, signal),
    refetchInterval: 30_000,
  });
