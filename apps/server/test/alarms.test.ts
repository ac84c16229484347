import { alarmLimitMessages } from '@ecohelm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { get, post, put } from './http.ts';
import {
  createTestApp,
  createTestStore,
  deviceAuth,
  storeKinds,
  type TestApp,
  testConfig,
  viewerAuth,
} from './stores.ts';

// Sample times ahead of the wall clock: the service's 1 Hz tick holds values only up to "now",
// so these samples alone decide the conditions, deterministically.
const base = Date.now() + 120_000;
const iso = (t: number) => new Date(t).toISOString();
const CYL3 = 'propulsion.main.cylinders.3.exhaustTemperature';
const K = (c: number) => c + 273.15;

/** A Signal K delta: the main engine turning at 100 rpm and cylinder 3 at `celsius`, at each second offset. */
const cylinderDelta = (celsius: number, seconds: number[]) => ({
  context: 'vessels.self',
  updates: seconds.map((s) => ({
    timestamp: iso(base + s * 1000),
    values: [
      { path: 'propulsion.main.revolutions', value: 100 / 60 },
      { path: CYL3, value: K(celsius) },
    ],
  })),
});

describe.each(storeKinds)('alarms API on %s', (kind) => {
  let t: TestApp;
  let viewer: { authorization: string };
  const ingest = (payload: object) => post(t, '/api/v1/ingest/signalk', payload);
  const action = (url: string, payload: object = {}, headers = t.auth) => post(t, url, payload, headers);

  beforeAll(async () => {
    t = await createTestApp(kind);
    viewer = await viewerAuth(t);
  });
  afterAll(() => t.close());

  it('answers 401 without a token', async () => {
    for (const url of [
      '/api/v1/alarms/active',
      '/api/v1/alarms/history',
      '/api/v1/alarms/statistics',
      '/api/v1/alarms/limits',
    ]) {
      expect((await get(t, url, {})).statusCode).toBe(401);
    }
    expect((await post(t, '/api/v1/alarms/1/acknowledge', undefined, {})).statusCode).toBe(401);
  });

  it('raises a high alarm from an out-of-range Signal K value held for the minimum duration', async () => {
    expect((await ingest(cylinderDelta(445, [0, 2, 4]))).statusCode).toBe(200);
    expect((await get(t, '/api/v1/alarms/active')).json().items).toEqual([]);
    await ingest(cylinderDelta(446, [5]));
    const res = await get(t, '/api/v1/alarms/active');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      category: 'equipmentAlarm',
      condition: 'high',
      equipment: 'me',
      channel: CYL3,
      priority: 'warning',
      state: 'active_unacknowledged',
      unit: '°C',
      limit: 430,
      read: false,
      raisedAt: iso(base + 5000),
    });
    expect(body.items[0].value).toBeCloseTo(446, 6);
    expect(body.unread).toBe(1);
    // A viewer console sees the same alarm.
    expect((await get(t, '/api/v1/alarms/active', viewer)).json().items).toHaveLength(1);
  });

  it('refuses silence and acknowledgement without the permission (403) and a bad silence time (400)', async () => {
    const [alarm] = (await get(t, '/api/v1/alarms/active')).json().items;
    expect((await action(`/api/v1/alarms/${alarm.id}/acknowledge`, {}, viewer)).statusCode).toBe(403);
    expect((await action(`/api/v1/alarms/${alarm.id}/silence`, {}, viewer)).statusCode).toBe(403);
    const bad = await action(`/api/v1/alarms/${alarm.id}/silence`, { seconds: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
    expect((await action('/api/v1/alarms/99999/acknowledge')).statusCode).toBe(404);
  });

  it('silences (timed, still unacknowledged), acknowledges for every console, then clears on return', async () => {
    const [alarm] = (await get(t, '/api/v1/alarms/active')).json().items;
    const silenced = await action(`/api/v1/alarms/${alarm.id}/silence`, { seconds: 60 });
    expect(silenced.statusCode).toBe(200);
    expect(silenced.json()).toMatchObject({ state: 'active_silenced', acknowledgedAt: null });
    expect(Date.parse(silenced.json().silencedUntil)).toBeGreaterThan(Date.now() + 50_000);

    const acked = await action(`/api/v1/alarms/${alarm.id}/acknowledge`);
    expect(acked.statusCode).toBe(200);
    expect(acked.json()).toMatchObject({ state: 'active_acknowledged', acknowledgedBy: 'TEST-01' });
    expect((await action(`/api/v1/alarms/${alarm.id}/acknowledge`)).statusCode).toBe(409);
    expect((await get(t, '/api/v1/alarms/active', viewer)).json().items[0].state).toBe('active_acknowledged');

    // 425 °C is inside the hysteresis band: no change. 415 °C for 5 s rectifies, and being acknowledged, clears.
    await ingest(cylinderDelta(425, [6, 8, 10]));
    expect((await get(t, '/api/v1/alarms/active')).json().items).toHaveLength(1);
    await ingest(cylinderDelta(415, [11, 14, 16]));
    expect((await get(t, '/api/v1/alarms/active')).json().items).toEqual([]);

    const events = (await get(t, `/api/v1/alarms/${alarm.id}/events`)).json().items;
    expect(events.map((e: { event: string }) => e.event)).toEqual([
      'raised',
      'silenced',
      'acknowledged',
      'cleared',
    ]);
    expect(events[1]).toMatchObject({ source: 'device', deviceCode: 'TEST-01', toState: 'active_silenced' });
    expect(events[3]).toMatchObject({
      source: 'engine',
      fromState: 'active_acknowledged',
      toState: 'cleared',
    });
  });

  it('a rectified unacknowledged alarm stays listed until acknowledged, then clears', async () => {
    await ingest(cylinderDelta(450, [20, 25]));
    await ingest(cylinderDelta(410, [26, 31]));
    const [alarm] = (await get(t, '/api/v1/alarms/active')).json().items;
    expect(alarm).toMatchObject({ state: 'rectified_unacknowledged', condition: 'high' });
    const acked = await action(`/api/v1/alarms/${alarm.id}/acknowledge`);
    expect(acked.json()).toMatchObject({ state: 'cleared', acknowledgedBy: 'TEST-01' });
    expect((await get(t, '/api/v1/alarms/active')).json().items).toEqual([]);
  });

  it('lists history filtered by date range, equipment and type, a page at a time', async () => {
    const all = (await get(t, '/api/v1/alarms/history')).json();
    expect(all.total).toBe(2);
    expect(all.items.map((a: { state: string }) => a.state)).toEqual(['cleared', 'cleared']);
    expect((await get(t, '/api/v1/alarms/history?equipment=me')).json().total).toBe(2);
    expect((await get(t, '/api/v1/alarms/history?equipment=ge')).json().total).toBe(0);
    expect((await get(t, '/api/v1/alarms/history?category=focWarning')).json().total).toBe(0);
    expect((await get(t, '/api/v1/alarms/history?condition=high&category=equipmentAlarm')).json().total).toBe(
      2,
    );
    const from = encodeURIComponent(iso(base + 10_000));
    expect((await get(t, `/api/v1/alarms/history?from=${from}`)).json().total).toBe(1);
    expect((await get(t, `/api/v1/alarms/history?to=${from}`)).json().total).toBe(1);
    const page2 = (await get(t, '/api/v1/alarms/history?pageSize=1&page=2')).json();
    expect(page2).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page2.items).toHaveLength(1);
    expect(page2.items[0].raisedAt).toBe(iso(base + 5000));
    expect((await get(t, '/api/v1/alarms/history?equipment=rudder')).statusCode).toBe(400);
    expect((await get(t, '/api/v1/alarms/history?from=yesterday')).statusCode).toBe(400);
  });

  it('counts alarms per equipment group for the pie chart', async () => {
    const q = `from=${encodeURIComponent(iso(base - 60_000))}&to=${encodeURIComponent(iso(base + 3_600_000))}`;
    const res = await get(t, `/api/v1/alarms/statistics?${q}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      items: [
        { group: 'me', count: 2 },
        { group: 'ge', count: 0 },
        { group: 'boiler', count: 0 },
      ],
      total: 2,
    });
  });

  it('marks alarms read per device', async () => {
    const before = (await get(t, '/api/v1/alarms/active')).json();
    expect(before.unread).toBe(2);
    expect(before.unreadByCategory).toEqual({ equipmentAlarm: 2 });
    const res = await action('/api/v1/alarms/read', {});
    expect(res.json()).toEqual({ unread: 0 });
    expect((await get(t, '/api/v1/alarms/active')).json().unreadByCategory).toEqual({});
    expect((await get(t, '/api/v1/alarms/history')).json().items[0].read).toBe(true);
    // The viewer console has its own read marks.
    expect((await get(t, '/api/v1/alarms/active', viewer)).json().unread).toBe(2);
  });

  it('lists the limit settings in display units and validates changes on the server', async () => {
    const list = (await get(t, '/api/v1/alarms/limits')).json().items;
    const cyl = list.find((s: { channel: string }) => s.channel === CYL3);
    expect(cyl).toMatchObject({
      equipment: 'me',
      unit: '°C',
      limits: { high: 430, highhigh: 460, low: null, lowlow: null },
      delaySeconds: 5,
      enabled: true,
      updatedAt: null,
    });
    expect(cyl.range).toEqual([-20, 700]);

    const putLimit = (channel: string, body: object, headers = t.auth) =>
      put(t, `/api/v1/alarms/limits/${channel}`, body, headers);
    const valid = {
      lowlow: null,
      low: 150,
      high: 400,
      highhigh: 460,
      hysteresis: 5,
      delaySeconds: 0,
      enabled: true,
    };
    expect((await putLimit(CYL3, valid, viewer)).statusCode).toBe(403);

    const crossed = await putLimit(CYL3, { ...valid, low: 420, high: 400 });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().error.details).toContainEqual({
      path: 'body.low',
      message: alarmLimitMessages.lowBelowHigh,
    });
    const hh = await putLimit(CYL3, { ...valid, high: 470 });
    expect(hh.json().error.details).toContainEqual({
      path: 'body.high',
      message: alarmLimitMessages.highBelowHighhigh,
    });
    const ll = await putLimit(CYL3, { ...valid, lowlow: 200 });
    expect(ll.json().error.details).toContainEqual({
      path: 'body.lowlow',
      message: alarmLimitMessages.lowlowBelowLow,
    });
    const range = await putLimit(CYL3, { ...valid, highhigh: 800 });
    expect(range.statusCode).toBe(400);
    expect(range.json().error.details).toEqual([
      { path: 'highhigh', message: alarmLimitMessages.outOfRange },
    ]);
    expect((await putLimit('navigation.position.latitude', valid)).statusCode).toBe(404);
    expect((await putLimit(CYL3, { ...valid, high: 'hot' })).statusCode).toBe(400);

    const ok = await putLimit(CYL3, valid);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      limits: { low: 150, high: 400 },
      delaySeconds: 0,
      updatedBy: 'TEST-01',
    });
    expect(ok.json().updatedAt).not.toBeNull();

    // The new high limit (400 °C, no delay) applies to the next sample.
    await ingest(cylinderDelta(405, [40]));
    const active = (await get(t, '/api/v1/alarms/active')).json().items;
    expect(active).toHaveLength(1);
    expect(active[0]).toMatchObject({ limit: 400, condition: 'high', state: 'active_unacknowledged' });

    // Raising the limit above the value held rectifies the alarm at once.
    expect((await putLimit(CYL3, { ...valid, high: 420 })).statusCode).toBe(200);
    const after = (await get(t, '/api/v1/alarms/active')).json().items;
    expect(after[0]).toMatchObject({ condition: 'high', state: 'rectified_unacknowledged' });
    expect((await putLimit(CYL3, valid)).statusCode).toBe(200);
  });

  it('blocks limits of stopped machinery', async () => {
    await ingest({
      context: 'vessels.self',
      updates: [
        {
          timestamp: iso(base + 41_000),
          values: [
            { path: 'propulsion.main.revolutions', value: 0 },
            { path: CYL3, value: K(120) },
          ],
        },
      ],
    });
    // Stopped: the low limit (150 °C) does not alarm and the high alarm rectifies.
    const active = (await get(t, '/api/v1/alarms/active')).json().items;
    expect(active).toHaveLength(1);
    expect(active[0]).toMatchObject({ condition: 'high', state: 'rectified_unacknowledged' });
  });

  it('warns at 10 nm from an ECA, tips the fuel change-over at 2 nm and rectifies inside', async () => {
    // West of Brittany along 48.6° N: the North Sea ECA boundary is at 5° W (about 40 nm per degree here).
    const at = (seconds: number, lon: number) => ({
      timestamp: iso(base + seconds * 1000),
      values: [{ path: 'navigation.position', value: { latitude: 48.6, longitude: lon } }],
    });
    const eca = async () =>
      (await get(t, '/api/v1/alarms/active'))
        .json()
        .items.filter((a: { key: string }) => a.key.startsWith('eca:'));
    await ingest({ context: 'vessels.self', updates: [at(100, -5.3)] });
    expect(await eca()).toEqual([]);
    await ingest({ context: 'vessels.self', updates: [at(111, -5.15)] });
    const [warning] = await eca();
    expect(warning).toMatchObject({
      condition: 'eca_warning',
      category: 'focWarning',
      equipment: 'navigation',
      priority: 'warning',
      unit: 'nm',
      limit: 10,
    });
    expect(warning.value).toBeCloseTo(5.96, 1);
    await ingest({ context: 'vessels.self', updates: [at(122, -5.04)] });
    expect((await eca()).map((a: { condition: string }) => a.condition).sort()).toEqual([
      'eca_changeover',
      'eca_warning',
    ]);
    await ingest({ context: 'vessels.self', updates: [at(133, -4.9)] });
    expect((await eca()).map((a: { state: string }) => a.state)).toEqual([
      'rectified_unacknowledged',
      'rectified_unacknowledged',
    ]);
  });
});

describe.each(storeKinds)('alarms across a restart on %s', (kind) => {
  it('restores open alarms from the store: still listed, acknowledgeable, not raised twice', async () => {
    const testStore = await createTestStore(kind);
    // The deltas are stamped up to 334 s ahead of now (`base`): past the ingest window's default 5 minutes.
    const config = testConfig(testStore.dataDir, { ECOHELM_INGEST_MAX_AHEAD_S: '3600' });
    const start = async () => {
      const built = await buildApp(config, testStore.store, { logger: false });
      const { authorization } = await deviceAuth(built.services);
      return { app: built.app, headers: { authorization } };
    };
    try {
      const first = await start();
      await first.app.inject({
        method: 'POST',
        url: '/api/v1/ingest/signalk',
        headers: first.headers,
        payload: cylinderDelta(447, [200, 206]),
      });
      const [before] = (
        await first.app.inject({ url: '/api/v1/alarms/active', headers: first.headers })
      ).json().items;
      expect(before).toMatchObject({ condition: 'high', state: 'active_unacknowledged' });
      await first.app.close();

      const second = await start();
      await second.app.inject({
        method: 'POST',
        url: '/api/v1/ingest/signalk',
        headers: second.headers,
        payload: cylinderDelta(448, [207, 214]),
      });
      const after = (
        await second.app.inject({ url: '/api/v1/alarms/active', headers: second.headers })
      ).json();
      expect(after.items).toHaveLength(1);
      expect(after.items[0]).toMatchObject({ id: before.id, raisedAt: before.raisedAt });
      const ack = await second.app.inject({
        method: 'POST',
        url: `/api/v1/alarms/${before.id}/acknowledge`,
        headers: second.headers,
      });
      expect(ack.json()).toMatchObject({ state: 'active_acknowledged' });
      const events = (
        await second.app.inject({ url: `/api/v1/alarms/${before.id}/events`, headers: second.headers })
      ).json().items;
      expect(events.map((e: { event: string }) => e.event)).toEqual(['raised', 'acknowledged']);
      await second.app.close();
    } finally {
      await testStore.dispose();
    }
  });
});
