import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  permissions as allPermissions,
  type PasswordChange,
  type Permission,
  type User,
  type UserCreate,
  type UserLoginResponse,
  type UserRole,
  type UserSession,
  type UserUpdate,
  userMessages,
} from '@ecohelm/contracts';
import type { AuthContext } from '../../platform/auth.ts';
import {
  AppError,
  conflict,
  notFound,
  tooManyAttempts,
  unauthorized,
  validationFailed,
} from '../../platform/errors.ts';
import { LoginLimiter } from './users.limiter.ts';
import { burnVerification, hashPassword, passwordMatches } from './users.passwords.ts';
import type { UserRow, UsersRepository } from './users.repository.ts';

/** A user session ends this long after its last use (sliding)… */
export const USER_SESSION_IDLE_MS = 12 * 3600_000;
/** …and at the latest this long after the login. */
export const USER_SESSION_MAX_MS = 7 * 24 * 3600_000;
/** A session's use is written back at most this often (not on every request). */
const TOUCH_EVERY_MS = 60_000;

/** User session tokens start with this, so the authenticator asks the right table. */
export const USER_TOKEN_PREFIX = 'u.';

/** What each shore role may do (docs/decisions.md, "Shore accounts"); checked on the server for every route. */
export const userRolePermissions: Record<UserRole, readonly Permission[]> = {
  viewer: ['dashboard:read', 'fleet:read'],
  superintendent: ['dashboard:read', 'fleet:read', 'alarms:acknowledge', 'ship:write', 'reports:export'],
  emission_manager: [
    'dashboard:read',
    'fleet:read',
    'alarms:acknowledge',
    'ship:write',
    'reports:export',
    'records:write',
  ],
  admin: allPermissions,
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const toUser = (row: UserRow): User => ({
  id: row.id,
  username: row.username,
  displayName: row.display_name,
  role: row.role,
  disabled: row.disabled === 1,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Shore accounts: password login with lockout, sessions, and the admins' account administration. */
export class UsersService {
  readonly #repo: UsersRepository;
  readonly #now: () => Date;
  readonly #limiter: LoginLimiter;

  constructor(repo: UsersRepository, options: { now?: () => Date; limiter?: LoginLimiter } = {}) {
    this.#repo = repo;
    this.#now = options.now ?? (() => new Date());
    this.#limiter = options.limiter ?? new LoginLimiter(() => this.#now().getTime());
  }

  /**
   * Checks name and password. An unknown name, a wrong password and a disabled account get the same 401 after the
   * same work; the failure that reaches the limit, and every attempt while locked, get 429.
   */
  async login(username: string, password: string, address: string): Promise<UserLoginResponse> {
    const keys = { account: username, address };
    const wait = this.#limiter.retryAfterMs(keys);
    if (wait > 0) throw tooManyAttempts(userMessages.tooManyAttempts, Math.ceil(wait / 1000));
    const row = await this.#repo.findByUsername(username);
    const matches = row
      ? await passwordMatches(row.password_hash, password)
      : await burnVerification(password);
    if (!row || !matches || row.disabled === 1) {
      const locked = this.#limiter.fail(keys);
      if (locked > 0) throw tooManyAttempts(userMessages.tooManyAttempts, Math.ceil(locked / 1000));
      throw unauthorized(userMessages.badLogin);
    }
    this.#limiter.succeed(keys);
    const now = this.#now();
    const token = `${USER_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const expiresAt = new Date(now.getTime() + USER_SESSION_IDLE_MS).toISOString();
    await this.#repo.insertSession({
      token_hash: hashToken(token),
      user_id: row.id,
      expires_at: expiresAt,
      max_expires_at: new Date(now.getTime() + USER_SESSION_MAX_MS).toISOString(),
      created_at: now.toISOString(),
    });
    const user = toUser(row);
    return {
      token,
      user,
      permissions: [...userRolePermissions[user.role]],
      expiresAt,
      serverTime: now.toISOString(),
    };
  }

  /** Resolves a user session token; slides its expiry (at most once a minute, never past its maximum). */
  async authenticate(token: string): Promise<AuthContext | undefined> {
    const now = this.#now();
    const row = await this.#repo.findLiveSession(hashToken(token), now.toISOString());
    if (!row) return undefined;
    let expiresAt = row.expires_at;
    if (now.getTime() - Date.parse(row.last_seen_at) >= TOUCH_EVERY_MS) {
      const slid = Math.min(now.getTime() + USER_SESSION_IDLE_MS, Date.parse(row.max_expires_at));
      expiresAt = new Date(slid).toISOString();
      await this.#repo.touchSession(row.sessionId, now.toISOString(), expiresAt);
    }
    const user = toUser(row);
    return {
      kind: 'user',
      user,
      device: { id: user.id, code: user.username, name: user.displayName },
      permissions: [...userRolePermissions[user.role]],
      expiresAt,
      tokenId: row.sessionId,
    };
  }

  /** GET /api/v1/auth/session: the signed-in user and what they may do. */
  session(auth: AuthContext): UserSession {
    if (auth.kind !== 'user') throw unauthorized('A user session is required.');
    return {
      user: auth.user,
      permissions: auth.permissions,
      expiresAt: auth.expiresAt,
      serverTime: this.#now().toISOString(),
    };
  }

  /** Ends the session (its token stops working at once). */
  async logout(auth: AuthContext): Promise<void> {
    if (auth.kind !== 'user') throw unauthorized('A user session is required.');
    await this.#repo.deleteSession(auth.tokenId);
  }

  async list(): Promise<User[]> {
    return (await this.#repo.list()).map(toUser);
  }

  /** Adds an account; a taken user name is a 409 on the `username` field. */
  async create(input: UserCreate, by: string | null): Promise<User> {
    if (await this.#repo.findByUsername(input.username)) {
      throw conflict(userMessages.nameTaken, [{ path: 'body.username', message: userMessages.nameTaken }]);
    }
    const now = this.#now().toISOString();
    const row: UserRow = {
      id: randomUUID(),
      username: input.username,
      display_name: input.displayName,
      role: input.role,
      password_hash: await hashPassword(input.password),
      disabled: 0,
      created_at: now,
      updated_at: now,
      updated_by: by,
    };
    await this.#repo.insert(row);
    return toUser(row);
  }

  /**
   * Changes the display name, role or disabled flag. Disabling ends the user's sessions; a role change applies to
   * the next request (permissions are read with the session). The last active admin stays an active admin.
   */
  async update(id: string, changes: UserUpdate, by: string | null): Promise<User> {
    const row = await this.#repo.findById(id);
    if (!row) throw notFound('No such user.');
    const losesAdmin =
      row.role === 'admin' &&
      row.disabled === 0 &&
      ((changes.role !== undefined && changes.role !== 'admin') || changes.disabled === true);
    if (losesAdmin && (await this.#repo.countActiveAdmins()) <= 1) {
      const path = changes.disabled === true ? 'body.disabled' : 'body.role';
      throw new AppError('conflict', 409, userMessages.lastAdmin, [
        { path, message: userMessages.lastAdmin },
      ]);
    }
    await this.#repo.update(id, {
      ...(changes.displayName !== undefined ? { display_name: changes.displayName } : {}),
      ...(changes.role !== undefined ? { role: changes.role } : {}),
      ...(changes.disabled !== undefined ? { disabled: changes.disabled ? 1 : 0 } : {}),
      updated_at: this.#now().toISOString(),
      updated_by: by,
    });
    if (changes.disabled === true) await this.#repo.deleteSessionsOf(id);
    return toUser((await this.#repo.findById(id))!);
  }

  /**
   * The signed-in user's own new password, given the current one: the other sessions of the user end, this one
   * stays. A wrong current password counts as a failed login of the account (the same limit, then 429).
   */
  async changeOwnPassword(auth: AuthContext, change: PasswordChange, address: string): Promise<void> {
    if (auth.kind !== 'user') throw unauthorized('A user session is required.');
    const keys = { account: auth.user.username, address };
    const wait = this.#limiter.retryAfterMs(keys);
    if (wait > 0) throw tooManyAttempts(userMessages.tooManyAttempts, Math.ceil(wait / 1000));
    const row = await this.#repo.findById(auth.user.id);
    if (!row || !(await passwordMatches(row.password_hash, change.currentPassword))) {
      const locked = this.#limiter.fail(keys);
      if (locked > 0) throw tooManyAttempts(userMessages.tooManyAttempts, Math.ceil(locked / 1000));
      throw validationFailed(userMessages.wrongPassword, [
        { path: 'body.currentPassword', message: userMessages.wrongPassword },
      ]);
    }
    this.#limiter.succeed(keys);
    await this.#repo.update(row.id, {
      password_hash: await hashPassword(change.newPassword),
      updated_at: this.#now().toISOString(),
      updated_by: row.username,
    });
    await this.#repo.deleteSessionsOf(row.id, auth.tokenId);
  }

  /** Sets a new password and ends the user's sessions. */
  async resetPassword(id: string, password: string, by: string | null): Promise<void> {
    const row = await this.#repo.findById(id);
    if (!row) throw notFound('No such user.');
    await this.#repo.update(id, {
      password_hash: await hashPassword(password),
      updated_at: this.#now().toISOString(),
      updated_by: by,
    });
    await this.#repo.deleteSessionsOf(id);
  }

  /**
   * The command line's `ecohelm user add` and the first start's `ECOHELM_ADMIN_USER`: adds the account, or when the
   * name exists sets its role and password and enables it (how a locked-out admin gets back in).
   */
  async upsert(input: UserCreate): Promise<{ user: User; created: boolean }> {
    const existing = await this.#repo.findByUsername(input.username);
    if (!existing) return { user: await this.create(input, null), created: true };
    await this.#repo.update(existing.id, {
      display_name: input.displayName,
      role: input.role,
      disabled: 0,
      password_hash: await hashPassword(input.password),
      updated_at: this.#now().toISOString(),
      updated_by: null,
    });
    await this.#repo.deleteSessionsOf(existing.id);
    return { user: toUser((await this.#repo.findById(existing.id))!), created: false };
  }

  /** True when no account exists yet (the first start of a shore). */
  async isEmpty(): Promise<boolean> {
    return (await this.#repo.list()).length === 0;
  }

  async pruneExpiredSessions(): Promise<void> {
    await this.#repo.deleteExpiredSessions(this.#now().toISOString());
  }
}
