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
import { requirePermission } from '../../platform/auth.ts';
import { AppError, unauthorized } from '../../platform/errors.ts';
import type { UsersService } from './users.service.ts';

/** Password login and sessions of shore users, and the admins' account administration (`users:write`). */
export async function usersRoutes(app: AppInstance, users: UsersService): Promise<void> {
  const tags = ['users'];
  const read = { preHandler: requirePermission('dashboard:read') };
  const admin = { preHandler: requirePermission('users:write') };
  const by = (request: { auth: { device: { code: string } } | undefined }) =>
    request.auth?.device.code ?? null;

  app.post(
    '/api/v1/auth/login',
    {
      schema: {
        operationId: 'users.loginUser',
        summary: 'Log a shore user in',
        tags,
        body: userLoginRequestSchema,
        response: { 200: userLoginResponseSchema },
      },
    },
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
    {
      ...read,
      schema: {
        operationId: 'users.getSession',
        summary: "Read the calling user's session",
        tags,
        response: { 200: userSessionSchema },
      },
    },
    (request) => {
      if (!request.auth) throw unauthorized();
      return users.session(request.auth);
    },
  );
  app.post(
    '/api/v1/auth/password',
    {
      ...read,
      schema: {
        operationId: 'users.changeOwnPassword',
        summary: "Change the calling user's password",
        tags,
        body: passwordChangeSchema,
      },
    },
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
    { ...read, schema: { operationId: 'users.logoutUser', summary: "End the calling user's session", tags } },
    async (request, reply) => {
      if (!request.auth) throw unauthorized();
      await users.logout(request.auth);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/v1/users',
    {
      ...admin,
      schema: {
        operationId: 'users.listUsers',
        summary: "List the shore's user accounts",
        tags,
        response: { 200: usersResponseSchema },
      },
    },
    async () => ({
      items: await users.list(),
    }),
  );
  app.post(
    '/api/v1/users',
    {
      ...admin,
      schema: {
        operationId: 'users.createUser',
        summary: 'Create a user account',
        tags,
        body: userCreateSchema,
        response: { 201: userSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await users.create(request.body, by(request))),
  );
  app.patch(
    '/api/v1/users/:id',
    {
      ...admin,
      schema: {
        operationId: 'users.updateUser',
        summary: "Change a user's role, name or state",
        tags,
        params: userIdParamsSchema,
        body: userUpdateSchema,
        response: { 200: userSchema },
      },
    },
    (request) => users.update(request.params.id, request.body, by(request)),
  );
  app.post(
    '/api/v1/users/:id/password',
    {
      ...admin,
      schema: {
        operationId: 'users.resetPassword',
        summary: 'Set a new password for a user',
        tags,
        params: userIdParamsSchema,
        body: userPasswordResetSchema,
      },
    },
    async (request, reply) => {
      await users.resetPassword(request.params.id, request.body.password, by(request));
      return reply.status(204).send();
    },
  );
}
