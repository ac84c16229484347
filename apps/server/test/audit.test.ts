import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  arrival,
  bunkerRecord,
  departure,
  hfoOnly,
  oilChangeRecord,
  startInfo,
  validShip,
} from '../../../testing/factories.ts';
import { call, get, loggedInUser, put } from './http.ts';
import { createTestApp, storeKinds, type TestApp, viewerAuth } from './stores.ts';

type Entry = {
  id: string;
  at: string;
  actor: { kind: string; name: string };
  entity: string;
  entityId: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

describe.each(storeKinds)('audit trail on %s', (kind) => {
  let t: TestApp;
  let viewer: { authorization: string };
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    call(t, method, url, payload);
  const history = async (query: string): Promise<Entry[]> => {
    const res = await get(t, `/api/v1/audit?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().items;
  };
  const device = { kind: 'device', name: 'TEST-01' };

  beforeAll(async () => {
    t = await createTestApp(kind);
    viewer = await viewerAuth(t);
  });
  afterAll(() => t.close());

  it('keeps the creation and every change of the ship particulars with who, before and after', async () => {
    expect((await send('PUT', '/api/v1/ship', validShip())).statusCode).toBe(200);
    expect((await send('PUT', '/api/v1/ship', { ...validShip(), nameEn: 'ECO HELM II' })).statusCode).toBe(
      200,
    );
    const items = await history('entity=ship&entityId=own');
    expect(items.map((e) => e.action)).toEqual(['create', 'update']);
    expect(items[0]).toMatchObject({ actor: device, before: null, after: { nameEn: 'ECO HELM' } });
    expect(items[1]).toMatchObject({ before: { nameEn: 'ECO HELM' }, after: { nameEn: 'ECO HELM II' } });
    expect(Date.parse(items[1]?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // A refused save leaves no trace.
    expect((await send('PUT', '/api/v1/ship', { ...validShip(), mmsi: '1' })).statusCode).toBe(400);
    expect(await history('entity=ship')).toHaveLength(2);
  });

  it('keeps start info created, changed and deleted', async () => {
    const body = startInfo();
    const created = (await send('POST', '/api/v1/ship/start-info', body)).json();
    await send('PUT', `/api/v1/ship/start-info/${created.id}`, {
      ...body,
      robs: [{ fuelType: 'ls_hfo', robT: 721 }],
    });
    await send('DELETE', `/api/v1/ship/start-info/${created.id}`);
    const items = await history(`entity=start_info&entityId=${created.id}`);
    expect(items.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(items[1]?.before).toMatchObject({ robs: [{ robT: 720 }] });
    expect(items[1]?.after).toMatchObject({ robs: [{ robT: 721 }] });
    expect(items[2]).toMatchObject({ before: { robs: [{ robT: 721 }] }, after: null });
    await send('POST', '/api/v1/ship/start-info', body);
  });

  it('keeps filling records created, changed, submitted and deleted', async () => {
    const a = (await send('POST', '/api/v1/filling/records', { record: arrival() })).json();
    const d = (
      await send('POST', '/api/v1/filling/records', {
        record: departure({ fuel: hfoOnly(695, 5) }),
      })
    ).json();
    expect(d.checkState).toBe('ok');
    const edited = await send('PUT', `/api/v1/filling/records/${d.id}`, {
      record: { ...d.data, kind: 'departure', cargoT: 69_000 },
    });
    expect(edited.statusCode).toBe(200);
    expect((await send('POST', '/api/v1/filling/records/report', { ids: [d.id] })).statusCode).toBe(200);
    const items = await history(`entity=filling&entityId=${d.id}`);
    expect(items.map((e) => e.action)).toEqual(['create', 'update', 'submit']);
    expect(items[1]).toMatchObject({
      before: { data: { cargoT: 70_000 } },
      after: { data: { cargoT: 69_000 } },
    });
    expect(items[2]).toMatchObject({ before: { status: 'not_submitted' }, after: { status: 'submitted' } });

    const b = (
      await send('POST', '/api/v1/filling/records', {
        record: { kind: 'anchorage_start', voyageNumber: '2301' },
        draft: true,
      })
    ).json();
    expect((await send('DELETE', `/api/v1/filling/records/${b.id}`)).statusCode).toBe(204);
    expect((await history(`entity=filling&entityId=${b.id}`)).map((e) => e.action)).toEqual([
      'create',
      'delete',
    ]);
    expect((await history(`entity=filling&entityId=${a.id}`)).map((e) => e.action)).toEqual(['create']);
  });

  it('keeps bunker and oil-change records created, changed and deleted', async () => {
    const bunker = bunkerRecord();
    const created = (await send('POST', '/api/v1/records/bunker', bunker)).json();
    await send('PUT', `/api/v1/records/bunker/${created.id}`, { ...bunker, quantityT: 801 });
    await send('DELETE', `/api/v1/records/bunker/${created.id}`);
    const items = await history(`entity=bunker&entityId=${created.id}`);
    expect(items.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(items[1]).toMatchObject({ before: { quantityT: 800 }, after: { quantityT: 801 } });

    const oil = oilChangeRecord();
    const o = (await send('POST', '/api/v1/records/oil-change', oil)).json();
    await send('PUT', `/api/v1/records/oil-change/${o.id}`, { ...oil, operator: '2/E' });
    expect(
      (await history(`entity=oil_change&entityId=${o.id}`)).map((e) => [e.action, e.after?.operator]),
    ).toEqual([
      ['create', 'C/E'],
      ['update', '2/E'],
    ]);
  });

  it('lists through the service oldest first, by entity and period', async () => {
    const all = await t.services.audit.list({});
    expect(all.length).toBeGreaterThanOrEqual(15);
    const times = all.map((e) => e.at);
    expect([...times].sort()).toEqual(times);
    const bunker = await t.services.audit.list({ entity: 'bunker' });
    expect(bunker.every((e) => e.entity === 'bunker')).toBe(true);
    expect(await t.services.audit.list({ from: '2100-01-01T00:00:00.000Z' })).toEqual([]);
    expect(await t.services.audit.list({ to: times[0] })).toEqual([]);
  });

  it('reads with dashboard:read, refuses without a token, and offers no way to write, edit or delete the trail', async () => {
    expect((await t.app.inject({ url: '/api/v1/audit', headers: viewer })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/audit' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/audit?entity=nope', headers: t.auth })).statusCode).toBe(400);
    const [first] = await t.services.audit.list({});
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/v1/audit', `/api/v1/audit/${first?.id}`]) {
        const res = await t.app.inject({ method, url, headers: t.auth, payload: {} });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    expect((await t.services.audit.list({}))[0]).toEqual(first);
  });
});

describe.each(storeKinds)('audit trail of a shore user on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { shore: true });
  });
  afterAll(() => t.close());

  it('names the logged-in user as the actor', async () => {
    // The shore's own particulars are an admin's to write (settings:write).
    const { login, headers } = await loggedInUser(t, {
      username: 'manager',
      displayName: 'Fleet Admin',
      role: 'admin',
      password: 'manager-password-1',
    });
    expect(login.statusCode).toBe(200);
    const saved = await put(t, '/api/v1/ship', validShip(), headers);
    expect(saved.statusCode).toBe(200);
    const [entry] = await t.services.audit.list({ entity: 'ship', entityId: 'own' });
    expect(entry).toMatchObject({ action: 'create', actor: { kind: 'user', name: 'manager' } });
  });
});
