import type { AlarmHistoryQuery } from '@ecohelm/contracts';

/** Query keys of the message center; everything under `alarms` is refreshed after an action. */
export const alarmKeys = {
  all: ['alarms'] as const,
  active: ['alarms', 'active'] as const,
  history: (query: Partial<AlarmHistoryQuery>) => ['alarms', 'history', query] as const,
  events: (id: number) => ['alarms', 'events', id] as const,
  limits: ['alarms', 'limits'] as const,
};
