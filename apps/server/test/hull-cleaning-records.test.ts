import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hullCleaningRecord } from '../../../testing/factories.ts';
import { call, get } from './http.ts';
import { createTestApp, storeKinds, type TestApp } from './stores.ts';

const record = hullCleaningRecord();

describe.each(storeKinds)('hull cleaning records on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  }, 120_000);
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    call(t, method, url, payload);

  it('refuses a cleaning dated in the future at its field', async () => {
    const future = await send(
      'POST',
      '/api/v1/records/hull-cleaning',
      hullCleaningRecord({ startTime: '2099-03-01T02:00:00.000Z', endTime: '2099-03-01T12:00:00.000Z' }),
    );
    expect(future.statusCode).toBe(400);
    const paths = future.json().error.details.map((d: { path: string }) => d.path);
    expect(paths).toContain('body.startTime');
  });

  it('corrects a record (200), refuses a future date on it (400), deletes it (204) and answers 404 after', async () => {
    const created = await send('POST', '/api/v1/records/hull-cleaning', record);
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const fixed = await send('PUT', `/api/v1/records/hull-cleaning/${id}`, {
      ...record,
      place: 'Fujairah anchorage',
      kind: 'propeller_polishing',
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({
      id,
      place: 'Fujairah anchorage',
      kind: 'propeller_polishing',
      source: 'crew',
    });
    const future = await send('PUT', `/api/v1/records/hull-cleaning/${id}`, {
      ...record,
      endTime: '2099-03-01T12:00:00.000Z',
    });
    expect(future.statusCode).toBe(400);
    expect((await send('DELETE', `/api/v1/records/hull-cleaning/${id}`)).statusCode).toBe(204);
    expect((await send('PUT', `/api/v1/records/hull-cleaning/${id}`, record)).statusCode).toBe(404);
    const list = (await get(t, '/api/v1/records/hull-cleaning')).json().items;
    expect(list.some((r: { id: number }) => r.id === id)).toBe(false);
  });
});
