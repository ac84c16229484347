import { ciiMessages } from '@ecohelm/contracts';
import { calculateCii } from '@ecohelm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prefillFillingRecords } from '../src/simulator/prefill-filling.ts';
import { simulateHistory } from './sim-history.ts';
import { createTestApp, storeKinds, type TestApp } from './stores.ts';

const HOUR = 3_600_000;

describe.each(storeKinds)('CII statistics, report samples and simulator on %s', (kind) => {
  let t: TestApp;
  const now = Math.floor((Date.now() - HOUR) / 60_000) * 60_000;
  const year = new Date(now - 30 * 86_400_000).getUTCFullYear();
  const get = (url: string, headers: Record<string, string> = t.auth) => t.app.inject({ url, headers });

  beforeAll(async () => {
    t = await createTestApp(kind);
  }, 300_000);
  afterAll(() => t.close());

  it('needs a device token and the ship basic info', async () => {
    expect((await get('/api/v1/cii/statistics', {})).statusCode).toBe(401);
    const res = await get('/api/v1/cii/statistics');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.details.reason).toBe('ship_incomplete');
    await simulateHistory(t, now, 50);
    await prefillFillingRecords(t.services);
  }, 300_000);

  it('rates the year to date and agrees with the domain on the stored records', async () => {
    const res = await get(`/api/v1/cii/statistics?dimension=annual&unit=month&year=${year}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.series).toHaveLength(12);
    expect(body.series[0].label).toBe(`${year}-01`);
    const s = body.summary;
    expect(s.distanceNm).toBeGreaterThan(1000);
    expect(s.attainedCii).toBeGreaterThan(0);
    expect(['A', 'B', 'C', 'D', 'E']).toContain(s.rating);
    expect(s.boundaries.superior).toBeLessThan(s.boundaries.lower);
    expect(s.boundaries.upper).toBeLessThan(s.boundaries.inferior);
    // CO2 and attained CII recomputed with the domain from the reported fuel and distance.
    const again = calculateCii({
      shipType: 'bulk_carrier',
      dwt: 57_000,
      year,
      distanceNm: s.distanceNm,
      fuelTonnes: s.fuelT,
    });
    expect(s.co2T).toBeCloseTo(again.co2Tonnes, 6);
    expect(s.attainedCii).toBeCloseTo(again.attainedCii, 6);
    // The fuel the statistics count is the fuel the records say was consumed (ROB chain), give or take the
    // first record of the chain (no reading before it).
    const records = (await get(`/api/v1/filling/records?regime=imo_dcs&year=${year}`)).json().records as {
      consumedT: Record<string, number>;
    }[];
    const consumed = records.reduce((a, r) => a + Object.values(r.consumedT).reduce((x, y) => x + y, 0), 0);
    const counted = Object.values(s.fuelT as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(Math.abs(consumed - counted) / counted).toBeLessThan(0.1);
    // The months add up to the year.
    const monthsCo2 = body.series.reduce((a: number, p: { co2T: number }) => a + p.co2T, 0);
    expect(monthsCo2).toBeCloseTo(s.co2T, 3);
    expect(body.years).toContain(year);
  });

  it('lists CII voyage rows, by voyage and by search, and weekly periods', async () => {
    const voyages = (await get(`/api/v1/cii/statistics?dimension=voyage&year=${year}`)).json();
    expect(voyages.voyages.length).toBeGreaterThan(0);
    const row = voyages.voyages[0];
    expect(row).toMatchObject({
      voyageNumber: expect.any(String),
      startTime: expect.any(String),
      arrivalTime: expect.any(String),
      co2T: expect.any(Number),
      fuelT: expect.any(Number),
      distanceNm: expect.any(Number),
      hoursUnderway: expect.any(Number),
      cargoT: expect.any(Number),
      requiredCii: expect.any(Number),
    });
    // The table lists the latest voyage first; the chart runs oldest first.
    expect(voyages.series.map((p: { label: string }) => p.label)).toEqual(
      voyages.voyages.map((v: { voyageNumber: string }) => v.voyageNumber).reverse(),
    );
    // The gauge is the rows' sum.
    const sum = (k: 'co2T' | 'distanceNm') =>
      voyages.voyages.reduce((a: number, v: Record<string, number>) => a + (v[k] ?? 0), 0);
    expect(voyages.summary.co2T).toBeCloseTo(sum('co2T'), 6);
    expect(voyages.summary.distanceNm).toBeCloseTo(sum('distanceNm'), 6);
    const search = (
      await get(`/api/v1/cii/statistics?dimension=voyage&year=${year}&search=${row.voyageNumber}`)
    ).json();
    expect(search.voyages.every((v: { voyageNumber: string }) => v.voyageNumber === row.voyageNumber)).toBe(
      true,
    );

    const from = new Date(now - 28 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(now).toISOString().slice(0, 10);
    const weeks = await get(`/api/v1/cii/statistics?dimension=custom&unit=week&from=${from}&to=${to}`);
    expect(weeks.statusCode).toBe(200);
    expect(weeks.json().series.length).toBeGreaterThanOrEqual(4);
    expect(weeks.json().series[0].label).toMatch(/^\d{4}-W\d{2}$/);
    const noRange = await get('/api/v1/cii/statistics?dimension=custom');
    expect(noRange.statusCode).toBe(400);
    expect(noRange.json().error.details[0].message).toBe(ciiMessages.customRange);
  });

  it('answers the SEEMP Part III plan, the DCS format and the trial CII', async () => {
    const res = await get(`/api/v1/cii/report?year=${year}`);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    const planned = r.seemp.years.filter((y: { kind: string }) => y.kind === 'planned');
    expect(planned.length).toBeGreaterThan(0);
    expect(planned[0].year).toBe(year + 1);
    expect(r.seemp.corrective).toMatchObject({ required: expect.any(Boolean) });
    const annual = (await get(`/api/v1/cii/statistics?year=${year}`)).json().summary;
    expect(r.dcs.co2T).toBeCloseTo(annual.co2T, 3);
    expect(r.dcs.distanceNm).toBeCloseTo(annual.distanceNm, 3);
    expect(r.dcs.imoNumber).toBe('9812341');
    expect(r.trial.attainedCii).toBeCloseTo(annual.attainedCii, 6);
    expect(r.trial.rules.join(' ')).toMatch(/MEPC\.353\(78\)/);
  });

  it('simulates year-end CII at several speeds from the fitted model', async () => {
    const missing = await get('/api/v1/cii/simulator?days=30');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details[0].message).toBe(ciiMessages.speed);
    const noDays = await get('/api/v1/cii/simulator?speeds=12');
    expect(noDays.statusCode).toBe(400);
    expect(noDays.json().error.details[0].message).toBe(ciiMessages.days);

    const res = await get(`/api/v1/cii/simulator?speeds=10,12,14&days=60&rating=C&year=${year}`);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.model.source).toBe('telemetry');
    expect(r.model.b).toBeGreaterThan(1.5);
    expect(r.model.b).toBeLessThan(5);
    expect(r.scenarios).toHaveLength(3);
    const [slow, , fast] = r.scenarios;
    expect(fast.dailyFuelT).toBeGreaterThan(slow.dailyFuelT);
    expect(slow.plannedDistanceNm).toBeCloseTo(10 * 24 * 60, 6);
    expect(r.curve.length).toBeGreaterThan(10);
    if (r.maxSpeed.speedKn !== null) {
      const at = r.curve.filter((p: { speedKn: number }) => p.speedKn > r.maxSpeed.speedKn + 0.5);
      for (const p of at) expect(['D', 'E']).toContain(p.rating);
    }
  });
});
