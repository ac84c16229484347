import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginLimiter } from '../src/features/users/users.limiter.ts';
import { UsersRepository } from '../src/features/users/users.repository.ts';
import {
  USER_SESSION_IDLE_MS,
  USER_SESSION_MAX_MS,
  UsersService,
  userRolePermissions,
} from '../src/features/users/users.service.ts';
import { isPublic, routeGuards } from '../src/platform/auth.ts';
import { loadConfig } from '../src/platform/config.ts';
import { expectRefusedWith, get, post, put, userLogin } from './http.ts';
import { createTestApp, storeKinds, type TestApp, viewerAuth } from './stores.ts';

const ADMIN_PASSWORD = 'correct horse battery';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.each(storeKinds)('shore accounts on %s', (kind) => {
  let t: TestApp;
  let admin: { authorization: string };
  const login = async (username: string, password: string) => (await userLogin(t, username, password)).login;
  const addUser = async (username: string, role: string, password = `${username}-password`) => {
    const res = await post(
      t,
      '/api/v1/users',
      { username, displayName: username.toUpperCase(), role, password },
      admin,
    );
    expect(res.statusCode).toBe(201);
    const session = await login(username, password);
    expect(session.statusCode).toBe(200);
    return { id: res.json().id as string, headers: bearer(session.json().token) };
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { shore: true });
    await t.services.users.upsert({
      username: 'admin',
      displayName: 'Admin',
      role: 'admin',
      password: ADMIN_PASSWORD,
    });
    const res = await login('Admin ', ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    admin = bearer(res.json().token);
  });
  afterAll(() => t.close());

  it('tells the console that this server is a shore', async () => {
    expect((await get(t, '/api/v1/config', {})).json().shape).toBe('fleet');
  });

  it('logs in with name and password and answers the session with the role’s permissions', async () => {
    const res = await login('admin', ADMIN_PASSWORD);
    const body = res.json();
    expect(body.token).toMatch(/^u\.[\w-]{40,}$/);
    expect(body.user).toMatchObject({ username: 'admin', role: 'admin', disabled: false });
    expect(body.permissions).toContain('users:write');
    const session = await get(t, '/api/v1/auth/session', bearer(body.token));
    expect(session.statusCode).toBe(200);
    expect(session.json().user.username).toBe('admin');
    expect(session.json().permissions).toEqual(userRolePermissions.admin);
  });

  it('stores an argon2id hash, never the password, and only a digest of the session token', async () => {
    const row = await t.testStore.store.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(ADMIN_PASSWORD);
    const token = (await login('admin', ADMIN_PASSWORD)).json().token as string;
    const sessions = await t.testStore.store.db.selectFrom('user_sessions').select('token_hash').execute();
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.map((s) => s.token_hash)).not.toContain(token);
    expect(sessions.every((s) => /^[0-9a-f]{64}$/.test(s.token_hash))).toBe(true);
  });

  it('answers an unknown name and a wrong password alike', async () => {
    const unknown = await login('nobody', 'whatever-password');
    const wrong = await login('admin', 'wrong-password');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json().error.message).toBe('The user name or password is wrong.');
    expect(wrong.json().error.message).toBe(unknown.json().error.message);
    expect(wrong.json().error.code).toBe(unknown.json().error.code);
  });

  it('refuses bad account entries with 400/409 on the field, and keeps the names unique', async () => {
    /** Adds the account `over` changes from a valid viewer's. */
    const addAccount = (over: Record<string, unknown>) =>
      post(
        t,
        '/api/v1/users',
        { username: 'x-viewer', displayName: 'X', role: 'viewer', password: 'long enough pw', ...over },
        admin,
      );
    expectRefusedWith(
      await addAccount({ username: 'A b', password: 'short' }),
      ['body.username', 'Use 3 to 32 characters: lower-case letters, digits, dot, dash or underscore.'],
      ['body.password', 'The password needs at least 10 characters.'],
    );
    const role = await addAccount({ username: 'x-role', role: 'captain' });
    expect(role.statusCode).toBe(400);
    expect(role.json().error.details[0].path).toBe('body.role');
    const taken = await addAccount({ username: 'ADMIN' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.details).toEqual([
      { path: 'body.username', message: 'This user name is taken.' },
    ]);
  });

  it('lets a viewer read but refuses every write and export with 403', async () => {
    const viewer = await addUser('vera', 'viewer');
    expect((await get(t, '/api/v1/ship', viewer.headers)).statusCode).toBe(200);
    expect((await get(t, '/api/v1/sync/reviews', viewer.headers)).statusCode).toBe(200);
    const allowed = new Set(userRolePermissions.viewer);
    const refused = routeGuards(t.app).filter(
      (r) =>
        r.url.startsWith('/api/') &&
        !isPublic(r.url) &&
        r.method !== 'HEAD' &&
        r.permission !== undefined &&
        !allowed.has(r.permission),
    );
    // Writes of every feature, exports, ingest and the account administration.
    expect(refused.length).toBeGreaterThan(40);
    for (const route of refused) {
      const url = route.url.replace(/:(\w+)/g, (_m, name: string) => (name === 'unit' ? 'me' : 'x'));
      const res = await t.app.inject({
        method: route.method as 'POST',
        url,
        headers: viewer.headers,
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      expect(`${route.method} ${route.url} ${res.statusCode}`).toBe(`${route.method} ${route.url} 403`);
    }
  });

  it('lets a viewer keep its own things: overview factors and alarm read marks, under its own id', async () => {
    const viewer = await addUser('owen', 'viewer');
    const saved = await put(
      t,
      '/api/v1/overview/settings',
      { factors: ['navigation.speedOverGround'], hiddenPanels: [] },
      viewer.headers,
    );
    expect(saved.statusCode).toBe(200);
    const mine = await get(t, '/api/v1/overview/settings', viewer.headers);
    expect(mine.json().factors).toEqual(['navigation.speedOverGround']);
    const admins = await get(t, '/api/v1/overview/settings', admin);
    expect(admins.json().factors).not.toEqual(['navigation.speedOverGround']);
    const read = await post(t, '/api/v1/alarms/read', {}, viewer.headers);
    expect(read.statusCode).toBe(200);
  });

  it("gives each role its permissions: emission manager verifies records, the shore's own particulars are the admin's", async () => {
    const superintendent = await addUser('sam', 'superintendent');
    const manager = await addUser('emma', 'emission_manager');
    const status = async (headers: Record<string, string>, method: 'PUT' | 'POST' | 'GET', url: string) =>
      (await t.app.inject({ method, url, headers, ...(method === 'GET' ? {} : { payload: {} }) })).statusCode;
    // The shore's own particulars are no ship's: a superintendent may not write them (issue 30), an admin may (not
    // 403: the permission passes and the empty body is refused by the contract, 400).
    expect(await status(superintendent.headers, 'PUT', '/api/v1/ship')).toBe(403);
    expect(await status(admin, 'PUT', '/api/v1/ship')).toBe(400);
    expect(await status(superintendent.headers, 'POST', '/api/v1/sync/reviews')).toBe(403);
    expect(await status(superintendent.headers, 'PUT', '/api/v1/eca/settings')).toBe(403);
    expect(await status(manager.headers, 'POST', '/api/v1/sync/reviews')).toBe(400);
    expect(await status(manager.headers, 'PUT', '/api/v1/eca/settings')).toBe(403);
    expect(await status(manager.headers, 'GET', '/api/v1/users')).toBe(403);
    expect(await status(admin, 'PUT', '/api/v1/eca/settings')).toBe(400);
    expect(await status(admin, 'GET', '/api/v1/users')).toBe(200);
  });

  it('keeps devices without fleet:read out of the fleet routes', async () => {
    const device = await viewerAuth(t);
    expect((await get(t, '/api/v1/ship', device)).statusCode).toBe(200);
    expect((await get(t, '/api/v1/sync/reviews', device)).statusCode).toBe(403);
  });

  it('applies a role change at the next request and ends sessions of a disabled account', async () => {
    const user = await addUser('rolf', 'viewer');
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/users/${user.id}`, headers: admin, payload });
    expect((await patch({ role: 'emission_manager' })).json().role).toBe('emission_manager');
    const session = await get(t, '/api/v1/auth/session', user.headers);
    expect(session.json().permissions).toContain('records:write');
    expect((await patch({ disabled: true })).json().disabled).toBe(true);
    expect((await get(t, '/api/v1/ship', user.headers)).statusCode).toBe(401);
    const again = await login('rolf', 'rolf-password');
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toBe('The user name or password is wrong.');
    expect((await patch({ disabled: false })).statusCode).toBe(200);
    expect((await login('rolf', 'rolf-password')).statusCode).toBe(200);
  });

  it('resets a password: old sessions and the old password stop working', async () => {
    const user = await addUser('pete', 'viewer');
    const res = await post(
      t,
      `/api/v1/users/${user.id}/password`,
      { password: 'a brand new password' },
      admin,
    );
    expect(res.statusCode).toBe(204);
    expect((await get(t, '/api/v1/ship', user.headers)).statusCode).toBe(401);
    expect((await login('pete', 'pete-password')).statusCode).toBe(401);
    expect((await login('pete', 'a brand new password')).statusCode).toBe(200);
  });

  it('changes its own password: the current one is checked, its other sessions end, this one stays', async () => {
    const { headers } = await addUser('changer', 'viewer');
    const other = bearer((await login('changer', 'changer-password')).json().token);
    const change = (payload: object, h = headers) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/password', headers: h, payload });
    // Wrong current password: 400 at the field; the same new as the current, or too short: 400 at the new one.
    const wrong = await change({ currentPassword: 'not it at all', newPassword: 'a brand new password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details).toEqual([
      { path: 'body.currentPassword', message: 'The current password is wrong.' },
    ]);
    const same = await change({ currentPassword: 'changer-password', newPassword: 'changer-password' });
    expect(same.statusCode).toBe(400);
    expect(JSON.stringify(same.json().error.details)).toContain(
      'The new password must differ from the current one.',
    );
    expect((await change({ currentPassword: 'changer-password', newPassword: 'short' })).statusCode).toBe(
      400,
    );
    // A device token has no password of its own.
    expect(
      (await change({ currentPassword: 'x', newPassword: 'a brand new password' }, t.auth)).statusCode,
    ).toBe(401);
    const done = await change({ currentPassword: 'changer-password', newPassword: 'a brand new password' });
    expect(done.statusCode, done.body).toBe(204);
    expect((await t.app.inject({ url: '/api/v1/auth/session', headers })).statusCode).toBe(200);
    expect((await get(t, '/api/v1/auth/session', other)).statusCode).toBe(401);
    expect((await login('changer', 'changer-password')).statusCode).toBe(401);
    expect((await login('changer', 'a brand new password')).statusCode).toBe(200);
  });

  it('keeps the last active admin', async () => {
    const list = (await get(t, '/api/v1/users', admin)).json().items as {
      id: string;
      username: string;
    }[];
    const id = list.find((u) => u.username === 'admin')!.id;
    for (const payload of [{ disabled: true }, { role: 'viewer' }]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${id}`,
        headers: admin,
        payload,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(
        'The last active admin cannot be disabled or lose the admin role.',
      );
    }
  });

  it('logs out: the token stops working at once', async () => {
    const token = (await login('admin', ADMIN_PASSWORD)).json().token as string;
    const out = await post(t, '/api/v1/auth/logout', undefined, bearer(token));
    expect(out.statusCode).toBe(204);
    expect((await get(t, '/api/v1/ship', bearer(token))).statusCode).toBe(401);
  });

  it('keeps device tokens and user tokens to their own session routes', async () => {
    expect((await get(t, '/api/v1/auth/session')).statusCode).toBe(401);
    const res = await post(t, '/api/v1/devices/session', undefined, admin);
    expect(res.statusCode).toBe(401);
  });

  it('locks an account after five wrong passwords with 429, also for the right one, and for unknown names alike', async () => {
    await addUser('lock', 'viewer', 'lock-password');
    for (let i = 1; i <= 4; i++) expect((await login('lock', `wrong ${i}`)).statusCode).toBe(401);
    const fifth = await login('lock', 'wrong 5');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error).toMatchObject({
      code: 'too_many_attempts',
      message: 'Too many failed logins. Please wait before trying again.',
      details: { retryAfterSeconds: 900 },
    });
    expect(fifth.headers['retry-after']).toBe('900');
    expect((await login('lock', 'lock-password')).statusCode).toBe(429);
    // Another account from the same address is not locked.
    expect((await login('admin', ADMIN_PASSWORD)).statusCode).toBe(200);
    const ghost = [];
    for (let i = 1; i <= 5; i++) ghost.push((await login('ghost', `wrong ${i}`)).statusCode);
    expect(ghost).toEqual([401, 401, 401, 401, 429]);
  });

  it('expires a session after 12 idle hours, slides it with use, and ends it 7 days after the login', async () => {
    let now = new Date('2026-03-01T00:00:00Z');
    const users = new UsersService(new UsersRepository(t.testStore.store.db), { now: () => now });
    const { token } = await users.login('admin', ADMIN_PASSWORD, '10.0.0.1');
    const later = (ms: number) => {
      now = new Date(now.getTime() + ms);
    };
    later(USER_SESSION_IDLE_MS - 60_000);
    expect(await users.authenticate(token)).toBeDefined();
    // Used just now: good for another 12 hours from here.
    later(USER_SESSION_IDLE_MS - 60_000);
    expect(await users.authenticate(token)).toBeDefined();
    later(USER_SESSION_IDLE_MS + 1000);
    expect(await users.authenticate(token)).toBeUndefined();

    const second = await users.login('admin', ADMIN_PASSWORD, '10.0.0.1');
    const start = now.getTime();
    while (now.getTime() - start < USER_SESSION_MAX_MS - 11 * 3600_000) {
      later(11 * 3600_000);
      expect(await users.authenticate(second.token)).toBeDefined();
    }
    now = new Date(start + USER_SESSION_MAX_MS + 1000);
    expect(await users.authenticate(second.token)).toBeUndefined();
  });

  it('unlocks an account when the lock has run out', async () => {
    let now = new Date('2026-03-01T00:00:00Z');
    const users = new UsersService(new UsersRepository(t.testStore.store.db), { now: () => now });
    for (let i = 0; i < 4; i++)
      await expect(users.login('admin', 'nope', '10.0.0.2')).rejects.toThrow(/wrong/);
    await expect(users.login('admin', 'nope', '10.0.0.2')).rejects.toMatchObject({ statusCode: 429 });
    await expect(users.login('admin', ADMIN_PASSWORD, '10.0.0.2')).rejects.toMatchObject({ statusCode: 429 });
    now = new Date(now.getTime() + 15 * 60_000 + 1);
    expect((await users.login('admin', ADMIN_PASSWORD, '10.0.0.2')).user.username).toBe('admin');
  });
});

describe('login limit behind a reverse proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { shore: true, trustProxy: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it("counts the client's forwarded address, not the proxy's: one client locked, another not", async () => {
    const from = (address: string, username: string) =>
      post(t, '/api/v1/auth/login', { username, password: 'wrong password' }, { 'x-forwarded-for': address });
    const statuses = [];
    // Different names, so only the address's count (20) can lock.
    for (let i = 1; i <= 20; i++) statuses.push((await from('203.0.113.7', `name${i}`)).statusCode);
    expect(statuses.slice(0, 19).every((s) => s === 401)).toBe(true);
    expect(statuses[19]).toBe(429);
    expect((await from('203.0.113.7', 'fresh-name')).statusCode).toBe(429);
    expect((await from('198.51.100.4', 'fresh-name')).statusCode).toBe(401);
  });

  it('reads ECOHELM_TRUST_PROXY as a flag or a list of proxies', () => {
    expect(loadConfig({ ECOHELM_TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ ECOHELM_TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ECOHELM_TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' }).trustProxy).toBe(
      '10.0.0.1, 10.0.1.0/24',
    );
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});

describe('login limiter', () => {
  it('locks an address after its failures across many names, and counts only failures in the window', () => {
    let now = 0;
    const limiter = new LoginLimiter(() => now, {
      account: { maxFailures: 3, windowMs: 1000, lockMs: 5000 },
      address: { maxFailures: 4, windowMs: 1000, lockMs: 5000 },
    });
    expect(limiter.fail({ account: 'a', address: 'ip' })).toBe(0);
    now = 1500; // the first failure has left the window
    expect(limiter.fail({ account: 'a', address: 'ip' })).toBe(0);
    expect(limiter.fail({ account: 'a', address: 'ip' })).toBe(0);
    expect(limiter.fail({ account: 'b', address: 'ip' })).toBe(0);
    expect(limiter.fail({ account: 'c', address: 'ip' })).toBe(5000);
    expect(limiter.retryAfterMs({ account: 'd', address: 'ip' })).toBe(5000);
    expect(limiter.retryAfterMs({ account: 'd', address: 'other' })).toBe(0);
    now = 6500;
    expect(limiter.retryAfterMs({ account: 'd', address: 'ip' })).toBe(0);
  });
});
