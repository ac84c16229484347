import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prefillFillingRecords } from '../src/simulator/prefill-filling.ts';
import { get, put } from './http.ts';
import { simulateHistory } from './sim-history.ts';
import { createTestApp, storeKinds, type TestApp } from './stores.ts';

type Json = Record<string, unknown>;

/**
 * The simulator's records come from the simulated ship's own track and meters, so every one of them passes the
 * plausibility rules at entry: saved again unchanged through the API, none is refused.
 */
describe.each(storeKinds)("the simulator's records pass every entry check on %s", (kind) => {
  let t: TestApp;
  const now = Date.UTC(2026, 3, 20, 12, 0);
  const refused = (res: { statusCode: number; body: string }, what: string) =>
    res.statusCode === 200 ? [] : [`${what}: ${res.statusCode} ${res.body}`];

  beforeAll(async () => {
    t = await createTestApp(kind);
    await simulateHistory(t, now, 120);
    await prefillFillingRecords(t.services);
  }, 600_000);
  afterAll(() => t.close());

  it('refuses none of the prefilled filling records', async () => {
    const { records } = (await get(t, '/api/v1/filling/records')).json();
    expect(records.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const r of records as { id: string; kind: string; eventTime: string; data: Json }[]) {
      const res = await put(t, `/api/v1/filling/records/${r.id}`, { record: { ...r.data, kind: r.kind } });
      failures.push(...refused(res, `${r.kind} ${r.eventTime}`));
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('refuses none of the bunker and oil-change records', async () => {
    const failures: string[] = [];
    for (const [path, fields] of [
      [
        'bunker',
        [
          'port',
          'fuelType',
          'quantityT',
          'supplier',
          'startTime',
          'endTime',
          'tankNumber',
          'sulphurPct',
          'bdnNumber',
        ],
      ],
      [
        'oil-change',
        [
          'equipment',
          'oilTypeBefore',
          'oilTypeAfter',
          'latitude',
          'longitude',
          'startTime',
          'endTime',
          'reason',
          'operator',
        ],
      ],
    ] as const) {
      const { items } = (await get(t, `/api/v1/records/${path}?limit=1000`)).json();
      expect(items.length).toBeGreaterThan(0);
      for (const r of items as Json[]) {
        const body = Object.fromEntries(fields.map((f) => [f, r[f]]));
        const res = await put(t, `/api/v1/records/${path}/${r.id}`, body);
        failures.push(...refused(res, `${path} ${r.startTime}`));
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
