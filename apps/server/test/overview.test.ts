import { overviewNavigation } from '@ecohelm/contracts';
import { CHANNEL, calculateCii } from '@ecohelm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrival, departure, hfoOnly, validShip } from '../../../testing/factories.ts';
import { DeviceSettingsRepository } from '../src/features/overview/overview.repository.ts';
import { OverviewService } from '../src/features/overview/overview.service.ts';
import { get, postRecord, put } from './http.ts';
import { createTestApp, storeKinds, type TestApp, viewerAuth } from './stores.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const SOG_MS = 6; // 11.66 kn
const HFO_KG_S = 0.25; // 21.6 t/day

describe.each(storeKinds)('overview on %s', (kind) => {
  let t: TestApp;
  const now = Date.now();
  const today = Math.floor(now / DAY) * DAY;
  const from = today - 3 * DAY;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const writer = t.services.telemetry.bulkHistory({ minutesAreNew: true });
    const sog = writer.channelId('navigation.speedOverGround');
    const hfo = writer.channelId('propulsion.main.fuel.hfo.massFlow');
    for (let m = from; m < now - 60_000; m += 60_000) {
      writer.minute(sog, m, { mean: SOG_MS, min: SOG_MS, max: SOG_MS, last: SOG_MS, count: 60 });
      writer.minute(hfo, m, { mean: HFO_KG_S, min: HFO_KG_S, max: HFO_KG_S, last: HFO_KG_S, count: 60 });
    }
    await writer.finish();
    // The last fix lies in the North Sea ECA, heading for nothing in particular.
    await t.services.telemetry.writeSamples([
      { channel: 'navigation.position.latitude', t: now - 1000, value: 55 },
      { channel: 'navigation.position.longitude', t: now - 1000, value: 4 },
      { channel: 'tanks.fuel.hfo.currentMass', t: now - 1000, value: 812_000 },
      // The navigation panel's heading (rad) and M/E power (W); the other four have no value yet.
      { channel: CHANNEL.heading, t: now - 1000, value: Math.PI / 2 },
      { channel: CHANNEL.mePower, t: now - 1000, value: 9_876_000 },
      // Lube oil: 2.5 m³ of cylinder oil received five hours ago (no bunker record holds lube oil).
      { channel: 'tanks.lubrication.cylinderOil.currentVolume', t: now - 10 * HOUR, value: 10 },
      { channel: 'tanks.lubrication.systemOil.currentVolume', t: now - 10 * HOUR, value: 20 },
      { channel: 'tanks.lubrication.cylinderOil.currentVolume', t: now - 5 * HOUR, value: 12.5 },
      { channel: 'tanks.lubrication.systemOil.currentVolume', t: now - 5 * HOUR, value: 19.9 },
    ]);
  });
  afterAll(() => t.close());

  it("reads lube oil's last delivery from its tanks: the rise of their summed ROB and the hour it ended", async () => {
    const lube = (await get(t, '/api/v1/overview'))
      .json()
      .bunker.items.find((i: { kind: string }) => i.kind === 'lube_oil');
    expect(lube.lastBunkerQuantity).toBeCloseTo(2.4, 6);
    const hourEnd = (Math.floor((now - 5 * HOUR) / HOUR) + 1) * HOUR;
    expect(lube.lastBunkerTime).toBe(new Date(hourEnd).toISOString());
    expect(lube.remainingOnBoard).toBeCloseTo(32.4, 6);
  });

  it('answers 401 without a token', async () => {
    expect((await get(t, '/api/v1/overview', {})).statusCode).toBe(401);
  });

  it("has no CII before the ship basic info exists, then the voyage ledger's daily CII, equal to packages/domain and to CII statistics", async () => {
    const before = (await get(t, '/api/v1/overview')).json();
    expect(before.cii).toBeNull();
    expect(before.eca).toMatchObject({ inside: true, insideZone: expect.stringMatching(/North Sea/i) });
    expect(before.bunker.items.find((i: { kind: string }) => i.kind === 'fuel_oil').remainingOnBoard).toBe(
      812,
    );

    await put(t, '/api/v1/ship', validShip());
    // A passage from 00:00 two days ago to 00:00 yesterday: 288 nm and 30 t of HFO.
    const dep = new Date(today - 2 * DAY).toISOString();
    const arr = new Date(today - DAY).toISOString();
    for (const record of [
      departure({ eventTime: dep, fuel: hfoOnly(900) }),
      arrival({
        eventTime: arr,
        distanceNm: 288,
        portNameEn: 'Hamburg',
        fuel: hfoOnly(870),
      }),
    ]) {
      const saved = await postRecord(t, record);
      expect(saved.statusCode, saved.body).toBe(201);
    }
    const res = await get(t, '/api/v1/overview?period=day');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const full = body.cii.points.find((p: { start: string }) => p.start === dep);
    const year = new Date(dep).getUTCFullYear();
    const expected = calculateCii({
      shipType: 'bulk_carrier',
      dwt: 82_000,
      year,
      distanceNm: 288,
      fuelTonnes: { hfo: 30 },
    });
    expect(full.distanceNm).toBeCloseTo(288, 6);
    expect(full.attained).toBeCloseTo(expected.attainedCii, 9);
    expect(full.required).toBeCloseTo(expected.requiredCii, 9);
    expect(full.rating).toBe(expected.rating);
    // The year to date is the CII statistics' annual figure.
    const stats = (
      await get(t, `/api/v1/cii/statistics?dimension=annual&unit=month&year=${body.cii.yearToDate.year}`)
    ).json();
    if (stats.summary.attainedCii === null) expect(body.cii.yearToDate.attained).toBeNull();
    else expect(body.cii.yearToDate.attained).toBeCloseTo(stats.summary.attainedCii, 9);
    expect(body.cii.yearToDate.boundaries.superior).toBeGreaterThan(0);
    // CO2 curve: the cumulative CO2 is the sum of the days.
    const days = body.co2.days as { co2T: number; cumulativeCo2T: number }[];
    expect(days.at(-1)!.cumulativeCo2T).toBeCloseTo(
      days.reduce((a, d) => a + d.co2T, 0),
      9,
    );
  });

  it('keeps at most four factors per device and refuses a fifth', async () => {
    const five = [
      'navigation.speedOverGround',
      'navigation.speedThroughWater',
      'propulsion.main.shaftPower',
      'propulsion.main.revolutions',
      'navigation.trim',
    ];
    const bad = await put(t, '/api/v1/overview/settings', { factors: five });
    expect(bad.statusCode).toBe(400);
    // With zod's code and bound beside the contract's sentence (`fieldErrorOf`).
    expect(bad.json().error.details).toEqual([
      {
        path: 'body.factors',
        message: 'At most four factors can be selected',
        code: 'too_big',
        origin: 'array',
        maximum: 4,
        inclusive: true,
      },
    ]);
    const unknown = await put(t, '/api/v1/overview/settings', { factors: ['no.such.channel'] });
    expect(unknown.statusCode).toBe(400);
    const ok = await put(t, '/api/v1/overview/settings', { factors: five.slice(0, 2) });
    expect(ok.statusCode).toBe(200);
    const hide = await put(t, '/api/v1/overview/settings', {
      factors: five.slice(0, 2),
      hiddenPanels: ['bunkerRecord'],
    });
    expect(hide.json()).toEqual({ factors: five.slice(0, 2), hiddenPanels: ['bunkerRecord'] });
    const badPanel = await put(t, '/api/v1/overview/settings', { factors: [], hiddenPanels: ['nothing'] });
    expect(badPanel.statusCode).toBe(400);
    const factors = (await get(t, '/api/v1/overview/factors')).json().factors;
    expect(factors.map((f: { channel: string }) => f.channel)).toEqual(five.slice(0, 2));
    expect(factors[0]).toMatchObject({ label: 'Speed over ground', unit: 'kn' });
    expect(factors[0].points.length).toBeGreaterThan(20);
    expect(factors[0].points[0].mean).toBeCloseTo(SOG_MS / (1852 / 3600), 6);
    // Another device keeps its own (default) choice.
    const other = await viewerAuth(t);
    const theirs = (await get(t, '/api/v1/overview/settings', other)).json();
    expect(theirs.factors).toHaveLength(4);
  });

  it('answers every panel of one console in one round trip, each part equal to its own endpoint', async () => {
    expect((await get(t, '/api/v1/overview/page', {})).statusCode).toBe(401);
    const json = async (url: string) => {
      const res = await get(t, url);
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const page = await json('/api/v1/overview/page?period=month');
    // The current day's figures grow between two calls: the parts are compared where they cannot move.
    const summary = await json('/api/v1/overview?period=month');
    const starts = (cii: { points: { start: string }[] }) => cii.points.map((p) => p.start);
    expect(starts(page.summary.cii)).toEqual(starts(summary.cii));
    expect(page.summary.bunker).toEqual(summary.bunker);
    expect(page.summary.eca.insideZone).toBe(summary.eca.insideZone);
    const channels = (f: { factors: { channel: string; label: string }[] }) =>
      f.factors.map(({ channel, label }) => ({ channel, label }));
    expect(channels(page.factors)).toEqual(channels(await json('/api/v1/overview/factors')));
    expect(page.settings).toEqual(await json('/api/v1/overview/settings'));
    expect(page.alarmStatistics).toMatchObject({ items: expect.any(Array), total: expect.any(Number) });
    // The navigation panel's values as the latest-values read gives them, in display units.
    const navigationChannels = overviewNavigation.map((n) => n.channel).join(',');
    expect(page.navigation).toEqual(await json(`/api/v1/telemetry/latest?channels=${navigationChannels}`));
    expect(
      page.navigation.values.map((v: { channel: string; value: number; unit: string }) => [
        v.channel,
        v.value,
        v.unit,
      ]),
    ).toEqual([
      [CHANNEL.mePower, 9876, 'kW'],
      [CHANNEL.heading, 90, 'deg'],
    ]);
    expect(page.summary.cii.period).toBe('month');
    const bad = await get(t, '/api/v1/overview/page?period=week');
    expect(bad.statusCode).toBe(400);
  });

  it('lets consoles asking at the same time share one computation, and computes again for the next', async () => {
    let statistics = 0;
    const overview = new OverviewService({
      telemetry: t.services.telemetry,
      ships: t.services.ships,
      records: t.services.records,
      settings: new DeviceSettingsRepository(t.testStore.store.db),
      alarmStatistics: async () => {
        statistics++;
        return { items: [], total: 0 } as never;
      },
    });
    const [a, b] = await Promise.all([overview.page('day', 'd1'), overview.page('day', 'd1')]);
    expect(a.summary).toBe(b.summary);
    expect(a.factors).toBe(b.factors);
    expect(statistics).toBe(1);
    // Another period or another console is other work.
    const [day, year] = await Promise.all([overview.overview('day'), overview.overview('year')]);
    expect(day).not.toBe(year);
    const later = await overview.page('day', 'd1');
    expect(later.summary).not.toBe(a.summary);
    expect(later.summary.bunker).toEqual(a.summary.bunker);
    expect(statistics).toBe(2);
  });
});
