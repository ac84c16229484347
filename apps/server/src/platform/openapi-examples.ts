import type {
  ActiveAlarmsResponse,
  healthSchema,
  pageConfigSchema,
  TelemetryChannelsResponse,
  TelemetryLatestResponse,
} from '@ecohelm/contracts';
import { CHANNEL } from '@ecohelm/domain';
import type { z } from 'zod';

/**
 * Example answers of the main reads, by operationId, shown in the API's document. The contracts' types hold them to
 * the answer's shape here, and the document's lint (Redocly `no-invalid-media-type-examples`) checks each against
 * the served schema.
 */
const health: z.infer<typeof healthSchema> = { status: 'ok', store: 'sqlite' };
const config: z.infer<typeof pageConfigSchema> = {
  offline: true,
  hideLoadPage: false,
  dcHomeLink: '',
  shipTimeOffsetMinutes: 480,
  buildId: '3f9c2a1',
  shape: 'vessel',
};
const channels: TelemetryChannelsResponse = {
  channels: [
    {
      id: CHANNEL.meExhTc,
      equipment: 'me',
      label: 'Exhaust gas temperature after turbocharger',
      unit: '°C',
      siUnit: 'K',
      range: [-20, 600],
      limits: { high: 320, highhigh: 350 },
    },
  ],
};
const latest: TelemetryLatestResponse = {
  values: [
    { channel: CHANNEL.sog, t: '2026-03-14T08:00:00Z', value: 13.2, unit: 'kn', digits: 1 },
    { channel: CHANNEL.mePower, t: '2026-03-14T08:00:00Z', value: 11850, unit: 'kW', digits: 0 },
  ],
};
const activeAlarms: ActiveAlarmsResponse = {
  items: [
    {
      id: 41,
      key: 'limit:propulsion.main.exhaustTemperature:high',
      category: 'equipmentAlarm',
      condition: 'high',
      equipment: 'me',
      channel: CHANNEL.meExhTc,
      priority: 'warning',
      state: 'active_unacknowledged',
      escalated: false,
      raisedAt: '2026-03-14T07:52:10Z',
      updatedAt: '2026-03-14T07:52:10Z',
      acknowledgedAt: null,
      acknowledgedBy: null,
      clearedAt: null,
      silencedUntil: null,
      value: 324.6,
      limit: 320,
      unit: '°C',
      read: false,
    },
  ],
  unread: 1,
  unreadByCategory: { equipmentAlarm: 1 },
  serverTime: '2026-03-14T08:00:00Z',
};

export const apiExamples: Record<string, unknown> = {
  'platform.getHealth': health,
  'platform.getConfig': config,
  'telemetry.listChannels': channels,
  'telemetry.getLatest': latest,
  'alarms.listActive': activeAlarms,
};
