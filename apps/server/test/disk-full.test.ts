import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrival, validShip } from '../../../testing/factories.ts';
import { createTestApp, storeKinds, type TestApp } from './stores.ts';

const GB = 1e9;

describe.each(storeKinds)('a nearly full disk on %s', (kind) => {
  let t: TestApp;
  // The disk the test makes: 500 GB, of which `freeBytes` are free (the floor is the default 1,024 MB).
  let freeBytes = 50 * GB;
  const statfs = () => ({ bsize: 4096, blocks: (500 * GB) / 4096, bavail: Math.floor(freeBytes / 4096) });
  const delta = (t0: number, value: number) => ({
    context: 'vessels.self',
    updates: [
      { timestamp: new Date(t0).toISOString(), values: [{ path: 'navigation.speedOverGround', value }] },
    ],
  });
  const storageAlarm = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/alarms/active', headers: t.auth }))
      .json()
      .items.find((a: { condition: string }) => a.condition === 'storage_low');

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { statfs });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses telemetry with a clear error and an alarm, still saves records, and takes telemetry again once there is room', async () => {
    const base = Date.UTC(2026, 10, 1);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest/signalk',
      headers: t.auth,
      payload: delta(base, 6),
    });
    expect(ok.statusCode).toBe(200);

    freeBytes = 0.5 * GB;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest/signalk',
      headers: t.auth,
      payload: delta(base + 1000, 6.5),
    });
    expect(refused.statusCode).toBe(507);
    expect(refused.json().error).toMatchObject({
      code: 'insufficient_storage',
      message:
        'The disk of the store is nearly full: telemetry is paused so that records can still be saved.',
    });
    const status = (
      await t.app.inject({ method: 'GET', url: '/api/v1/ingest/status', headers: t.auth })
    ).json();
    expect(
      status.sources.find((s: { source: string }) => s.source === 'signalk.http:TEST-01')?.rejected,
    ).toMatchObject({
      disk_full: 1,
    });

    t.services.alarms.tick(Date.now());
    await expect
      .poll(storageAlarm)
      .toMatchObject({ equipment: 'system', priority: 'alarm', value: 500, limit: 1024 });

    // The crew's records go on being saved.
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/v1/ship', headers: t.auth, payload: validShip() }))
        .statusCode,
    ).toBe(200);
    const record = await t.app.inject({
      method: 'POST',
      url: '/api/v1/filling/records',
      headers: t.auth,
      payload: { record: arrival() },
    });
    expect(record.statusCode).toBe(201);

    freeBytes = 20 * GB;
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest/signalk',
      headers: t.auth,
      payload: delta(base + 2000, 7),
    });
    expect(again.statusCode).toBe(200);
    t.services.alarms.tick(Date.now());
    await expect
      .poll(async () => (await storageAlarm())?.state)
      .toMatch(/^(rectified_unacknowledged|undefined)$|^$/);

    // Nothing half-written: the accepted samples are there, the refused one is not.
    const trend = await t.app.inject({
      method: 'GET',
      url: `/api/v1/telemetry/latest?channels=navigation.speedOverGround`,
      headers: t.auth,
    });
    expect(trend.statusCode).toBe(200);
    if (kind === 'sqlite') {
      const check = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(
        t.testStore.store.db,
      );
      expect(check.rows[0]?.integrity_check).toBe('ok');
    }
  });
});
