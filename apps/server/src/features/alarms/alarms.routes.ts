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
import { requirePermission } from '../../platform/auth.ts';
import { unauthorized } from '../../platform/errors.ts';
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
  const read = { preHandler: requirePermission('dashboard:read') };
  const tags = ['alarms'];
  const ack = { preHandler: requirePermission('alarms:acknowledge') };

  app.get(
    '/api/v1/alarms/active',
    {
      ...read,
      schema: {
        operationId: 'alarms.listActive',
        summary: 'List the active alarms',
        tags,
        response: { 200: activeAlarmsResponseSchema },
      },
    },
    async (request) => alarms.active(deviceOf(request).id),
  );
  app.get(
    '/api/v1/alarms/history',
    {
      ...read,
      schema: {
        operationId: 'alarms.listHistory',
        summary: 'List past alarms',
        tags,
        querystring: alarmHistoryQuerySchema,
        response: { 200: alarmHistoryResponseSchema },
      },
    },
    async (request) => alarms.history(request.query, deviceOf(request).id),
  );
  app.get(
    '/api/v1/alarms/statistics',
    {
      ...read,
      schema: {
        operationId: 'alarms.getStatistics',
        summary: 'Count alarms by kind and level',
        tags,
        querystring: alarmStatisticsQuerySchema,
        response: { 200: alarmStatisticsResponseSchema },
      },
    },
    async (request) => alarms.statistics(request.query),
  );
  app.get(
    '/api/v1/alarms/:id/events',
    {
      ...read,
      schema: {
        operationId: 'alarms.listEvents',
        summary: "List an alarm's events",
        tags,
        params: alarmIdParamsSchema,
        response: { 200: alarmEventsResponseSchema },
      },
    },
    async (request) => ({ items: await alarms.events(request.params.id) }),
  );
  app.post(
    '/api/v1/alarms/:id/acknowledge',
    {
      ...ack,
      schema: {
        operationId: 'alarms.acknowledgeAlarm',
        summary: 'Acknowledge an alarm',
        tags,
        params: alarmIdParamsSchema,
        response: { 200: alarmSchema },
      },
    },
    async (request) => alarms.acknowledge(request.params.id, deviceOf(request)),
  );
  app.post(
    '/api/v1/alarms/:id/silence',
    {
      ...ack,
      schema: {
        operationId: 'alarms.silenceAlarm',
        summary: 'Silence an alarm',
        tags,
        params: alarmIdParamsSchema,
        body: alarmSilenceRequestSchema,
        response: { 200: alarmSchema },
      },
    },
    async (request) => alarms.silence(request.params.id, request.body.seconds, deviceOf(request)),
  );
  app.post(
    '/api/v1/alarms/read',
    {
      ...read,
      schema: {
        operationId: 'alarms.markRead',
        summary: 'Mark alarms as read',
        tags,
        body: alarmReadRequestSchema,
        response: { 200: alarmReadResponseSchema },
      },
    },
    async (request) => ({ unread: await alarms.markRead(deviceOf(request).id, request.body.ids) }),
  );

  app.get(
    '/api/v1/alarms/limits',
    {
      ...read,
      schema: {
        operationId: 'alarms.listLimits',
        summary: 'List the alarm limits of the channels',
        tags,
        response: { 200: alarmLimitSettingsResponseSchema },
      },
    },
    async () => ({ items: alarms.limits() }),
  );
  app.put(
    '/api/v1/alarms/limits/:channel',
    {
      preHandler: requirePermission('settings:write'),
      schema: {
        operationId: 'alarms.saveLimit',
        summary: "Set a channel's alarm limits",
        tags,
        params: alarmLimitParamsSchema,
        body: alarmLimitInputSchema,
        response: { 200: alarmLimitSettingSchema },
      },
    },
    async (request) => alarms.setLimits(request.params.channel, request.body, deviceOf(request).code),
  );
}
