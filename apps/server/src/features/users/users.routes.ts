import {
  passwordChangeSchema,
  userCreateSchema,
  userIdParamsSchema,
  userLoginRequestSchema,
  userLoginResponseSchema,
  userPasswordResetSchema,
  userSchema,
  userSessionSchema,
  usersResponseSchema,
  userUpdateSchema,
} from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { AppError, unauthorized } from '../../platform/errors.ts';
import { answer, noBody, noContent, op } from '../../platform/operation.ts';
import type { UsersService } from './users.service.ts';

/** Password login and sessions of shore users, and the admins' account administration (`users:write`). */
export async function usersRoutes(app: AppInstance, users: UsersService): Promise<void> {
  const by = (request: { auth: { device: { code: string } } | undefined }) =>
    request.auth?.device.code ?? null;

  app.post(
    '/api/v1/auth/login',
    op(null, 'users.loginUser', 'Log a shore user in', {
      body: userLoginRequestSchema,
      200: userLoginResponseSchema,
    }),
    async (request, reply) => {
      try {
        return await users.login(request.body.username, request.body.password, request.ip);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 429) {
          const { retryAfterSeconds } = error.details as { retryAfterSeconds: number };
          reply.header('retry-after', String(retryAfterSeconds));
        }
        throw error;
      }
    },
  );
  app.get(
    '/api/v1/auth/session',
    op('dashboard:read', 'users.getSession', "Read the calling user's session", { 200: userSessionSchema }),
    (request) => {
      if (!request.auth) throw unauthorized();
      return users.session(request.auth);
    },
  );
  app.post(
    '/api/v1/auth/password',
    op('dashboard:read', 'users.changeOwnPassword', "Change the calling user's password", {
      body: passwordChangeSchema,
      204: noBody,
    }),
    async (request, reply) => {
      if (!request.auth) throw unauthorized();
      try {
        await users.changeOwnPassword(request.auth, request.body, request.ip);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 429) {
          const { retryAfterSeconds } = error.details as { retryAfterSeconds: number };
          reply.header('retry-after', String(retryAfterSeconds));
        }
        throw error;
      }
      return reply.status(204).send();
    },
  );
  app.post(
    '/api/v1/auth/logout',
    op('dashboard:read', 'users.logoutUser', "End the calling user's session", { 204: noBody }),
    noContent(async (request) => {
      if (!request.auth) throw unauthorized();
      await users.logout(request.auth);
    }),
  );

  app.get(
    '/api/v1/users',
    op('users:write', 'users.listUsers', "List the shore's user accounts", { 200: usersResponseSchema }),
    async () => ({
      items: await users.list(),
    }),
  );
  app.post(
    '/api/v1/users',
    op('users:write', 'users.createUser', 'Create a user account', {
      body: userCreateSchema,
      201: userSchema,
    }),
    answer(201, (request) => users.create(request.body, by(request))),
  );
  app.patch(
    '/api/v1/users/:id',
    op('users:write', 'users.updateUser', "Change a user's role, name or state", {
      params: userIdParamsSchema,
      body: userUpdateSchema,
      200: userSchema,
    }),
    (request) => users.update(request.params.id, request.body, by(request)),
  );
  app.post(
    '/api/v1/users/:id/password',
    op('users:write', 'users.resetPassword', 'Set a new password for a user', {
      params: userIdParamsSchema,
      body: userPasswordResetSchema,
      204: noBody,
    }),
    noContent((request) => users.resetPassword(request.params.id, request.body.password, by(request))),
  );
}
