import {
  deviceLoginRequestSchema,
  deviceLoginResponseSchema,
  deviceSessionResponseSchema,
  portalCheckQuerySchema,
  portalCheckResponseSchema,
} from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { unauthorized } from '../../platform/errors.ts';
import { op } from '../../platform/operation.ts';
import type { SessionService } from './session.service.ts';

export async function sessionRoutes(app: AppInstance, sessions: SessionService): Promise<void> {
  app.post(
    '/api/v1/devices/login',
    op(null, 'session.loginDevice', 'Log a device in with its code and password', {
      body: deviceLoginRequestSchema,
      200: deviceLoginResponseSchema,
    }),
    (request) => sessions.login(request.body.code, request.body.secret),
  );

  app.post(
    '/api/v1/devices/session',
    op('dashboard:read', 'session.renewSession', "Renew the calling device's session token", {
      200: deviceSessionResponseSchema,
    }),
    (request) => {
      if (!request.auth) throw unauthorized();
      return sessions.refresh(request.auth);
    },
  );

  app.get(
    '/api/dingtalk/check',
    op(null, 'session.checkDingtalk', 'Check a DingTalk sign-in code', {
      query: portalCheckQuerySchema,
      200: portalCheckResponseSchema,
    }),
    async (request) => {
      const valid = await sessions.portalTokenValid(request.query.token);
      return valid
        ? { status: 'ok' as const, data: { code: 200 as const } }
        : { status: 'invalid' as const, data: { code: 401 as const } };
    },
  );
}
