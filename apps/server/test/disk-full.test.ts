import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrival, validShip } from '../../../testing/factories.ts';
import { get, post, postRecord, put } from './http.ts';
import { createTestApp, sqliteIntegrity, storeKinds, type TestApp } from './stores.ts';

const GB = 1e9;

describe.each(storeKinds)('a nearly full disk on %s', (kind) => {
  let t: TestApp;
  // The disk the test makes: 500 GB, of which `freeBytes` are free (the floor is the default 1,024 MB).
  let freeBytes = 50 * GB;
  const statfs = () => ({ bsize: 4096, blocks: (500 * GB) / 4096, bavail: Math.floor(freeBytes / 4096) });
  /** Posts one speed over ground `value` at `t0` through the Signal K delta endpoint. */
  const ingest = (t0: number, value: number) =>
    post(t, '/api/v1/ingest/signalk', {
      context: 'vessels.self',
      updates: [
        { timestamp: new Date(t0).toISOString(), values: [{ path: 'navigation.speedOverGround', value }] },
      ],
    });
  const storageAlarm = async () =>
    (await get(t, '/api/v1/alarms/active'))
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
    const ok = await ingest(base, 6);
    expect(ok.statusCode).toBe(200);

    freeBytes = 0.5 * GB;
    const refused = await ingest(base + 1000, 6.5);
    expect(refused.statusCode).toBe(507);
    expect(refused.json().error).toMatchObject({
      code: 'insufficient_storage',
      message:
        'The disk of the store is nearly full: telemetry is paused so that records can still be saved.',
    });
    const status = (await get(t, '/api/v1/ingest/status')).json();
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
    expect((await put(t, '/api/v1/ship', validShip())).statusCode).toBe(200);
    const record = await postRecord(t, arrival());
    expect(record.statusCode).toBe(201);

    freeBytes = 20 * GB;
    const again = await ingest(base + 2000, 7);
    expect(again.statusCode).toBe(200);
    t.services.alarms.tick(Date.now());
    await expect
      .poll(async () => (await storageAlarm())?.state)
      .toMatch(/^(rectified_unacknowledged|undefined)$|^$/);

    // Nothing half-written: the accepted samples are there, the refused one is not.
    const trend = await get(t, '/api/v1/telemetry/latest?channels=navigation.speedOverGround');
    expect(trend.statusCode).toBe(200);
    if (kind === 'sqlite') expect(await sqliteIntegrity(t.testStore.store.db)).toBe('ok');
  });
});
