import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublic, routeGuards } from '../src/platform/auth.ts';
import { createTestApp, type TestApp } from './stores.ts';

/** Every route of the real app, the load page and the static web app included. */
describe('route permissions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('finds every non-public /api route with a permission check', () => {
    const routes = routeGuards(t.app).filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(90);
    const unguarded = routes.filter((r) => !isPublic(r.url) && r.permission === undefined);
    expect(unguarded.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('leaves exactly the login, configuration, health and portal check public', () => {
    const open = routeGuards(t.app)
      .filter((r) => r.url.startsWith('/api/') && isPublic(r.url) && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`);
    expect(new Set(open)).toEqual(
      new Set([
        'GET /api/health',
        'HEAD /api/health',
        'GET /api/v1/config',
        'HEAD /api/v1/config',
        'POST /api/v1/devices/login',
        'POST /api/v1/auth/login',
        'GET /api/dingtalk/check',
        'HEAD /api/dingtalk/check',
      ]),
    );
  });

  it('guards every write with a permission other than dashboard:read', () => {
    const writes = routeGuards(t.app).filter(
      (r) =>
        r.url.startsWith('/api/') &&
        !isPublic(r.url) &&
        ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) &&
        // These touch only the caller's own things: its token (session routine, logout), its own password, its
        // read marks on alarms and its choice of overview factors.
        ![
          '/api/v1/devices/session',
          '/api/v1/auth/logout',
          '/api/v1/auth/password',
          '/api/v1/alarms/read',
          '/api/v1/overview/settings',
        ].includes(r.url),
    );
    expect(
      writes.filter((r) => r.permission === 'dashboard:read').map((r) => `${r.method} ${r.url}`),
    ).toEqual([]);
  });
});
