import type { AuditActor, Device, Permission, User } from '@ecohelm/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './errors.ts';

/**
 * Who is calling and what it may do: a console's device (device token, the vessel shape) or a shore user (user
 * session token, the fleet shape). `device` is the caller as features record it either way: for a user it holds
 * the user's id, the user name as `code` and the display name.
 */
export type AuthContext = {
  permissions: Permission[];
  expiresAt: string;
  /** The token's row (device token or user session), for refreshing or revoking it. */
  tokenId: number;
} & (
  | { kind: 'device'; device: Device }
  | { kind: 'user'; device: { id: string; code: string; name: string }; user: User }
);

/** Turns a token into its caller; the session and users features provide it. */
export interface TokenAuthenticator {
  authenticate(token: string): Promise<AuthContext | undefined>;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | undefined;
  }
}

/** `/api` routes that answer without a token. */
export const publicApi = new Set([
  '/api/health',
  '/api/v1/config',
  '/api/v1/devices/login',
  '/api/v1/auth/login',
  '/api/dingtalk/check',
]);

/** True for paths that need no token: the web app, the public `/api` routes and the API's documentation. */
export const isPublic = (url: string) => {
  const path = url.split('?')[0] ?? url;
  return !path.startsWith('/api/') || publicApi.has(path) || path.startsWith('/api/docs');
};

/** Reads the device token from `Authorization: Bearer`, or `?dcToken=` for EventSource/WebSocket clients. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.dcToken === 'string' && query.dcToken ? query.dcToken : undefined;
}

/** A route as registered, with the permission its `preHandler` checks (undefined: none). */
export interface GuardedRoute {
  method: string;
  url: string;
  permission: Permission | undefined;
}

const guardedRoutes = new WeakMap<FastifyInstance, GuardedRoute[]>();
const permissionOfGuard = new WeakMap<object, Permission>();

/** Every route registered after `registerAuth`, with its permission check (the route-walk test reads it). */
export function routeGuards(app: FastifyInstance): readonly GuardedRoute[] {
  return guardedRoutes.get(app) ?? [];
}

/**
 * Every `/api` route except the public ones requires a live token (device or user); each route then checks its
 * permission with `requirePermission` in its `preHandler`, which the `onRoute` hook records per route.
 */
export function registerAuth(app: FastifyInstance, sessions: TokenAuthenticator): void {
  const routes: GuardedRoute[] = [];
  guardedRoutes.set(app, routes);
  app.addHook('onRoute', (route) => {
    const handlers = [route.preHandler ?? []].flat();
    const guards = handlers.filter((h) => permissionOfGuard.has(h));
    const permission = guards.map((h) => permissionOfGuard.get(h)).find((p) => p !== undefined);
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, permission });
    if (guards.length === 0) return;
    // The permission is checked before the body is validated: a caller without it learns nothing from a 400.
    route.preHandler = handlers.filter((h) => !permissionOfGuard.has(h));
    route.preValidation = [...guards, ...[route.preValidation ?? []].flat()];
  });
  app.decorateRequest('auth', undefined);
  app.addHook('onRequest', async (request) => {
    if (isPublic(request.url)) return;
    const token = tokenOf(request);
    const auth = token ? await sessions.authenticate(token) : undefined;
    if (!auth) throw unauthorized();
    request.auth = auth;
  });
}

/** A preHandler that refuses requests whose device or user lacks `permission` (403). */
export function requirePermission(permission: Permission) {
  const guard = async (request: FastifyRequest) => {
    if (!request.auth) throw unauthorized();
    if (!request.auth.permissions.includes(permission)) throw forbidden();
  };
  permissionOfGuard.set(guard, permission);
  return guard;
}

/** Who is making a change, as the audit trail keeps it: the device's code or the user's name. */
export function actorOfRequest(request: FastifyRequest): AuditActor | null {
  const auth = request.auth;
  return auth ? { kind: auth.kind, name: auth.device.code } : null;
}
