import type { Device, Permission } from '@ecohelm/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './errors.ts';

/** Who is calling: the device behind a live token and what it may do. */
export interface AuthContext {
  device: Device;
  permissions: Permission[];
  expiresAt: string;
}

/** Turns a token into its caller; the session feature provides it. */
export interface TokenAuthenticator {
  authenticate(token: string): Promise<(AuthContext & { tokenId: number }) | undefined>;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: (AuthContext & { tokenId: number }) | undefined;
  }
}

/** `/api` routes that answer without a token. */
const publicApi = new Set(['/api/health', '/api/v1/config', '/api/v1/devices/login', '/api/dingtalk/check']);

const isPublic = (url: string) => {
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

/** Every `/api` route except the public ones requires a live device token. */
export function registerAuth(app: FastifyInstance, sessions: TokenAuthenticator): void {
  app.decorateRequest('auth', undefined);
  app.addHook('onRequest', async (request) => {
    if (isPublic(request.url)) return;
    const token = tokenOf(request);
    const auth = token ? await sessions.authenticate(token) : undefined;
    if (!auth) throw unauthorized();
    request.auth = auth;
  });
}

/** A preHandler that refuses requests whose device lacks `permission` (403). */
export function requirePermission(permission: Permission) {
  return async (request: FastifyRequest) => {
    if (!request.auth) throw unauthorized();
    if (!request.auth.permissions.includes(permission)) throw forbidden();
  };
}
