import { createHash, randomBytes, randomUUID, scryptSync, timingSafeEqual } from 'node:crypto';
import type { Device, DeviceLoginResponse, DeviceSessionResponse, Permission } from '@ecohelm/contracts';
import type { AuthContext } from '../../platform/auth.ts';
import { unauthorized } from '../../platform/errors.ts';
import type { SessionRepository } from './session.repository.ts';

/** A device token stays valid this long after its last use (sliding). */
export const DEVICE_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;
/** Portal access tokens are valid this long from login (not sliding). */
export const PORTAL_TOKEN_TTL_MS = 12 * 3600 * 1000;

/** What each role may do; checked on the server for every write. */
export const rolePermissions: Record<Device['role'], Permission[]> = {
  viewer: ['dashboard:read'],
  crew: ['dashboard:read', 'alarms:acknowledge', 'records:write', 'ship:write', 'reports:export'],
  admin: [
    'dashboard:read',
    'alarms:acknowledge',
    'records:write',
    'ship:write',
    'reports:export',
    'settings:write',
  ],
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export function hashSecret(secret: string): string {
  const salt = randomBytes(16);
  return `${salt.toString('hex')}:${scryptSync(secret, salt, 32).toString('hex')}`;
}

function secretMatches(secret: string, stored: string): boolean {
  const [saltHex, hashHex] = stored.split(':');
  if (!saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = scryptSync(secret, Buffer.from(saltHex, 'hex'), expected.length);
  return timingSafeEqual(expected, actual);
}

/** Device registration, login, the 5-second session routine and the portal check. */
export class SessionService {
  readonly #repo: SessionRepository;
  readonly #now: () => Date;
  readonly #extra: readonly Permission[];

  /** `extraPermissions`: held by every role besides its own (a shore server gives its devices `fleet:read`). */
  constructor(
    repo: SessionRepository,
    now: () => Date = () => new Date(),
    extraPermissions: readonly Permission[] = [],
  ) {
    this.#repo = repo;
    this.#now = now;
    this.#extra = extraPermissions;
  }

  /** Creates the device, or resets its secret when it exists. */
  async registerDevice(input: {
    code: string;
    name: string;
    role: Device['role'];
    secret: string;
  }): Promise<Device> {
    const existing = await this.#repo.findDeviceByCode(input.code);
    if (existing) {
      await this.#repo.updateDeviceSecret(existing.id, hashSecret(input.secret));
      return { id: existing.id, code: existing.code, name: existing.name, role: existing.role };
    }
    const device: Device = { id: randomUUID(), code: input.code, name: input.name, role: input.role };
    await this.#repo.insertDevice({
      ...device,
      secret_hash: hashSecret(input.secret),
      created_at: this.#now().toISOString(),
    });
    return device;
  }

  async login(code: string, secret: string): Promise<DeviceLoginResponse> {
    const row = await this.#repo.findDeviceByCode(code);
    if (!row || !secretMatches(secret, row.secret_hash)) {
      throw unauthorized('The device code or secret is wrong.');
    }
    const device: Device = { id: row.id, code: row.code, name: row.name, role: row.role };
    const { token: dcToken, expiresAt } = await this.issueToken(device.id, 'device');
    const { token: accessToken } = await this.issueToken(device.id, 'portal');
    return { dcToken, accessToken, expiresAt, device };
  }

  async issueToken(
    deviceId: string,
    kind: 'device' | 'portal',
  ): Promise<{ token: string; expiresAt: string }> {
    const now = this.#now();
    const ttl = kind === 'device' ? DEVICE_TOKEN_TTL_MS : PORTAL_TOKEN_TTL_MS;
    const token = newToken();
    const expiresAt = new Date(now.getTime() + ttl).toISOString();
    await this.#repo.insertToken({
      token_hash: hashToken(token),
      device_id: deviceId,
      kind,
      expires_at: expiresAt,
      created_at: now.toISOString(),
    });
    return { token, expiresAt };
  }

  /** Resolves a device token to its device and permissions, or undefined when unknown or expired. */
  async authenticate(token: string): Promise<(AuthContext & { tokenId: number }) | undefined> {
    const row = await this.#repo.findLiveToken(hashToken(token), 'device', this.#now().toISOString());
    if (!row) return undefined;
    const device: Device = { id: row.id, code: row.code, name: row.name, role: row.role };
    return {
      device,
      permissions: [...rolePermissions[device.role], ...this.#extra],
      expiresAt: row.expires_at,
      tokenId: row.tokenId,
    };
  }

  /** The session routine: validates and slides the token's expiry. */
  async refresh(auth: AuthContext & { tokenId: number }): Promise<DeviceSessionResponse> {
    const now = this.#now();
    const expiresAt = new Date(now.getTime() + DEVICE_TOKEN_TTL_MS).toISOString();
    await this.#repo.touchToken(auth.tokenId, now.toISOString(), expiresAt);
    return { device: auth.device, permissions: auth.permissions, expiresAt, serverTime: now.toISOString() };
  }

  /** True when the portal token is known and not expired. */
  async portalTokenValid(token: string | undefined): Promise<boolean> {
    if (!token) return false;
    return (
      (await this.#repo.findLiveToken(hashToken(token), 'portal', this.#now().toISOString())) !== undefined
    );
  }
}
