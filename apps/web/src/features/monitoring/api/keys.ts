import type { MonitoringUnit } from '@ecohelm/contracts';

/** Query keys of equipment monitoring. */
export const monitoringKeys = {
  all: ['monitoring'] as const,
  unit: (unit: MonitoringUnit) => ['monitoring', 'unit', unit] as const,
  alarms: (unit: MonitoringUnit) => ['monitoring', 'alarms', unit] as const,
};
