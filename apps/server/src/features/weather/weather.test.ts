import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { weatherForecastListSchema, weatherImportResponseSchema } from '@ecohelm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, storeKinds, type TestApp, viewerAuth } from '../../../test/stores.ts';
import { WeatherRepository } from './weather.repository.ts';
import { gribFolderOf, WeatherService } from './weather.service.ts';

const fixtures = path.join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => readFileSync(path.join(fixtures, name));
const T0 = Date.parse('2025-03-10T00:00:00Z');
const HOUR = 3_600_000;
const DEG = Math.PI / 180;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

describe.each(storeKinds)('weather forecasts from GRIB2 (%s)', (kind) => {
  let t: TestApp;
  let weather: WeatherService;
  const now = Date.parse('2025-03-09T12:00:00Z');
  const newService = () =>
    new WeatherService(new WeatherRepository(t.testStore.store.db), { now: () => now });

  beforeAll(async () => {
    t = await createTestApp(kind);
    // The app's own service, whose routes the app registered.
    weather = t.services.weather!;
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (body: Buffer, name = 'forecast.grb2', headers: Record<string, string> = t.auth) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/weather/forecasts?name=${encodeURIComponent(name)}`,
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      payload: body,
    });
  const list = async () => (await t.app.inject({ url: '/api/v1/weather/forecasts', headers: t.auth })).json();

  it('refuses a PNG and a truncated file with 400 and stores nothing', async () => {
    const png = await upload(PNG, 'chart.png');
    expect(png.statusCode).toBe(400);
    expect(png.json().error.message).toBe('This is not a GRIB2 file or it is damaged: no GRIB message found');
    const whole = fixture('forecast.grb2');
    const cut = await upload(whole.subarray(0, whole.length - 100));
    expect(cut.statusCode).toBe(400);
    expect(cut.json().error.message).toMatch(
      /^This is not a GRIB2 file or it is damaged: message 26 is cut short \(\d+ of its \d+ bytes/,
    );
    expect(await list()).toEqual({ items: [] });
    expect(weather.at(35, -10, T0)).toBeUndefined();
  });

  it('needs a device token to list and settings:write to upload or delete', async () => {
    expect((await t.app.inject({ url: '/api/v1/weather/forecasts' })).statusCode).toBe(401);
    const viewer = await viewerAuth(t);
    expect((await upload(fixture('forecast.grb2'), 'f.grb2', viewer)).statusCode).toBe(403);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/v1/weather/forecasts/1', headers: viewer });
    expect(del.statusCode).toBe(403);
  });

  let firstId = 0;
  it('imports an uploaded file, lists it and lists the messages it skipped', async () => {
    const res = await upload(fixture('forecast.grb2'));
    expect(res.statusCode).toBe(201);
    const body = weatherImportResponseSchema.parse(res.json());
    firstId = body.id;
    expect(Math.abs(Date.parse(body.importedAt) - Date.now())).toBeLessThan(60_000);
    expect(body).toMatchObject({
      fileName: 'forecast.grb2',
      importedBy: 'TEST-01',
      source: 'upload',
      fieldCount: 24,
      parameters: ['windU', 'windV', 'waveHs', 'swellHs', 'swellPeriod', 'swellDir', 'currentU', 'currentV'],
      validFrom: '2025-03-10T00:00:00.000Z',
      validTo: '2025-03-12T00:00:00.000Z',
      bbox: { south: 30, north: 40, west: -20, east: 0 },
    });
    expect(body.skipped.map((s) => s.reason)).toEqual([
      'a parameter the weather forecasts do not use',
      'wind not at 10 m above ground',
    ]);
    const listed = weatherForecastListSchema.parse(await list());
    expect(listed.items).toHaveLength(1);
    const { skipped: _skipped, ...info } = body;
    expect(listed.items[0]).toEqual(info);
  });

  it('gives the weather at a grid point: u = 0, v = −10 is a 10 m/s wind from the north', () => {
    // 40° N 20° W (i = 0, j = 0) at step 0.
    const w = weather.at(40, -20, T0)!;
    expect(w.windSpeedMs).toBeCloseTo(10, 6);
    expect(w.windFromRad).toBeCloseTo(0, 9);
    expect(w.waveHsM).toBeCloseTo(1, 6);
    expect(w.swellHsM).toBeCloseTo(0.5, 6);
    expect(w.swellPeriodS).toBeCloseTo(8, 6);
    expect(w.swellFromRad).toBeCloseTo(0, 6);
    // Current u = −0.4, v = 0.5: 0.64 m/s setting north-west, 360° − 38.66°.
    expect(w.currentMs).toBeCloseTo(Math.hypot(0.4, 0.5), 6);
    expect(w.currentSetRad).toBeCloseTo(2 * Math.PI - Math.atan2(0.4, 0.5), 6);
    // The same point given as 340° E.
    expect(weather.at(40, 340, T0)).toEqual(w);
  });

  it('interpolates bilinearly in space and linearly in time', () => {
    // Half-way in every direction: i = 0.5, j = 0.5, k = 0.5 (12 h).
    const w = weather.at(38.75, -18.75, T0 + 12 * HOUR)!;
    // u = 0.5·0.5 − 0.5 + 2·0.5 = 0.75; v = −10 + 0.2·0.5·0.5 + 0.5 = −9.45 (bilinear keeps the i·j term exact).
    expect(w.windSpeedMs).toBeCloseTo(Math.hypot(0.75, 9.45), 5);
    // Blowing towards east-of-south, so from west-of-north: 360° − atan(0.75 / 9.45).
    expect(w.windFromRad).toBeCloseTo(2 * Math.PI - Math.atan2(0.75, 9.45), 5);
    expect(w.waveHsM).toBeCloseTo(1 + 0.05 + 0.1 + 0.25, 5);
    expect(w.swellPeriodS).toBeCloseTo(8 + 0.25 + 0.5, 5);
    // Directions 0°, 10°, 5°, 15° at step 0 and +10° at step 1 → 7.5° + 5° (small angles: vector mean ≈ mean).
    expect(w.swellFromRad! / DEG).toBeCloseTo(12.5, 2);
    // Three quarters of the way between two rows only, at a valid time: a plain weighted mean.
    const q = weather.at(30 + 2.5 * 0.75, -20 + 2.5 * 4, T0 + 24 * HOUR)!;
    // j = 4 − 0.75 = 3.25, i = 4, k = 1: u = 2 − 3.25 + 2 = 0.75, v = −10 + 0.2·4·3.25 + 1 = −6.4.
    expect(q.windSpeedMs).toBeCloseTo(Math.hypot(0.75, 6.4), 5);
    expect(q.currentMs).toBeCloseTo(Math.hypot(0.1, 0.5 - 0.325), 5);
  });

  it('is undefined outside the box or the time, and drops a quantity next to a missing grid point', () => {
    expect(weather.at(41, -10, T0)).toBeUndefined();
    expect(weather.at(35, 1, T0)).toBeUndefined();
    expect(weather.at(35, -10, T0 - 1)).toBeUndefined();
    expect(weather.at(35, -10, T0 + 48 * HOUR + 1)).toBeUndefined();
    expect(weather.at(35, -10, T0 + 48 * HOUR)).toBeDefined();
    // Hs is missing at 40° N 0° (i = 8, j = 0): half a cell west of it there is no Hs, but there is wind.
    const w = weather.at(40, -1.25, T0)!;
    expect(w.waveHsM).toBeUndefined();
    expect(w.windSpeedMs).toBeDefined();
    expect(weather.at(40, -2.5, T0)!.waveHsM).toBeCloseTo(1.7, 5);
  });

  let laterId = 0;
  it('takes the newest file where it covers the time, the older one elsewhere', async () => {
    const res = await upload(fixture('wind-constant.grb2'), 'later.grb2');
    expect(res.statusCode).toBe(201);
    laterId = res.json().id;
    // u = 3, v = 4: 5 m/s blowing towards the north-east, so from the south-west (216.87°).
    const w = weather.at(35, -10, T0 + 12 * HOUR)!;
    expect(w.windSpeedMs).toBeCloseTo(5, 6);
    expect(w.windFromRad).toBeCloseTo(Math.atan2(-3, -4) + 2 * Math.PI, 6);
    expect(w.windFromRad! / DEG).toBeCloseTo(216.87, 2);
    expect(w.waveHsM).toBeUndefined();
    // After its last step (24 h) the first file answers again.
    expect(weather.at(35, -10, T0 + 36 * HOUR)!.waveHsM).toBeDefined();
    expect((await list()).items.map((i: { id: number }) => i.id)).toEqual([laterId, firstId]);
  });

  it('reads the same weather back from the store', async () => {
    const fresh = newService();
    await fresh.load();
    for (const [lat, lon, tMs] of [
      [38.75, -18.75, T0 + 12 * HOUR],
      [35, -10, T0 + 36 * HOUR],
      [31.2, -3.3, T0 + 47 * HOUR],
    ] as const)
      expect(fresh.at(lat, lon, tMs)).toEqual(weather.at(lat, lon, tMs));
  });

  it('deletes a file, then answers from the one left', async () => {
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/weather/forecasts/${laterId}`,
      headers: t.auth,
    });
    expect(del.statusCode).toBe(204);
    expect(weather.at(40, -20, T0)!.windSpeedMs).toBeCloseTo(10, 6);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/weather/forecasts/${laterId}`,
      headers: t.auth,
    });
    expect(again.statusCode).toBe(404);
    expect((await list()).items).toHaveLength(1);
  });

  it('imports a file dropped in the watched folder once', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ecohelm-grib-dir-'));
    const logged: string[] = [];
    const log = {
      info: () => undefined,
      error: () => undefined,
      warn: (_o: object, m: string) => {
        logged.push(m);
      },
    };
    const watcher = new WeatherService(new WeatherRepository(t.testStore.store.db), { now: () => now, log });
    try {
      await watcher.load();
      await watcher.pollFolder(dir);
      const before = (await watcher.list()).length;
      copyFileSync(path.join(fixtures, 'forecast-complex.grb2'), path.join(dir, 'gfs-wind.grib2'));
      writeFileSync(path.join(dir, 'broken.grb2'), PNG);
      writeFileSync(path.join(dir, 'notes.txt'), 'not a forecast');
      await watcher.pollFolder(dir);
      await watcher.pollFolder(dir);
      const items = await watcher.list();
      expect(items).toHaveLength(before + 1);
      expect(items[0]).toMatchObject({
        fileName: 'gfs-wind.grib2',
        source: 'folder',
        importedBy: null,
        fieldCount: 2,
      });
      expect(logged).toEqual(['GRIB file in the folder not imported']);
      expect(watcher.at(40, -20, T0)!.windSpeedMs).toBeCloseTo(10, 6);
      // A service started later does not import it again.
      const restarted = new WeatherService(new WeatherRepository(t.testStore.store.db));
      await restarted.pollFolder(dir);
      expect(await watcher.list()).toHaveLength(before + 1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('watches ECOHELM_GRIB_DIR, or the grib folder of the data directory', () => {
    expect(gribFolderOf({ dataDir: '/srv/ecohelm' }, {})).toBe('/srv/ecohelm/grib');
    expect(gribFolderOf({ dataDir: '/srv/ecohelm' }, { ECOHELM_GRIB_DIR: '/mnt/usb/grib' })).toBe(
      '/mnt/usb/grib',
    );
  });
});
