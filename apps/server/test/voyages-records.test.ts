import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bunkerRecord, hullCleaningRecord } from '../../../testing/factories.ts';
import { del, get, post, put } from './http.ts';
import { simulateHistory } from './sim-history.ts';
import { createTestApp, storeKinds, type TestApp } from './stores.ts';

const DAY = 86_400_000;

describe.each(storeKinds)('simulator backfill, voyages and records on %s', (kind) => {
  let t: TestApp;
  const now = Date.UTC(2026, 0, 20, 12, 0);
  beforeAll(async () => {
    t = await createTestApp(kind);
    // A short history: 12 days back (the real first start uses 400 days).
    await simulateHistory(t, now, 12);
  }, 300_000);
  afterAll(() => t.close());

  it('derives voyages with legs and port calls from the events', async () => {
    const res = await get(t, '/api/v1/voyages');
    expect(res.statusCode).toBe(200);
    const { items } = res.json();
    expect(items.length).toBeGreaterThanOrEqual(1);
    const withLeg = items.find((v: { legs: unknown[] }) => v.legs.length > 0);
    expect(withLeg.legs[0]).toMatchObject({
      fromPort: expect.any(String),
      departureTime: expect.any(String),
    });
  });

  it('filters events by time and type', async () => {
    const all = (await get(t, '/api/v1/voyages/events')).json().items;
    expect(all.length).toBeGreaterThan(2);
    const dep = await get(t, '/api/v1/voyages/events?type=departure,arrival');
    expect(dep.statusCode).toBe(200);
    for (const e of dep.json().items) expect(['departure', 'arrival']).toContain(e.type);
    const from = new Date(now - 3 * DAY).toISOString();
    const recent = (await get(t, `/api/v1/voyages/events?from=${from}`)).json().items;
    for (const e of recent) expect(e.time >= from).toBe(true);
    const bad = await get(t, '/api/v1/voyages/events?type=party');
    expect(bad.statusCode).toBe(400);
    expect((await get(t, '/api/v1/voyages', {})).statusCode).toBe(401);
  });

  const bunker = bunkerRecord({
    quantityT: 812.5,
    startTime: '2026-01-10T02:00:00.000Z',
    endTime: '2026-01-10T11:00:00.000Z',
  });

  it('adds and lists a bunker record (201), refuses bad input (400), no token (401), no permission (403)', async () => {
    const created = await post(t, '/api/v1/records/bunker', bunker);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ...bunker, source: 'crew', sulphurPct: null });
    const list = (await get(t, '/api/v1/records/bunker')).json().items;
    expect(list.some((r: { supplier: string }) => r.supplier === 'Test Bunkers')).toBe(true);

    const bad = await post(t, '/api/v1/records/bunker', {
      ...bunker,
      quantityT: -1,
      endTime: '2026-01-09T00:00:00.000Z',
      port: 'x'.repeat(33),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');

    expect((await post(t, '/api/v1/records/bunker', bunker, {})).statusCode).toBe(401);
    await t.services.sessions.registerDevice({
      code: 'VIEW-02',
      name: 'Viewer',
      role: 'viewer',
      secret: 'v',
    });
    const login = (await post(t, '/api/v1/devices/login', { code: 'VIEW-02', secret: 'v' }, {})).json();
    const forbidden = await post(t, '/api/v1/records/bunker', bunker, {
      authorization: `Bearer ${login.dcToken}`,
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('modifies and deletes a bunker record, refusing bad input and keeping the stored one, 404 for none', async () => {
    const created = (await post(t, '/api/v1/records/bunker', bunker)).json();
    const url = `/api/v1/records/bunker/${created.id}`;
    const changed = await put(t, url, { ...bunker, quantityT: 790, supplier: 'Other Bunkers' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: created.id, quantityT: 790, supplier: 'Other Bunkers' });
    const bad = await put(t, url, { ...bunker, endTime: '2026-01-09T00:00:00.000Z' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toContainEqual({
      path: 'body.endTime',
      message: 'The end time must not be before the start time',
    });
    const stored = (await get(t, '/api/v1/records/bunker?limit=1000'))
      .json()
      .items.find((r: { id: number }) => r.id === created.id);
    expect(stored.quantityT).toBe(790);
    expect((await del(t, url)).statusCode).toBe(204);
    expect((await del(t, url)).statusCode).toBe(404);
    expect((await put(t, url, bunker)).statusCode).toBe(404);
    expect((await del(t, '/api/v1/records/bunker/abc')).statusCode).toBe(400);
  });

  it('adds oil change and hull cleaning records and lists the simulator ones', async () => {
    const oil = await post(t, '/api/v1/records/oil-change', {
      equipment: 'G/E 2 crankcase',
      oilTypeBefore: 'SAE 40 BN 30 (used)',
      oilTypeAfter: 'SAE 40 BN 30 (new)',
      latitude: 1.25,
      longitude: 103.9,
      startTime: '2026-01-10T02:00:00.000Z',
      endTime: '2026-01-10T04:00:00.000Z',
      reason: 'Scheduled renewal',
      operator: 'Third Engineer',
    });
    expect(oil.statusCode).toBe(201);
    const hull = await post(t, '/api/v1/records/hull-cleaning', hullCleaningRecord());
    expect(hull.statusCode).toBe(201);
    const oils = (await get(t, '/api/v1/records/oil-change')).json().items;
    expect(oils.some((r: { source: string }) => r.source === 'crew')).toBe(true);
    const hulls = (await get(t, '/api/v1/records/hull-cleaning')).json().items;
    expect(hulls.length).toBeGreaterThanOrEqual(1);
  });
});
