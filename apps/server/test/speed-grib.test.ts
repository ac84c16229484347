import { readFileSync } from 'node:fs';
import path from 'node:path';
import { speedResponseSchema, type VoyagePlanInput } from '@ecohelm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gribForecast } from '../src/features/speed/speed.hull.ts';
import { simulatedShipSpeedService } from './speed-service.ts';
import { createTestApp, type TestApp } from './stores.ts';

const HOUR = 3_600_000;
const KN = 1852 / 3600;
// The ecCodes-made fixture: 30–40° N, 20–0° W, valid 2025-03-10 00:00 to 03-12 00:00 UTC.
const T0 = Date.parse('2025-03-10T00:00:00Z');
const fixture = readFileSync(
  path.join(import.meta.dirname, '../src/features/weather/fixtures/forecast.grb2'),
);

describe('speed advice under an imported GRIB2 forecast', () => {
  let t: TestApp;
  const now = T0 + HOUR;
  const service = () => simulatedShipSpeedService(t, () => now);

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await t.services.weather!.importGrib(fixture, 'forecast.grb2', 'upload', 'TEST-01');
  });
  afterAll(() => t?.close());

  it('sails the plan in the forecast’s weather and says so', async () => {
    const s = service();
    s.useForecasts({ grib: gribForecast(t.services.weather!) });
    const plan: VoyagePlanInput = {
      voyageNo: 'G1',
      departurePort: 'Lisbon approaches',
      destination: 'Strait of Gibraltar',
      etd: new Date(now + HOUR).toISOString(),
      rtd: null,
      eta: new Date(now + 30 * HOUR).toISOString(),
      rta: new Date(now + 34 * HOUR).toISOString(),
      waypoints: [
        { name: 'A', lat: 38.5, lon: -15, speedMinKn: null, speedMaxKn: null },
        { name: 'B', lat: 36, lon: -8, speedMinKn: null, speedMaxKn: null },
      ],
      specialPoints: [],
    };
    await s.savePlan(plan, 'TEST-01');
    const body = speedResponseSchema.parse(await s.report());
    // No live data: the plan is worked from its departure.
    expect(body.noAdviceReason).toBe('not_under_way');
    const macro = body.macro!;
    expect(macro.onTime).toBe(true);
    // Every leg lies in the file's box and time: its weather is the file's (the wind blows everywhere in it).
    const grib = gribForecast(t.services.weather!);
    expect(macro.legs[0]!.from).toBe('A');
    for (const l of macro.legs) expect(l.weather.windKn).toBeGreaterThan(0);
    // The 24 h horizon lies on the route inside the file's validity: its weather comes from the file.
    const h24 = body.forecast.find((h) => h.hours === 24)!;
    expect(h24.source).toBe('grib');
    const expected = grib(h24.lat, h24.lon, Date.parse(h24.time), now)!;
    expect(h24.weather!.windKn).toBeCloseTo(expected.windSpeedMs / KN, 0);
    expect(h24.weather!.currentKn).toBeCloseTo(expected.currentMs / KN, 1);
    // 96 h ahead is past the file's last time: no forecast there (no simulator in this app).
    expect(body.forecast.find((h) => h.hours === 96)!.source).toBe('none');
  });
});
