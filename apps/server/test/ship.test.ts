import { shipMessages } from '@ecohelm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInfo, validShip } from '../../../testing/factories.ts';
import { del, expectRefusedWith, get, post, put } from './http.ts';
import { createTestApp, storeKinds, type TestApp, viewerAuth } from './stores.ts';

describe.each(storeKinds)('ship basic info on %s', (kind) => {
  let t: TestApp;
  let viewer: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp(kind);
    viewer = await viewerAuth(t);
  });
  afterAll(() => t.close());

  it('answers an empty, incomplete ship before the basic info is saved', async () => {
    const res = await get(t, '/api/v1/ship');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ship: null, complete: false, updatedAt: null });
  });

  it('saves every field and reads it back complete', async () => {
    const ship = { ...validShip(), shipyard: 'Dalian', buildDate: '2012-05-01', mainEnginePowerKw: 9_480 };
    const saved = await put(t, '/api/v1/ship', ship);
    expect(saved.statusCode).toBe(200);
    const read = await get(t, '/api/v1/ship');
    expect(read.json()).toMatchObject({ complete: true, ship: { ...ship, fuelTypes: ship.fuelTypes } });
    expect(read.json().updatedAt).toEqual(expect.any(String));
  });

  it.each([
    ['mmsi', { mmsi: '41300001' }, shipMessages.mmsi],
    ['mmsi', { mmsi: '41300000a' }, shipMessages.mmsi],
    ['imoNumber', { imoNumber: '9074728' }, shipMessages.imoNumber],
    ['imoNumber', { imoNumber: '907472' }, shipMessages.imoNumber],
    ['nameEn', { nameEn: '' }, shipMessages.nameEn],
    ['nameEn', { nameEn: 'A'.repeat(33) }, shipMessages.nameEn],
    ['nameZh', { nameZh: 'ECO' }, shipMessages.nameZh],
    ['flagState', { flagState: '' }, shipMessages.flagState],
    ['flagState', { flagState: '123' }, shipMessages.flagState],
    ['deadweightT', { deadweightT: 0 }, shipMessages.deadweight],
    ['deadweightT', { deadweightT: 'a lot' }, shipMessages.deadweight],
    ['fuelTypes', { fuelTypes: [] }, shipMessages.fuelTypes],
    ['shipyard', { shipyard: 'S'.repeat(33) }, shipMessages.maxLength],
  ])('refuses a wrong %s with the spec message', async (path, patch, message) => {
    const res = await put(t, '/api/v1/ship', { ...validShip(), ...patch });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('validation_failed');
    expect(error.details).toContainEqual(expect.objectContaining({ path: `body.${path}`, message }));
  });

  it('accepts an IMO number with the IMO prefix', async () => {
    const res = await put(t, '/api/v1/ship', { ...validShip(), imoNumber: 'IMO 9074729' });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 without a token and 403 to a viewer writing', async () => {
    expect((await get(t, '/api/v1/ship', {})).statusCode).toBe(401);
    expect((await put(t, '/api/v1/ship', validShip(), {})).statusCode).toBe(401);
    const forbidden = await put(t, '/api/v1/ship', validShip(), viewer);
    expect(forbidden.statusCode).toBe(403);
    expect((await get(t, '/api/v1/ship', viewer)).statusCode).toBe(200);
  });

  it('creates, lists, updates and deletes start-info entries', async () => {
    const entry = startInfo({ robs: [{ fuelType: 'ls_hfo', robT: 1_000 }] });
    const created = await post(t, '/api/v1/ship/start-info', entry);
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect(created.json()).toMatchObject({ ...entry, startTime: '2025-01-01T00:00:00.000Z' });

    const updated = await put(t, `/api/v1/ship/start-info/${id}`, {
      ...entry,
      changeType: 'flag_state_change',
      flagState: 'Panama',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ changeType: 'flag_state_change', flagState: 'Panama' });

    const list = await get(t, '/api/v1/ship/start-info');
    expect(list.json().items.map((i: { id: string }) => i.id)).toEqual([id]);

    const removed = await del(t, `/api/v1/ship/start-info/${id}`);
    expect(removed.statusCode).toBe(204);
    const gone = await del(t, `/api/v1/ship/start-info/${id}`);
    expect(gone.statusCode).toBe(404);
  });

  it('refuses a start-info entry without change type or start time', async () => {
    expectRefusedWith(
      await post(t, '/api/v1/ship/start-info', {}),
      ['body.changeType', shipMessages.changeType],
      ['body.startTime', shipMessages.startTime],
    );
    const forbidden = await post(
      t,
      '/api/v1/ship/start-info',
      { changeType: 'newly_delivered', startTime: '2025-01-01T00:00:00Z' },
      viewer,
    );
    expect(forbidden.statusCode).toBe(403);
  });
});
