import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from './http.ts';
import { createTestApp, storeKinds, type TestApp } from './stores.ts';

describe.each(storeKinds)('device session and portal check on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { bodyLimit: 4096 });
    await t.services.sessions.registerDevice({
      code: 'VIEW-01',
      name: 'Viewer',
      role: 'viewer',
      secret: 's3cret',
    });
  });
  afterAll(() => t.close());

  it('logs a device in with code and secret and returns both tokens', async () => {
    const res = await post(t, '/api/v1/devices/login', { code: 'VIEW-01', secret: 's3cret' }, {});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.device).toMatchObject({ code: 'VIEW-01', role: 'viewer' });
    expect(body.dcToken).toMatch(/^[\w-]{40,}$/);
    expect(body.accessToken).not.toBe(body.dcToken);
    const session = await post(t, '/api/v1/devices/session', undefined, {
      authorization: `Bearer ${body.dcToken}`,
    });
    expect(session.statusCode).toBe(200);
    expect(session.json().permissions).toEqual(['dashboard:read']);
    const check = await get(t, `/api/dingtalk/check?token=${body.accessToken}`, {});
    expect(check.json()).toEqual({ status: 'ok', data: { code: 200 } });
  });

  it('refuses a wrong secret with 401 in the error shape', async () => {
    const res = await post(t, '/api/v1/devices/login', { code: 'VIEW-01', secret: 'nope' }, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ code: 'unauthorized', requestId: expect.any(String) });
  });

  it('refreshes the session and slides its expiry', async () => {
    const res = await post(t, '/api/v1/devices/session');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.device.code).toBe('TEST-01');
    expect(body.permissions).toContain('alarms:acknowledge');
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });

  it.each([
    ['no token', {}],
    ['an unknown token', { authorization: 'Bearer not-a-token' }],
    ['a malformed header', { authorization: 'Token abc' }],
  ])('answers 401 to the session routine with %s', async (_name, headers) => {
    const res = await post(t, '/api/v1/devices/session', undefined, headers);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it('answers the portal check with HTTP 200 and code 401 for an unknown or missing token', async () => {
    for (const url of ['/api/dingtalk/check?token=unknown', '/api/dingtalk/check']) {
      const res = await get(t, url, {});
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'invalid', data: { code: 401 } });
    }
  });

  it('does not accept a device token as a portal token', async () => {
    const res = await get(t, `/api/dingtalk/check?token=${t.token}`, {});
    expect(res.json().data.code).toBe(401);
  });

  it('serves the page configuration and health without a token', async () => {
    const config = await get(t, '/api/v1/config', {});
    expect(config.statusCode).toBe(200);
    expect(config.json()).toMatchObject({ offline: false, hideLoadPage: false, shipTimeOffsetMinutes: 480 });
    const health = await get(t, '/api/health', {});
    expect(health.json()).toEqual({ status: 'ok', store: kind });
  });

  it('answers malformed JSON with 400 bad_json', async () => {
    const res = await post(t, '/api/v1/devices/login', '{"code": "VIEW-01",', {
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_json');
  });

  it('answers a body that fails the contract with 400 and field paths', async () => {
    const res = await post(t, '/api/v1/devices/login', { code: '' }, {});
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('validation_failed');
    expect(error.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['body.code', 'body.secret']),
    );
  });

  it('answers a body over the limit with 413', async () => {
    const res = await post(t, '/api/v1/devices/login', { code: 'VIEW-01', secret: 'x'.repeat(10_000) }, {});
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
  });

  it('answers an unknown API path with 404 in the error shape, after authentication', async () => {
    const anon = await get(t, '/api/v1/nothing-here', {});
    expect(anon.statusCode).toBe(401);
    const authed = await get(t, '/api/v1/nothing-here');
    expect(authed.statusCode).toBe(404);
    expect(authed.json().error.code).toBe('not_found');
  });

  it('serves the OpenAPI document generated from the contracts', async () => {
    const res = await get(t, '/api/docs/json', {});
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/devices/login', '/api/v1/devices/session', '/api/dingtalk/check']),
    );
  });
});
