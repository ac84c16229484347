import { ecaMessages, plausibilityMessages } from '@ecohelm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  arrival,
  bunkerRecord,
  departure,
  ecaCircle,
  hfoOnly,
  oilChangeRecord,
  startInfo,
  validShip,
} from '../../../testing/factories.ts';
import { call, get, postRecord } from './http.ts';
import { createTestApp, storeKinds, type TestApp } from './stores.ts';

type Json = Record<string, unknown>;
const DAY = 86_400_000;

describe.each(storeKinds)('entries that cannot be true are refused at the field on %s', (kind) => {
  let t: TestApp;
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    call(t, method, url, payload);
  const post = (record: Json, draft = false) => postRecord(t, record, draft);
  /** Saves `record` (201) and submits it when `submit`: its saved form. */
  const saved = async (record: Json, submit = false) => {
    const res = await post(record);
    expect(res.statusCode, res.body).toBe(201);
    if (submit) {
      const report = await send('POST', '/api/v1/filling/records/report', { ids: [res.json().id] });
      expect(report.statusCode).toBe(200);
    }
    return res.json();
  };
  /** The 400's reasons as `path → message`. */
  const reasons = (res: {
    json(): { error: { code: string; details: { path: string; message: string }[] } };
  }) => {
    expect(res.json().error.code).toBe('validation_failed');
    return Object.fromEntries(res.json().error.details.map((d) => [d.path, d.message]));
  };
  const bunker = bunkerRecord();
  const oilChange = oilChangeRecord();

  beforeAll(async () => {
    t = await createTestApp(kind);
    const ship = await send('PUT', '/api/v1/ship', { ...validShip(), buildDate: '2012-05-01' });
    expect(ship.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('refuses a bunker record dated 1900-01-01, a day ahead or above the tank, and keeps a plausible one', async () => {
    const old = await send('POST', '/api/v1/records/bunker', {
      ...bunker,
      startTime: '1900-01-01T00:00:00.000Z',
      endTime: '1900-01-01T06:00:00.000Z',
    });
    expect(old.statusCode).toBe(400);
    expect(reasons(old)).toMatchObject({
      'body.startTime': `${plausibilityMessages.before_build_date} (1900-01-01 < 2012-05-01)`,
      'body.endTime': expect.stringContaining(plausibilityMessages.before_build_date),
    });
    const ahead = new Date(Date.now() + 3 * DAY).toISOString();
    const future = await send('POST', '/api/v1/records/bunker', {
      ...bunker,
      startTime: ahead,
      endTime: ahead,
    });
    expect(future.statusCode).toBe(400);
    expect(reasons(future)['body.startTime']).toContain(plausibilityMessages.in_future);
    // The ship's LS HFO tanks hold 2,500 t.
    const over = await send('POST', '/api/v1/records/bunker', { ...bunker, quantityT: 3000 });
    expect(over.statusCode).toBe(400);
    expect(reasons(over)).toEqual({
      'body.quantityT': `${plausibilityMessages.above_capacity} (3000.0 t > 2500.0 t)`,
    });
    const ok = await send('POST', '/api/v1/records/bunker', bunker);
    expect(ok.statusCode).toBe(201);
    const edit = await send('PUT', `/api/v1/records/bunker/${ok.json().id}`, {
      ...bunker,
      startTime: '1900-01-01T00:00:00.000Z',
    });
    expect(edit.statusCode).toBe(400);
  });

  it('refuses an oil change before the build date', async () => {
    const res = await send('POST', '/api/v1/records/oil-change', {
      ...oilChange,
      startTime: '1900-01-01T00:00:00.000Z',
    });
    expect(res.statusCode).toBe(400);
    expect(reasons(res)['body.startTime']).toContain(plausibilityMessages.before_build_date);
    expect((await send('POST', '/api/v1/records/oil-change', oilChange)).statusCode).toBe(201);
  });

  it('refuses start info with 1,000,000,000,000 t of LS HFO against a 2,500 t tank', async () => {
    const res = await send(
      'POST',
      '/api/v1/ship/start-info',
      startInfo({
        robs: [
          { fuelType: 'mdo_mgo', robT: 100 },
          { fuelType: 'ls_hfo', robT: 1_000_000_000_000 },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(reasons(res)).toEqual({
      'body.robs.1.robT': `${plausibilityMessages.above_capacity} (1000000000000.0 t > 2500.0 t)`,
    });
    const ok = await send('POST', '/api/v1/ship/start-info', startInfo());
    expect(ok.statusCode).toBe(201);
  });

  it('refuses an ECA zone in force from 1900 and a zone name over 32 characters', async () => {
    const zone = ecaCircle({ from: '1900-01-01' });
    const early = await send('POST', '/api/v1/eca/zones', zone);
    expect(early.statusCode).toBe(400);
    expect(reasons(early)).toEqual({ 'body.from': ecaMessages.fromTooEarly });
    const long = await send('POST', '/api/v1/eca/zones', {
      ...zone,
      from: '2026-01-01',
      name: 'x'.repeat(33),
    });
    expect(long.statusCode).toBe(400);
    expect(reasons(long)).toEqual({ 'body.name': ecaMessages.nameLength });
    expect((await send('POST', '/api/v1/eca/zones', { ...zone, from: '2026-01-01' })).statusCode).toBe(201);
  });

  it('refuses ship text over 32 characters', async () => {
    const res = await send('PUT', '/api/v1/ship', {
      ...validShip(),
      buildDate: '2012-05-01',
      shipyard: 'y'.repeat(33),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(reasons(res))).toEqual(['body.shipyard']);
  });

  it('refuses a stay of no length and a day under way for under 1 nm', async () => {
    const at = (d: string) => `2025-02-${d}Z`;
    expect(
      (
        await post(
          departure({
            eventTime: at('01T08:00:00'),
            fuel: hfoOnly(700, 20),
          }),
        )
      ).statusCode,
    ).toBe(201);
    const start = {
      kind: 'anchorage_start',
      voyageNumber: '2301',
      regimes: ['imo_dcs'],
      eventTime: at('02T08:00:00'),
      longitude: 4.1,
      latitude: 52,
    };
    expect((await post(start)).statusCode).toBe(201);
    const end = await post({
      ...start,
      kind: 'anchorage_end',
      cargoT: 70_000,
      fuel: hfoOnly(690),
    });
    expect(end.statusCode).toBe(400);
    expect(reasons(end)).toEqual({
      'body.record.eventTime': `${plausibilityMessages.stay_zero_length} (2025-02-02 08:00)`,
    });
    const later = await post({
      ...start,
      kind: 'anchorage_end',
      eventTime: at('03T08:00:00'),
      cargoT: 70_000,
      fuel: hfoOnly(690),
    });
    expect(later.statusCode).toBe(201);
    // Departed on the 1st, anchored 24 h, arrived on the 5th: 72 h under way for 0.5 nm.
    const still = await post(arrival({ eventTime: at('05T08:00:00'), distanceNm: 0.5, fuel: hfoOnly(650) }));
    expect(still.statusCode).toBe(400);
    expect(reasons(still)).toEqual({
      'body.record.distanceNm': `${plausibilityMessages.leg_without_distance} (0.5 nm, 72.0 h)`,
    });
  });

  it('keeps a draft whose ROB does not follow (flagged), but not one above the tank', async () => {
    const rise = arrival({
      voyageNumber: '2309',
      eventTime: '2025-02-20T08:00:00Z',
      distanceNm: 100,
      fuel: hfoOnly(2000),
    });
    expect((await post(rise)).statusCode).toBe(400);
    const draft = await post(rise, true);
    expect(draft.statusCode).toBe(201);
    expect(draft.json()).toMatchObject({ status: 'draft', checkState: 'error' });
    const over = await post({ ...rise, fuel: hfoOnly(2600) }, true);
    expect(over.statusCode).toBe(400);
    expect(reasons(over)).toEqual({
      'body.record.fuel.0.robT': `${plausibilityMessages.above_capacity} (2600.0 t > 2500.0 t)`,
    });
    expect((await send('DELETE', `/api/v1/filling/records/${draft.json().id}`)).statusCode).toBe(204);
  });

  it('refuses to delete the arrival a submitted departure depends on, naming the departure (409)', async () => {
    const a = await saved(
      arrival({
        voyageNumber: '2302',
        eventTime: '2025-02-05T08:00:00Z',
        distanceNm: 500,
        fuel: hfoOnly(650),
      }),
    );
    const d = await saved(
      departure({ voyageNumber: '2303', eventTime: '2025-02-06T08:00:00Z', fuel: hfoOnly(640, 10) }),
      true,
    );
    expect(d.checkState).toBe('ok');

    const del = await send('DELETE', `/api/v1/filling/records/${a.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error).toMatchObject({
      code: 'conflict',
      message: 'The submitted departure of voyage 2303 at 2025-02-06 08:00 UTC needs this record.',
      details: {
        reason: 'record_required',
        dependent: {
          id: d.id,
          kind: 'departure',
          voyageNumber: '2303',
          eventTime: '2025-02-06T08:00:00.000Z',
        },
      },
    });
    // Moving the arrival after the departure would lose it as well; a correction that keeps it is fine.
    const moved = await send('PUT', `/api/v1/filling/records/${a.id}`, {
      record: {
        ...a.data,
        kind: 'arrival',
        eventTime: '2025-02-07T08:00:00Z',
        distanceNm: 100,
        fuel: hfoOnly(630),
      },
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.details.reason).toBe('record_required');
    const fixed = await send('PUT', `/api/v1/filling/records/${a.id}`, {
      record: { ...a.data, kind: 'arrival', portNameEn: 'Antwerp' },
    });
    expect(fixed.statusCode).toBe(200);
    const list = (await get(t, '/api/v1/filling/records')).json().records;
    expect(list.find((r: Json) => r.id === d.id)).toMatchObject({
      status: 'submitted',
      checkState: 'ok',
    });
  });

  it('refuses to delete the bunkering a submitted departure ROB follows from', async () => {
    await saved(
      arrival({
        voyageNumber: '2310',
        eventTime: '2025-03-01T08:00:00Z',
        distanceNm: 300,
        fuel: hfoOnly(600),
      }),
    );
    const b = await saved({
      kind: 'bunkering',
      voyageNumber: '2310',
      regimes: ['imo_dcs'],
      eventTime: '2025-03-01T12:00:00Z',
      bunkers: [{ fuelType: 'ls_hfo', quantityT: 500 }],
    });
    const d = await saved(
      departure({ voyageNumber: '2311', eventTime: '2025-03-02T08:00:00Z', fuel: hfoOnly(1095, 5) }),
      true,
    );
    expect(d.checkState, JSON.stringify(d)).toBe('ok');

    const del = await send('DELETE', `/api/v1/filling/records/${b.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.details).toMatchObject({
      reason: 'record_required',
      dependent: { id: d.id },
    });
    // A second departure slipped under it is not refused (the list flags the submitted one), as deleting it undoes it.
    const between = await post(
      departure({
        voyageNumber: '2311',
        eventTime: '2025-03-02T02:00:00Z',
        fuel: hfoOnly(1098),
      }),
    );
    expect(between.statusCode, between.body).toBe(201);
    expect((await send('DELETE', `/api/v1/filling/records/${between.json().id}`)).statusCode).toBe(204);
  });
});
