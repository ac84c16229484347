import { fillingMessages, plausibilityMessages } from '@ecohelm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrival, departure, hfoOnly, startInfo, validShip } from '../../../testing/factories.ts';
import { del, get, post, postRecord, put } from './http.ts';
import { createTestApp, storeKinds, type TestApp, viewerAuth } from './stores.ts';

type Json = Record<string, unknown>;

describe.each(storeKinds)('information filling on %s', (kind) => {
  let t: TestApp;
  let viewer: { authorization: string };
  const save = (record: Json, draft = false) => postRecord(t, record, draft);
  const list = async (query = '') => (await get(t, `/api/v1/filling/records${query}`)).json();
  const report = (ids: string[]) => post(t, '/api/v1/filling/records/report', { ids });

  beforeAll(async () => {
    t = await createTestApp(kind);
    viewer = await viewerAuth(t);
  });
  afterAll(() => t.close());

  it('refuses filling before the ship basic info is complete with 409 ship_incomplete', async () => {
    const res = await save(departure());
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'conflict',
      message: fillingMessages.fillShipFirst,
      details: { reason: 'ship_incomplete' },
    });
    const check = await post(t, '/api/v1/filling/records/check', { record: departure() });
    expect(check.statusCode).toBe(409);
  });

  it('saves a clean arrival and departure whose ROB adds up', async () => {
    await put(t, '/api/v1/ship', validShip());
    await post(t, '/api/v1/ship/start-info', startInfo());
    const a = await save(arrival());
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({
      kind: 'arrival',
      status: 'not_submitted',
      checkState: 'ok',
      consumedT: { ls_hfo: 20 },
    });
    const bunker = await save({
      kind: 'bunkering',
      voyageNumber: '2301',
      regimes: ['eu_mrv', 'imo_dcs'],
      eventTime: '2025-03-01T12:00:00Z',
      bunkers: [{ fuelType: 'ls_hfo', quantityT: 205, sulphurPct: 0.45, bdnNumber: 'BDN-1' }],
    });
    expect(bunker.statusCode).toBe(201);
    // 700 + 205 − 5 = 900
    const d = await save(departure());
    expect(d.statusCode).toBe(201);
    expect(d.json()).toMatchObject({ checkState: 'ok', issues: [], consumedT: { ls_hfo: 5 } });
  });

  it('refuses a departure ROB that does not follow from the last ROB + bunkered − consumed, at the field', async () => {
    const check = (robT: number) =>
      post(t, '/api/v1/filling/records/check', {
        record: departure({
          eventTime: '2025-03-02T09:00:00Z',
          fuel: [{ fuelType: 'ls_hfo', robT, consumedT: 5 }],
        }),
      });
    // 900 − 5 = 895, not 950: refused beyond the tolerance (0.5 t or 1 %), the check and the save alike.
    const res = await check(950);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.details).toContainEqual({
      path: 'body.record.fuel.0.robT',
      message: expect.stringContaining(plausibilityMessages.rob_mismatch),
    });
    expect(
      (
        await save(
          departure({
            eventTime: '2025-03-02T09:00:00Z',
            fuel: hfoOnly(950, 5),
          }),
        )
      ).statusCode,
    ).toBe(400);
    // Within the rule, the new departure still follows the departure above, not an arrival: flagged.
    const flagged = await check(895);
    expect(flagged.statusCode).toBe(200);
    expect(flagged.json().checkState).toBe('error');
    expect(flagged.json().issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'time_order', severity: 'error' })]),
    );
  });

  it('refuses an impossible passage, flags a fast one, a fuel the ship lacks and a barge-out in the ROB chain', async () => {
    const passage = (distanceNm: number) =>
      save(
        arrival({
          voyageNumber: '2302',
          portNameEn: 'Hamburg',
          eventTime: '2025-03-03T08:00:00Z', // 24 h after departure
          distanceNm,
          fuel: [
            { fuelType: 'ls_hfo', robT: 850 },
            { fuelType: 'lng', robT: 10 },
          ],
        }),
      );
    // 37.5 kn against a service speed of 14 kn (at most 1.5 × 14 = 21 kn): refused at the distance.
    const fast = await passage(900);
    expect(fast.statusCode).toBe(400);
    expect(fast.json().error.details).toContainEqual({
      path: 'body.record.distanceNm',
      message: `${plausibilityMessages.leg_too_fast} (900.0 nm / 24.0 h = 37.5 kn)`,
    });
    // 18.75 kn: possible, above the service speed: a warning.
    const a = await passage(450);
    expect(a.statusCode).toBe(201);
    const codes = a.json().issues.map((i: { code: string }) => i.code);
    expect(codes).toEqual(expect.arrayContaining(['distance_implausible', 'fuel_not_on_ship']));
    expect(a.json().checkState).toBe('error');

    await save({
      kind: 'barge_out',
      voyageNumber: '2302',
      regimes: ['imo_dcs'],
      eventTime: '2025-03-03T10:00:00Z',
      barges: [{ fuelType: 'ls_hfo', quantityT: 50 }],
    });
    // 850 − 50 − 4 = 796
    const ok = await post(t, '/api/v1/filling/records/check', {
      record: departure({
        voyageNumber: '2302',
        eventTime: '2025-03-04T08:00:00Z',
        fuel: hfoOnly(796, 4),
      }),
    });
    expect(ok.json().issues.filter((i: { code: string }) => i.code.startsWith('rob'))).toEqual([]);
  });

  it.each([
    ['portNameEn', { portNameEn: '' }, fillingMessages.portName],
    ['eventTime', { eventTime: undefined }, fillingMessages.departureTime],
    ['cargoT', { cargoT: undefined }, fillingMessages.departureData],
    ['ballastT', { ballastT: undefined }, fillingMessages.departureBallast],
    ['fuel', { fuel: [] }, fillingMessages.departureFuel],
  ])('refuses a departure without %s with the spec prompt', async (path, patch, message) => {
    const res = await save(departure(patch));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toContainEqual(
      expect.objectContaining({ path: `body.record.${path}`, message }),
    );
  });

  it.each([
    ['longitude', { longitude: undefined }, fillingMessages.longitude],
    ['latitude', { latitude: 91 }, fillingMessages.latitude],
    ['cargoT', { cargoT: undefined }, fillingMessages.endCargo],
    ['eventTime', { eventTime: 'yesterday' }, fillingMessages.endAnchorTime],
  ])('refuses an end of anchorage without %s with the spec prompt', async (path, patch, message) => {
    const res = await save({
      kind: 'anchorage_end',
      voyageNumber: '2302',
      regimes: ['imo_dcs'],
      eventTime: '2025-03-05T08:00:00Z',
      longitude: 4.1,
      latitude: 52,
      cargoT: 70_000,
      fuel: hfoOnly(780),
      ...patch,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toContainEqual(
      expect.objectContaining({ path: `body.record.${path}`, message }),
    );
  });

  it('keeps a partial draft and shows it under error and not submitted', async () => {
    const res = await save({ kind: 'anchorage_start', voyageNumber: '2302' }, true);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'draft', checkState: 'error', eventTime: null });
    const { counts, records } = await list('?filter=error');
    expect(records.map((r: { id: string }) => r.id)).toContain(res.json().id);
    expect(counts.not_submitted).toBeGreaterThanOrEqual(1);
    const updated = await put(t, `/api/v1/filling/records/${res.json().id}`, {
      draft: false,
      record: {
        kind: 'anchorage_start',
        voyageNumber: '2302',
        regimes: ['imo_dcs'],
        eventTime: '2025-03-05T02:00:00Z',
        longitude: 4.1,
        latitude: 52,
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ status: 'not_submitted', eventTime: '2025-03-05T02:00:00.000Z' });
  });

  it('filters by regime and status', async () => {
    const mrv = await list('?regime=eu_mrv');
    const dcs = await list('?regime=imo_dcs');
    expect(dcs.counts.all).toBeGreaterThan(mrv.counts.all); // the barge-out is DCS only
    expect(mrv.records.every((r: { regimes: string[] }) => r.regimes.includes('eu_mrv'))).toBe(true);
    const bad = await get(t, '/api/v1/filling/records?filter=odd');
    expect(bad.statusCode).toBe(400);
  });

  it('reports only departure, end of anchorage and end of drift, then locks them', async () => {
    expect((await report([])).json().error.message).toBe(fillingMessages.selectData);
    expect((await report([])).statusCode).toBe(400);
    const { records } = await list('?filter=all');
    const arrivalRec = records.find((r: Json) => r.kind === 'arrival' && r.checkState === 'ok');
    const departureRec = records.find((r: Json) => r.kind === 'departure' && r.checkState === 'ok');
    const wrongType = await report([arrivalRec.id, departureRec.id]);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.message).toBe(fillingMessages.reportType);

    const ok = await report([departureRec.id]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ reported: 1, records: [{ id: departureRec.id, status: 'submitted' }] });

    const again = await report([departureRec.id]);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details).toEqual({ reason: 'record_locked' });
    const edit = await put(t, `/api/v1/filling/records/${departureRec.id}`, { record: departure() });
    expect(edit.statusCode).toBe(409);
    const removed = await del(t, `/api/v1/filling/records/${departureRec.id}`);
    expect(removed.statusCode).toBe(409);
    expect((await list('?filter=submitted')).counts.submitted).toBe(1);
  });

  it('refuses to report a record with errors or a draft', async () => {
    const { records } = await list('?filter=all');
    const broken = await save(
      departure({
        voyageNumber: '2303',
        eventTime: '2025-03-06T08:00:00Z',
        fuel: [{ fuelType: 'lng', robT: 5 }],
      }),
    );
    expect(broken.json(), JSON.stringify(broken.json())).toMatchObject({ checkState: 'error' });
    const res = await report([broken.json().id]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.details).toEqual({ reason: 'record_has_errors' });
    const draft = await save(
      departure({ voyageNumber: '2304', eventTime: '2025-03-07T08:00:00Z', fuel: [] }),
      true,
    );
    expect((await report([draft.json().id])).json().error.details).toEqual({ reason: 'record_is_draft' });
    expect((await report(['nope'])).statusCode).toBe(404);
    expect(records.length).toBeGreaterThan(0);
  });

  it('deletes a record that is not submitted', async () => {
    const created = await save(
      departure({ voyageNumber: '2304', eventTime: '2025-04-01T08:00:00Z', fuel: [] }),
      true,
    );
    const removed = await del(t, `/api/v1/filling/records/${created.json().id}`);
    expect(removed.statusCode).toBe(204);
    const missing = await del(t, `/api/v1/filling/records/${created.json().id}`);
    expect(missing.statusCode).toBe(404);
  });

  it('answers 401 without a token and 403 to a viewer writing', async () => {
    expect((await get(t, '/api/v1/filling/records', {})).statusCode).toBe(401);
    expect((await get(t, '/api/v1/filling/records', viewer)).statusCode).toBe(200);
    for (const [method, url] of [
      ['POST', '/api/v1/filling/records'],
      ['POST', '/api/v1/filling/records/check'],
      ['POST', '/api/v1/filling/records/report'],
      ['PUT', '/api/v1/filling/records/x'],
      ['DELETE', '/api/v1/filling/records/x'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: viewer,
        payload: { record: departure(), ids: ['x'] },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('gives DCS/MRV aggregation the records of a period with their consumption', async () => {
    const recs = await t.services.filling.forAggregation({
      from: '2025-01-01T00:00:00Z',
      to: '2026-01-01T00:00:00Z',
      regime: 'eu_mrv',
    });
    const arr = recs.find((r) => r.kind === 'arrival' && r.voyageNumber === '2301');
    expect(arr?.consumedT).toEqual({ ls_hfo: 20 });
    const submitted = await t.services.filling.forAggregation({
      from: '2025-01-01T00:00:00Z',
      to: '2026-01-01T00:00:00Z',
      submittedOnly: true,
    });
    expect(submitted.map((r) => r.kind)).toEqual(['departure']);
  });
});
