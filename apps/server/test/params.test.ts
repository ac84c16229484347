import { fuelStatisticsResponseSchema, trackResponseSchema } from '@ecohelm/contracts';
import { greatCircleNm } from '@ecohelm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateHistory } from './sim-history.ts';
import { createTestApp, storeKinds, type TestApp } from './stores.ts';

const DAY = 86_400_000;

describe('parameter analysis on simulated history', () => {
  let t: TestApp;
  const now = Date.parse('2026-06-01T00:00:00Z');
  const from = new Date(now - 14 * DAY).toISOString();
  const to = new Date(now).toISOString();
  const get = (url: string) => t.app.inject({ url, headers: t.auth });

  beforeAll(async () => {
    t = await createTestApp(storeKinds[0]!);
    await simulateHistory(t, now, 20);
  }, 300_000);
  afterAll(() => t?.close());

  it('draws the track of a range coloured by speed, its port calls and the distance sailed', async () => {
    const res = await get(`/api/v1/params/track?from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    const body = trackResponseSchema.parse(res.json());
    expect(body.points.length).toBeGreaterThan(1000);
    expect(body.points.length).toBeLessThanOrEqual(2000);
    expect(body.unit).toBe('kn');
    for (const p of body.points) {
      expect(Math.abs(p.lat)).toBeLessThanOrEqual(90);
      expect(p.value === null || (p.value >= 0 && p.value < 25)).toBe(true);
    }
    // Independent: the great-circle legs between consecutive minute positions.
    const lats = await t.services.telemetry.rollups(
      '1m',
      'navigation.position.latitude',
      Date.parse(from),
      now,
    );
    const lons = new Map(
      (await t.services.telemetry.rollups('1m', 'navigation.position.longitude', Date.parse(from), now)).map(
        (r) => [r.t, r.sum / r.n],
      ),
    );
    let legs = 0;
    for (let i = 1; i < lats.length; i++) {
      const a = lats[i - 1]!;
      const b = lats[i]!;
      if (b.t - a.t !== 60) continue;
      legs += greatCircleNm(a.sum / a.n, lons.get(a.t)!, b.sum / b.n, lons.get(b.t)!);
    }
    expect(legs).toBeGreaterThan(1000);
    expect(Math.abs(body.distanceNm - legs) / legs).toBeLessThan(0.03);
    const events = await t.services.voyages.listEvents({ from, to, type: ['arrival'], limit: 100 });
    expect(body.portCalls).toHaveLength(events.length);
  });

  it('gives the fuel of the range per day and per mile, the same fuel as the consumption distribution', async () => {
    const body = fuelStatisticsResponseSchema.parse(
      (await get(`/api/v1/params/fuel?from=${from}&to=${to}`)).json(),
    );
    const consumption = (await get(`/api/v1/consumption?from=${from}&to=${to}`)).json();
    expect(body.fuelT).toBeCloseTo(consumption.current.total.fuelT, 9);
    expect(body.tPerDay).toBeCloseTo((body.fuelT / body.hours) * 24, 9);
    expect(body.kgPerNm).toBeCloseTo((body.fuelT * 1000) / body.distanceNm, 9);
    expect(body.byFuel.reduce((s, f) => s + f.fuelT, 0)).toBeCloseTo(body.fuelT, 9);
    expect(body.byConsumer.find((c) => c.consumer === 'me')!.fuelT).toBeGreaterThan(0.5 * body.fuelT);
  });

  it('refuses an unknown colouring channel and a range the wrong way round', async () => {
    const unknown = await get(`/api/v1/params/track?from=${from}&to=${to}&channel=engine.magic`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details).toEqual([
      { path: 'querystring.channel', message: 'There is no such channel.' },
    ]);
    const backwards = await get(`/api/v1/params/fuel?from=${to}&to=${from}`);
    expect(backwards.statusCode).toBe(400);
  });
});
