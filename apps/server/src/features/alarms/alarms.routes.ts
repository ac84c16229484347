import {
  activeAlarmsResponseSchema,
  alarmEventsResponseSchema,
  alarmHistoryQuerySchema,
  alarmHistoryResponseSchema,
  alarmIdParamsSchema,
  alarmLimitInputSchema,
  alarmLimitParamsSchema,
  alarmLimitSettingSchema,
  alarmLimitSettingsResponseSchema,
  alarmReadRequestSchema,
  alarmReadResponseSchema,
  alarmSchema,
  alarmSilenceRequestSchema,
  alarmStatisticsQuerySchema,
  alarmStatisticsResponseSchema,
} from '@ecohelm/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../platform/app-instance.ts';
import { unauthorized } from '../../platform/errors.ts';
import { op } from '../../platform/operation.ts';
import type { AlarmsService } from './alarms.service.ts';

const deviceOf = (request: FastifyRequest) => {
  if (!request.auth) throw unauthorized();
  return { id: request.auth.device.id, code: request.auth.device.code };
};

/**
 * Alarms: the real-time list, history, acknowledge and silence (`alarms:acknowledge`, shared by every
 * console), read marks, statistics per equipment group and the limit settings (`settings:write`).
 */
export async function alarmsRoutes(app: AppInstance, alarms: AlarmsService): Promise<void> {
  app.get(
    '/api/v1/alarms/active',
    op('dashboard:read', 'alarms.listActive', 'List the active alarms', { 200: activeAlarmsResponseSchema }),
    async (request) => alarms.active(deviceOf(request).id),
  );
  app.get(
    '/api/v1/alarms/history',
    op('dashboard:read', 'alarms.listHistory', 'List past alarms', {
      query: alarmHistoryQuerySchema,
      200: alarmHistoryResponseSchema,
    }),
    async (request) => alarms.history(request.query, deviceOf(request).id),
  );
  app.get(
    '/api/v1/alarms/statistics',
    op('dashboard:read', 'alarms.getStatistics', 'Count alarms by kind and level', {
      query: alarmStatisticsQuerySchema,
      200: alarmStatisticsResponseSchema,
    }),
    async (request) => alarms.statistics(request.query),
  );
  app.get(
    '/api/v1/alarms/:id/events',
    op('dashboard:read', 'alarms.listEvents', "List an alarm's events", {
      params: alarmIdParamsSchema,
      200: alarmEventsResponseSchema,
    }),
    async (request) => ({ items: await alarms.events(request.params.id) }),
  );
  app.post(
    '/api/v1/alarms/:id/acknowledge',
    op('alarms:acknowledge', 'alarms.acknowledgeAlarm', 'Acknowledge an alarm', {
      params: alarmIdParamsSchema,
      200: alarmSchema,
    }),
    async (request) => alarms.acknowledge(request.params.id, deviceOf(request)),
  );
  app.post(
    '/api/v1/alarms/:id/silence',
    op('alarms:acknowledge', 'alarms.silenceAlarm', 'Silence an alarm', {
      params: alarmIdParamsSchema,
      body: alarmSilenceRequestSchema,
      200: alarmSchema,
    }),
    async (request) => alarms.silence(request.params.id, request.body.seconds, deviceOf(request)),
  );
  app.post(
    '/api/v1/alarms/read',
    op('dashboard:read', 'alarms.markRead', 'Mark alarms as read', {
      body: alarmReadRequestSchema,
      200: alarmReadResponseSchema,
    }),
    async (request) => ({ unread: await alarms.markRead(deviceOf(request).id, request.body.ids) }),
  );

  app.get(
    '/api/v1/alarms/limits',
    op('dashboard:read', 'alarms.listLimits', 'List the alarm limits of the channels', {
      200: alarmLimitSettingsResponseSchema,
    }),
    async () => ({ items: alarms.limits() }),
  );
  app.put(
    '/api/v1/alarms/limits/:channel',
    op('settings:write', 'alarms.saveLimit', "Set a channel's alarm limits", {
      params: alarmLimitParamsSchema,
      body: alarmLimitInputSchema,
      200: alarmLimitSettingSchema,
    }),
    async (request) => alarms.setLimits(request.params.channel, request.body, deviceOf(request).code),
  );
}
