import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREFILL_SOURCE, prefillFillingRecords } from '../src/simulator/prefill-filling.ts';
import { get } from './http.ts';
import { simulateHistory } from './sim-history.ts';
import { createTestApp, storeKinds, type TestApp } from './stores.ts';

type Rec = {
  id: string;
  kind: string;
  status: string;
  checkState: string;
  issues: { code: string; message: string; severity: string }[];
  regimes: string[];
  data: Record<string, unknown>;
  consumedT: Record<string, number>;
};

describe.each(storeKinds)('pre-filling filling records from the simulator voyages on %s', (kind) => {
  let t: TestApp;
  const now = Date.UTC(2026, 1, 10, 12, 0);
  const list = async (): Promise<Rec[]> => (await get(t, '/api/v1/filling/records')).json().records;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await simulateHistory(t, now, 40);
  }, 300_000);
  afterAll(() => t.close());

  it('saves the Supramax as basic info and fills every voyage event as a clean record', async () => {
    const r = await prefillFillingRecords(t.services);
    expect(r.shipCreated).toBe(true);
    expect(r.created).toBeGreaterThan(5);
    const ship = (await get(t, '/api/v1/ship')).json();
    expect(ship.complete).toBe(true);
    expect(ship.ship.fuelTypes.map((f: { fuelType: string }) => f.fuelType)).toEqual(['ls_hfo', 'mdo_mgo']);

    const records = await list();
    expect(records).toHaveLength(r.created);
    const kinds = new Set(records.map((x) => x.kind));
    for (const k of ['departure', 'arrival', 'anchorage_start', 'anchorage_end']) expect(kinds).toContain(k);
    const errors = records.filter((x) => x.checkState === 'error');
    expect(errors.map((x) => [x.kind, x.issues])).toEqual([]);
    for (const x of records) {
      expect(x.status).toBe('not_submitted');
      expect(x.regimes).toContain('imo_dcs');
    }
    // Consumption per fuel type is entered, and the ROB chain adds up to it.
    const arrival = records.find((x) => x.kind === 'arrival' && Object.keys(x.consumedT).length > 0);
    expect(arrival).toBeDefined();
    expect(arrival?.data.distanceNm).toBeGreaterThan(0);
    const departure = records.find((x) => x.kind === 'departure') as Rec;
    expect(departure.data).toMatchObject({ portNameEn: expect.any(String), cargoT: expect.any(Number) });
    // A voyage to or from an EEA port belongs to EU MRV as well.
    if (records.some((x) => x.data.portInEea === true)) {
      expect(records.some((x) => x.regimes.includes('eu_mrv'))).toBe(true);
    }
  });

  it('is idempotent and never overwrites a record the crew corrected or deleted', async () => {
    const before = await list();
    const departure = before.find((x) => x.kind === 'departure') as Rec;
    const edited = { ...departure.data, kind: 'departure', cargoT: 12_345 };
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/filling/records/${departure.id}`,
      headers: t.auth,
      payload: { record: edited },
    });
    expect(put.statusCode).toBe(200);
    const victim = before.find((x) => x.kind === 'bunkering' || x.kind === 'anchorage_start') as Rec;
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/filling/records/${victim.id}`,
      headers: t.auth,
    });
    expect(del.statusCode).toBe(204);

    const again = await prefillFillingRecords(t.services);
    expect(again).toMatchObject({ created: 0, shipCreated: false });
    const after = await list();
    expect(after).toHaveLength(before.length - 1);
    expect(after.find((x) => x.id === departure.id)?.data.cargoT).toBe(12_345);
    expect(after.find((x) => x.id === victim.id)).toBeUndefined();
    const rows = await t.testStore.store.db
      .selectFrom('filling_records')
      .select('source')
      .distinct()
      .execute();
    expect(rows.map((r) => r.source).sort()).toEqual(['crew', PREFILL_SOURCE].sort());
  });
});
