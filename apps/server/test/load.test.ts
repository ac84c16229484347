import { type LoadSettings, loadResponseSchema, monitoringResponseSchema } from '@ecohelm/contracts';
import { generatorSfoc, LOAD_TIE_SHARE, referenceSfoc, shopTestCurve } from '@ecohelm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoadRepository } from '../src/features/load/load.repository.ts';
import { DEFAULT_LOAD_SETTINGS, LoadService } from '../src/features/load/load.service.ts';
import { MonitoringService } from '../src/features/monitoring/monitoring.service.ts';
import { get } from './http.ts';
import { simulateHistory } from './sim-history.ts';
import { createTestApp, storeKinds, type TestApp, viewerAuth } from './stores.ts';

const MIN = 60_000;
const HOUR = 3_600_000;

describe('generator load assistant on simulated history', () => {
  let t: TestApp;
  const now = Date.parse('2026-06-01T00:00:00Z');
  const service = (clock: number) =>
    new LoadService(
      t.services.telemetry,
      new MonitoringService({ telemetry: t.services.telemetry, now: () => clock }),
      new LoadRepository(t.testStore.store.db),
      () => clock,
    );
  const report = async (clock: number) => loadResponseSchema.parse(await service(clock).report());
  const put = (body: unknown, headers: Record<string, string> = t.auth) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/load/settings', headers, payload: body as object });
  /** Live samples of the three sets at `at`: kW per set, 0 = stopped. */
  const live = (at: number, kw: [number, number, number]) =>
    t.services.telemetry.writeSamples(
      kw.flatMap((p, i) => [
        { channel: `electrical.generators.ge${i + 1}.running`, t: at, value: p > 0 ? 1 : 0 },
        { channel: `electrical.generators.ge${i + 1}.realPower`, t: at, value: p * 1000 },
      ]),
    );
  const settings = (over: Partial<LoadSettings> = {}): LoadSettings => ({
    ...DEFAULT_LOAD_SETTINGS,
    stopDelayS: 0,
    startDelayS: 0,
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp(storeKinds[0]!);
    // Three weeks: the lead set rotates weekly, so each set runs alone for a week.
    await simulateHistory(t, now, 22);
  }, 300_000);
  afterAll(() => t?.close());

  it('measures each set against its shop test and replays the last day against the advice', async () => {
    const body = await report(now);
    expect(body.reason).toBe('no_live_data');
    expect(body.recommendation).toBeNull();
    for (const s of body.sets) {
      expect(s.runningHours).toBeGreaterThan(0);
      // The simulator's sets burn above the IMO curve the shop test tabulates, each by its own condition
      // (simulator/engine-condition.ts): never the "0.0 %" of a set that burns its test bed's figure.
      expect(s.curveSource).toBe('measured');
      expect(s.deviationPct!).toBeGreaterThan(0.2);
      expect(s.deviationPct!).toBeLessThan(7.5);
    }
    // Sister sets: within the load assistant's tie share of each other, so the priorities decide between them.
    const devs = body.sets.map((s) => s.deviationPct!);
    expect(Math.max(...devs) - Math.min(...devs)).toBeLessThan(100 * LOAD_TIE_SHARE);
    for (const c of body.curves) {
      const hours = c.measured.reduce((n, m) => n + m.hours, 0);
      expect(hours).toBeGreaterThanOrEqual(24);
      for (const m of c.measured) {
        // A measured band sits on the simulator's own curve within the 2 % load noise and the LCV correction.
        expect(m.sfocGPerKwh / generatorSfoc(m.loadPct / 100, 190)).toBeGreaterThan(0.96);
        expect(m.sfocGPerKwh / generatorSfoc(m.loadPct / 100, 190)).toBeLessThan(1.1);
      }
    }
    expect(body.averageSfcGPerKwh).toBeGreaterThan(185);
    expect(body.averageSfcGPerKwh).toBeLessThan(220);
    expect(body.history).toHaveLength(24);
    const actual = body.history.reduce((s, h) => s + h.fuelKgPerH, 0);
    const optimised = body.history.reduce((s, h) => s + (h.optimisedFuelKgPerH ?? h.fuelKgPerH), 0);
    expect(optimised).toBeLessThanOrEqual(actual);
    for (const h of body.history) expect(h.demandKw).toBeGreaterThan(250);
  });

  it('advises stopping the second of two lightly loaded sets, with the saving on the same curves', async () => {
    expect((await put(settings())).statusCode).toBe(200);
    const at = now + 2 * HOUR;
    await live(at, [200, 200, 0]);
    const body = await report(at + 1000);
    expect(body.reason).toBeNull();
    expect(body.demandKw).toBeCloseTo(400, 6);
    const r = body.recommendation!;
    expect(r.plan.running).toEqual(['ge1']);
    expect(r.plan.loadsKw.ge1).toBeCloseTo(400, 6);
    expect(r.actions).toEqual([{ kind: 'stop', id: 'ge2' }]);
    expect(r.held).toBeNull();
    // Hand check on the shop-test curve: 2 × 200 kW at 33 % against 400 kW at 67 % of 600 kW.
    const dev = (id: string) => 1 + body.sets.find((s) => s.id === id)!.deviationPct! / 100;
    const curve = shopTestCurve('ge');
    const two = 0.2 * referenceSfoc(curve, 100 / 3) * (dev('ge1') + dev('ge2'));
    const one = 0.4 * referenceSfoc(curve, 200 / 3) * dev('ge1');
    expect(r.actualFuelKgPerH).toBeCloseTo(two, 6);
    expect(r.savingKgPerH).toBeCloseTo(two - one, 6);
    expect(r.savingKgPerH).toBeGreaterThan(3);
    expect(r.savingTPerMonth).toBeCloseTo((r.savingKgPerH * 720) / 1000, 9);
    expect(body.sets.find((s) => s.id === 'ge2')!.optimisedKw).toBe(0);
    expect(body.plans[0]!.fuelKgPerH).toBeLessThanOrEqual(r.plan.fuelKgPerH);
    // No meter readings: no measured figure rather than the curve's.
    expect(r.measuredFuelKgPerH).toBeNull();
  });

  it("gives the fuel the running sets' meters show now, the figure G/E monitoring shows", async () => {
    expect((await put(settings())).statusCode).toBe(200);
    const at = now + 3 * HOUR;
    await live(at, [300, 120, 0]);
    // 42.5 and 24.0 kg/h on the meters of the running sets; a stale reading on the stopped one is not counted.
    await t.services.telemetry.writeSamples([
      { channel: 'electrical.generators.ge1.fuel.massFlow', t: at, value: 42.5 / 3600 },
      { channel: 'electrical.generators.ge2.fuel.massFlow', t: at, value: 24 / 3600 },
      { channel: 'electrical.generators.ge3.fuel.massFlow', t: at, value: 10 / 3600 },
    ]);
    const r = (await report(at + 1000)).recommendation!;
    expect(r.measuredFuelKgPerH).toBeCloseTo(66.5, 6);
  });

  it('shows each set now as G/E monitoring does, from the same computation (fuel, SFOC at ISO LCV)', async () => {
    expect((await put(settings())).statusCode).toBe(200);
    const at = now + 4 * HOUR;
    await live(at, [420, 0, 0]);
    await t.services.telemetry.writeSamples([
      { channel: 'electrical.generators.ge1.fuel.massFlow', t: at, value: 85 / 3600 },
      // The sensor's own SFOC (as burned) is not what either page shows as SFOC at ISO LCV.
      { channel: 'electrical.generators.ge1.sfoc', t: at, value: 203.1 / 3.6e9 },
    ]);
    const clock = at + 20_000;
    const load = await report(clock);
    const monitoring = new MonitoringService({ telemetry: t.services.telemetry, now: () => clock });
    for (const id of ['ge1', 'ge2', 'ge3'] as const) {
      const ge = monitoringResponseSchema.parse(await monitoring.unit(id));
      expect(load.sets.find((s) => s.id === id)!.now).toEqual(ge.now);
    }
    const ge1 = load.sets.find((s) => s.id === 'ge1')!.now!;
    expect(ge1.running).toBe(true);
    expect(ge1.powerKw).toBeCloseTo(420, 6);
    expect(ge1.fuelKgPerH).toBeCloseTo(85, 6);
    // 85 kg/h of fuel at its LCV, as ISO fuel, over 420 kW.
    expect(ge1.sfocGPerKwh!).toBeCloseTo(((85 * ge1.lcvMjPerKg) / 42.7 / 420) * 1000, 6);
    expect(ge1.lcvMjPerKg).toBeGreaterThan(40);
    expect(ge1.lcvMjPerKg).toBeLessThan(42.8);
    const ge2 = load.sets.find((s) => s.id === 'ge2')!.now!;
    expect(ge2).toMatchObject({ running: false, powerKw: 0, fuelKgPerH: 0, sfocGPerKwh: null });
  });

  it('holds a stop until the demand has stayed low for the stop delay', async () => {
    expect((await put(settings({ stopDelayS: 600 }))).statusCode).toBe(200);
    const at = now + 5 * HOUR;
    for (let m = 8; m >= 1; m--) await live(at - m * MIN, [450, 450, 0]);
    await live(at, [200, 200, 0]);
    const held = (await report(at + 1000)).recommendation!;
    expect(held.held).toBe('stop');
    expect(held.plan.running).toHaveLength(2);
    expect(held.actions).toEqual([]);
    // Eleven minutes of low demand later, the stop is advised.
    const later = at + 11 * MIN;
    for (let m = 1; m <= 11; m++) await live(at + m * MIN, [200, 200, 0]);
    const r = (await report(later + 1000)).recommendation!;
    expect(r.held).toBeNull();
    expect(r.actions).toHaveLength(1);
    expect(r.actions[0]!.kind).toBe('stop');
  });

  it('advises starting a set when one runs above its maximum, and says when even three cannot carry it', async () => {
    expect((await put(settings())).statusCode).toBe(200);
    const at = now + 7 * HOUR;
    await live(at, [560, 0, 0]);
    const r = (await report(at + 1000)).recommendation!;
    expect(r.plan.running).toEqual(['ge1', 'ge2']);
    expect(r.actions).toEqual([{ kind: 'start', id: 'ge2' }]);
    // Safety costs fuel here: the saving is negative.
    expect(r.savingKgPerH).toBeLessThan(0);
    await live(at + MIN, [600, 600, 600]);
    const over = await report(at + MIN + 1000);
    expect(over.reason).toBe('demand_exceeds_capacity');
    expect(over.recommendation).toBeNull();
  });

  it('refuses wrong settings with the reason at the field and keeps the settings in use', async () => {
    const before = (await get(t, '/api/v1/load/settings')).json();
    const wrongMax = settings({
      sets: DEFAULT_LOAD_SETTINGS.sets.map((s) =>
        s.id === 'ge1' ? { ...s, minLoadPct: 40, maxLoadPct: 35 } : s,
      ),
    });
    const a = await put(wrongMax);
    expect(a.statusCode).toBe(400);
    expect(a.json().error.details).toContainEqual({
      path: 'body.sets.0.maxLoadPct',
      message: 'The maximum load must be above the minimum load.',
    });
    const samePriority = settings({ sets: DEFAULT_LOAD_SETTINGS.sets.map((s) => ({ ...s, priority: 1 })) });
    const b = await put(samePriority);
    expect(b.statusCode).toBe(400);
    expect(b.json().error.details).toContainEqual({
      path: 'body.sets.1.priority',
      message: 'Each priority level can be given to one generator only.',
    });
    const c = await put(settings({ reserveKw: 1800 }));
    expect(c.statusCode).toBe(400);
    expect(c.json().error.details).toEqual([
      {
        path: 'body.reserveKw',
        message: 'The reserve cannot be larger than what the generators can carry together.',
      },
    ]);
    const d = await put(settings({ sets: DEFAULT_LOAD_SETTINGS.sets.slice(0, 2) }));
    expect(d.statusCode).toBe(400);
    const e = await put(settings({ stopDelayS: -5 }));
    expect(e.statusCode).toBe(400);
    expect((await put(settings(), await viewerAuth(t))).statusCode).toBe(403);
    const after = (await get(t, '/api/v1/load/settings')).json();
    expect(after).toEqual(before);
  });

  it('answers 404 when the page configuration hides the load page', async () => {
    const hidden = await createTestApp(storeKinds[0]!, { hideLoadPage: true });
    try {
      const res = await get(hidden, '/api/v1/load');
      expect(res.statusCode).toBe(404);
      expect((await get(hidden, '/api/v1/config', {})).json().hideLoadPage).toBe(true);
      const shown = await get(t, '/api/v1/load');
      expect(shown.statusCode).toBe(200);
    } finally {
      await hidden.close();
    }
  });

  it('follows a change of priority: the set given priority 1 is the one to run', async () => {
    const swapped = settings({
      sets: DEFAULT_LOAD_SETTINGS.sets.map((s) => ({
        ...s,
        priority: s.id === 'ge2' ? 1 : s.id === 'ge1' ? 2 : 3,
      })),
    });
    const saved = await put(swapped);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().updatedBy).toBe('TEST-01');
    // Forty days on, nothing measured in the 30-day window: the sets are all on their shop test, the same fuel,
    // so the priorities decide (with measured deviations the set that burns less wins; engine-condition.ts).
    const at = now + 40 * 24 * HOUR;
    await live(at, [200, 200, 0]);
    const r = (await report(at + 1000)).recommendation!;
    expect(r.plan.running).toEqual(['ge2']);
    expect(r.actions).toEqual([{ kind: 'stop', id: 'ge1' }]);
  });
});
