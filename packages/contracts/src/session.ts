import { z } from 'zod';

/**
 * Permissions a device or user may hold; every `/api` route but the public ones checks one on the server
 * (reads `dashboard:read`, the fleet's routes `fleet:read`, account administration `users:write`, the fleet's intake (registering and
 * retiring ships, dead letters) `fleet:admin`).
 */
export const permissions = [
  'dashboard:read',
  'alarms:acknowledge',
  'records:write',
  'ship:write',
  'reports:export',
  'settings:write',
  'fleet:read',
  'users:write',
  'fleet:admin',
] as const;
export const permissionSchema = z.enum(permissions);
export type Permission = z.infer<typeof permissionSchema>;

/** What every session answer (a device's, a user's) carries besides who it is. */
export const sessionFields = {
  permissions: z.array(permissionSchema),
  expiresAt: z.iso.datetime(),
  serverTime: z.iso.datetime(),
};

export const deviceSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  role: z.enum(['crew', 'viewer', 'admin']),
});
export type Device = z.infer<typeof deviceSchema>;

/** POST /api/v1/devices/login — device code + secret from the /dcLogin page. */
export const deviceLoginRequestSchema = z.object({
  code: z.string().trim().min(1).max(32),
  secret: z.string().min(1).max(128),
});
export type DeviceLoginRequest = z.infer<typeof deviceLoginRequestSchema>;

export const deviceLoginResponseSchema = z.object({
  /** The device token, stored by the console under `dcToken`. */
  dcToken: z.string(),
  /** A portal access token for the same device (checked by GET /api/dingtalk/check). */
  accessToken: z.string(),
  expiresAt: z.iso.datetime(),
  device: deviceSchema,
});
export type DeviceLoginResponse = z.infer<typeof deviceLoginResponseSchema>;

/** POST /api/v1/devices/session — the session routine, sent at once and every 5 s with the device token. */
export const deviceSessionResponseSchema = z.object({ device: deviceSchema, ...sessionFields });
export type DeviceSessionResponse = z.infer<typeof deviceSessionResponseSchema>;

/** GET /api/dingtalk/check?token= — always HTTP 200; `data.code` is 401 for an unknown or expired portal token. */
export const portalCheckQuerySchema = z.object({ token: z.string().max(512).optional() });
export const portalCheckResponseSchema = z.object({
  status: z.enum(['ok', 'invalid']),
  data: z.object({ code: z.union([z.literal(200), z.literal(401)]) }),
});
export type PortalCheckResponse = z.infer<typeof portalCheckResponseSchema>;
