import { generatorSfoc, sfocForFuel, twoStrokeSfoc } from '@ecohelm/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MonitoringService, PAST_RUNNING_KEPT_MS } from '../src/features/monitoring/monitoring.service.ts';
import { createTestApp, storeKinds, type TestApp } from './stores.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const LCV_HFO = 40.2;
const ME_KW = 6150; // 75 % of the 8,200 kW shop-test rating
const GE_KW = 450; // 75 % of 600 kW
/** HFO mass flow (kg/s) of an engine at `kw` burning at the shop-test SFOC (ISO), corrected to HFO's LCV. */
const hfoKgS = (kw: number, sfocIso: number) => (kw * sfocForFuel(sfocIso, LCV_HFO)) / 3.6e6;

describe.each(storeKinds)('equipment monitoring on %s', (kind) => {
  let t: TestApp;
  const now = Date.now();
  const thisHour = Math.floor(now / HOUR) * HOUR;
  const from = thisHour - 72 * HOUR;
  /** The main engine stops halfway through this hour (5 h ago) and stays stopped the next hour (generators run on). */
  const stopHour = thisHour - 5 * HOUR;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const w = t.services.telemetry.bulkHistory({ minutesAreNew: true });
    const put = (channel: string, m: number, v: number) =>
      w.minute(w.channelId(channel), m, { mean: v, min: v, max: v, last: v, count: 60 });
    const meHfo = hfoKgS(ME_KW, twoStrokeSfoc(0.75));
    const geHfo = hfoKgS(GE_KW, generatorSfoc(0.75));
    // Through the minute in progress, so the hour in progress has data even in its first minute.
    for (let m = from; m <= now; m += MINUTE) {
      const meOn = !(m >= stopHour + 30 * MINUTE && m < stopHour + 2 * HOUR);
      put('propulsion.main.revolutions', m, meOn ? 1.8 : 0);
      put('propulsion.main.shaftPower', m, meOn ? ME_KW * 1000 : 0);
      put('propulsion.main.fuel.hfo.massFlow', m, meOn ? meHfo : 0);
      put('propulsion.main.fuel.mgo.massFlow', m, 0);
      put('electrical.generators.ge1.running', m, 1);
      put('electrical.generators.ge1.realPower', m, GE_KW * 1000);
      put('electrical.generators.ge1.fuel.massFlow', m, geHfo);
      put('electrical.generators.ge2.running', m, 0);
      put('electrical.generators.ge2.realPower', m, 0);
      put('steam.boilers.boiler1.running', m, 1);
      put('steam.boilers.boiler1.steamPressure', m, 7e5);
      put('steam.boilers.boiler1.fuel.massFlow', m, 50 / 3600);
    }
    await w.finish();
  });
  afterAll(() => t.close());

  const get = (unit: string) => t.app.inject({ url: `/api/v1/monitoring/${unit}`, headers: t.auth });

  it('answers 401 without a token and 400 for an unknown unit', async () => {
    expect((await t.app.inject({ url: '/api/v1/monitoring/me' })).statusCode).toBe(401);
    const bad = await get('ge4');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
  });

  it('gives the main engine its shop-test curve and today’s hours at ISO LCV, skipping the hour it stopped', async () => {
    const res = await get('me');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(24 * HOUR);
    expect(body.boiler).toBeNull();
    expect(body.sfoc.ratedPowerKw).toBe(8200);
    expect(body.sfoc.reference.length).toBeGreaterThanOrEqual(5);
    expect(body.sfoc.referenceSource).toMatch(/GHG Study/);
    expect(body.sfoc.referenceCurve).toHaveLength(21);
    const measured = body.sfoc.measured as {
      t: string;
      loadPct: number;
      sfocGPerKwh: number;
      deviationPct: number;
    }[];
    // 24 window hours, minus the two stop hours and the hour in progress when its last minute is missing.
    expect(measured.length).toBeGreaterThanOrEqual(21);
    expect(measured.find((p) => p.t === new Date(stopHour).toISOString())).toBeUndefined();
    for (const p of measured) {
      expect(p.loadPct).toBeCloseTo(75, 6);
      expect(p.sfocGPerKwh).toBeCloseTo(twoStrokeSfoc(0.75), 6);
      expect(Math.abs(p.deviationPct)).toBeLessThan(0.1);
    }
    // Running: 72 h of history less the 1.5 h stopped, the hour in progress counted as far as it went;
    // the window holds the 23 whole hours before this one.
    expect(body.status.running).toBe(true);
    expect(body.status.countedFrom).toBe(new Date(from).toISOString());
    const expected = 72 - 1.5 + (now - thisHour) / HOUR;
    expect(body.status.runningHours).toBeCloseTo(expected, 1);
    expect(body.status.runningHoursWindow).toBeCloseTo(expected - 49, 1);
  });

  it('reads generator SFOC with the fuel the main engine burns (or last burnt), and a stopped set as stopped', async () => {
    const ge1 = (await get('ge1')).json();
    expect(ge1.sfoc.ratedPowerKw).toBe(600);
    expect(ge1.sfoc.measured.length).toBeGreaterThanOrEqual(23);
    for (const p of ge1.sfoc.measured) expect(p.sfocGPerKwh).toBeCloseTo(generatorSfoc(0.75), 6);
    // The hour the main engine burnt nothing still reads as HFO (its last fuel), not as ISO fuel.
    const idle = ge1.sfoc.measured.find(
      (p: { t: string }) => p.t === new Date(stopHour + HOUR).toISOString(),
    );
    expect(idle.sfocGPerKwh).toBeCloseTo(generatorSfoc(0.75), 6);
    expect(ge1.status.running).toBe(true);

    const ge2 = (await get('ge2')).json();
    expect(ge2.status.running).toBe(false);
    expect(ge2.status.runningHours).toBe(0);
    expect(ge2.sfoc.measured).toEqual([]);
    expect(ge2.sfoc.reference.length).toBeGreaterThan(0);

    const ge3 = (await get('ge3')).json();
    expect(ge3.status).toMatchObject({ running: null, runningHours: 0, countedFrom: null });
  });

  it('gives a boiler its steam pressure and fuel flow hour by hour', async () => {
    const body = (await get('boiler1')).json();
    expect(body.sfoc).toBeNull();
    expect(body.boiler.length).toBe(24);
    for (const h of body.boiler) {
      expect(h.steamPressureBar).toBeCloseTo(7, 9);
      expect(h.fuelKgPerH).toBeCloseTo(50, 9);
      expect(h.runningShare).toBe(1);
    }
    expect(body.status.running).toBe(true);
    const empty = (await get('boiler2')).json();
    expect(empty.boiler).toEqual([]);
    expect(empty.status.running).toBeNull();
  });

  it('keeps the newer running hours when an older read of them fails', async () => {
    let clock = thisHour - 10 * HOUR + MINUTE;
    const telemetry = t.services.telemetry;
    let pastReads = 0;
    let failFirst: ((e: Error) => void) | undefined;
    // The reads of the hours before the window (from 0): the first waits and then fails, the others go through.
    const flaky = new Proxy(telemetry, {
      get(target, name) {
        if (name !== 'rollups') return Reflect.get(target, name).bind(target);
        return (...args: Parameters<typeof telemetry.rollups>) => {
          if (args[2] !== 0) return target.rollups(...args);
          pastReads += 1;
          if (pastReads > 1) return target.rollups(...args);
          return new Promise<never>((_, reject) => {
            failFirst = reject;
          });
        };
      },
    });
    const kept = new MonitoringService({ telemetry: flaky, now: () => clock });
    const first = kept.unit('ge1');
    await vi.waitFor(() => expect(failFirst).toBeDefined());
    clock += HOUR; // the window moves: a second read of the hours before it takes the first one's place
    const second = await kept.unit('ge1');
    failFirst?.(new Error('store busy'));
    await expect(first).rejects.toThrow('store busy');
    expect(pastReads).toBe(2);
    const third = await kept.unit('ge1');
    expect(pastReads).toBe(2); // the second read is still the one kept
    expect(third.status).toEqual(second.status);
  });

  // Last: it writes an hour of history the other tests do not expect.
  it('keeps the running hours before the window between reads, equal to a full count, late history in 10 min', async () => {
    let clock = thisHour - 30 * HOUR;
    const kept = new MonitoringService({ telemetry: t.services.telemetry, now: () => clock });
    const counted = async (unit: 'me' | 'ge1') =>
      (await new MonitoringService({ telemetry: t.services.telemetry, now: () => clock }).unit(unit)).status;
    // Every 7 minutes for 30 hours: within an hour, across the hour (the window moves) and past the time kept.
    for (let step = 0; step < (30 * 60) / 7; step += 1) {
      clock = thisHour - 30 * HOUR + step * 7 * MINUTE;
      const [a, b] = await Promise.all([kept.unit('me'), kept.unit('me')]);
      const truth = await counted('me');
      expect(a.status.runningHours, `step ${step}`).toBeCloseTo(truth.runningHours, 9);
      expect(a.status.countedFrom).toBe(truth.countedFrom);
      expect(b.status).toEqual(a.status);
    }
    // An hour of history that comes in late, before the window (an import, a sync): counted once the kept hours
    // are read again, at the latest PAST_RUNNING_KEPT_MS later.
    // Early in an hour, so the window stays where it is while the time kept runs out.
    clock = thisHour - 2 * HOUR + MINUTE;
    const before = (await kept.unit('ge1')).status.runningHours;
    const w = t.services.telemetry.bulkHistory({ minutesAreNew: true });
    for (let m = from - 5 * HOUR; m < from - 4 * HOUR; m += MINUTE) {
      w.minute(w.channelId('electrical.generators.ge1.running'), m, {
        mean: 1,
        min: 1,
        max: 1,
        last: 1,
        count: 60,
      });
    }
    await w.finish();
    expect((await kept.unit('ge1')).status.runningHours).toBeCloseTo(before, 9);
    clock += PAST_RUNNING_KEPT_MS;
    const later = await kept.unit('ge1');
    expect(later.status.runningHours).toBeCloseTo((await counted('ge1')).runningHours, 9);
    expect(later.status.countedFrom).toBe(new Date(from - 5 * HOUR).toISOString());
  });
});
