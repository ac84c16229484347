import {
  deviceLoginRequestSchema,
  deviceLoginResponseSchema,
  deviceSessionResponseSchema,
  portalCheckQuerySchema,
  portalCheckResponseSchema,
} from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requirePermission } from '../../platform/auth.ts';
import { unauthorized } from '../../platform/errors.ts';
import type { SessionService } from './session.service.ts';

export async function sessionRoutes(app: AppInstance, sessions: SessionService): Promise<void> {
  app.post(
    '/api/v1/devices/login',
    {
      schema: {
        operationId: 'session.loginDevice',
        summary: 'Log a device in with its code and password',
        tags: ['session'],
        body: deviceLoginRequestSchema,
        response: { 200: deviceLoginResponseSchema },
      },
    },
    (request) => sessions.login(request.body.code, request.body.secret),
  );

  app.post(
    '/api/v1/devices/session',
    {
      preHandler: requirePermission('dashboard:read'),
      schema: {
        operationId: 'session.renewSession',
        summary: "Renew the calling device's session token",
        tags: ['session'],
        response: { 200: deviceSessionResponseSchema },
      },
    },
    (request) => {
      if (!request.auth) throw unauthorized();
      return sessions.refresh(request.auth);
    },
  );

  app.get(
    '/api/dingtalk/check',
    {
      schema: {
        operationId: 'session.checkDingtalk',
        summary: 'Check a DingTalk sign-in code',
        tags: ['session'],
        querystring: portalCheckQuerySchema,
        response: { 200: portalCheckResponseSchema },
      },
    },
    async (request) => {
      const valid = await sessions.portalTokenValid(request.query.token);
      return valid
        ? { status: 'ok' as const, data: { code: 200 as const } }
        : { status: 'invalid' as const, data: { code: 401 as const } };
    },
  );
}
