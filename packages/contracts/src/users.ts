import { z } from 'zod';
import { userMessages } from './messages.ts';
import { sessionFields } from './session.ts';

/**
 * Shore user accounts (fleet shape). Each role maps to a set of permissions on the server
 * (docs/decisions.md, "Shore accounts"): viewer reads; superintendent also writes ship data and exports;
 * emission manager also verifies and returns records; admin may do everything, users included.
 */
export const userRoles = ['admin', 'emission_manager', 'superintendent', 'viewer'] as const;
export const userRoleSchema = z.enum(userRoles);
export type UserRole = z.infer<typeof userRoleSchema>;

export { userMessages };

/** User names are compared in lower case; what the user types is trimmed and lower-cased. */
export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._-]{3,32}$/, userMessages.badUsername);
export const passwordSchema = z.string().min(10, userMessages.shortPassword).max(256);

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  role: userRoleSchema,
  disabled: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type User = z.infer<typeof userSchema>;

/** POST /api/v1/auth/login — user name and password from the shore's /login page. */
export const userLoginRequestSchema = z.object({
  // Not the strict user-name rule: a wrong name answers like a wrong password (no user enumeration).
  username: z.string().trim().toLowerCase().min(1).max(64),
  password: z.string().min(1).max(256),
});
export type UserLoginRequest = z.infer<typeof userLoginRequestSchema>;

/** The signed-in user's session: POST /api/v1/auth/login answers it with the token, GET /api/v1/auth/session without. */
export const userSessionSchema = z.object({ user: userSchema, ...sessionFields });
export type UserSession = z.infer<typeof userSessionSchema>;
export const userLoginResponseSchema = userSessionSchema.extend({
  /** The session token, sent as `Authorization: Bearer` like the device token. */
  token: z.string(),
});
export type UserLoginResponse = z.infer<typeof userLoginResponseSchema>;

/** POST /api/v1/users — an admin adds an account. */
export const userCreateSchema = z.object({
  username: usernameSchema,
  displayName: z.string().trim().min(1).max(64),
  role: userRoleSchema,
  password: passwordSchema,
});
export type UserCreate = z.infer<typeof userCreateSchema>;

/** PATCH /api/v1/users/:id — change the role, the display name, or disable / enable the account. */
export const userUpdateSchema = z
  .object({
    displayName: z.string().trim().min(1).max(64),
    role: userRoleSchema,
    disabled: z.boolean(),
  })
  .partial();
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** POST /api/v1/users/:id/password — an admin sets a new password; the user's sessions end. */
export const userPasswordResetSchema = z.object({ password: passwordSchema });
export type UserPasswordReset = z.infer<typeof userPasswordResetSchema>;

/** POST /api/v1/auth/password: a signed-in user changes their own password. */
export const passwordChangeSchema = z
  .object({ currentPassword: z.string().min(1).max(256), newPassword: passwordSchema })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: userMessages.samePassword,
    path: ['newPassword'],
  });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const userIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const usersResponseSchema = z.object({ items: z.array(userSchema) });
export type UsersResponse = z.infer<typeof usersResponseSchema>;
