import {
  rpmSimulationSchema,
  type SpeedResponse,
  speedMessages,
  speedResponseSchema,
  type VoyagePlanInput,
} from '@ecohelm/contracts';
import { foulingFactor, openingSimulationRpm } from '@ecohelm/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportRtz, parseRtz } from '../src/features/speed/rtz.ts';
import { TelemetryRepository } from '../src/features/telemetry/telemetry.repository.ts';
import { TelemetryService } from '../src/features/telemetry/telemetry.service.ts';
import { CH, CHANNEL_IDS } from '../src/simulator/channels.ts';
import { simulatedForecast } from '../src/simulator/forecast.ts';
import { MINUTE_MS, VesselModel } from '../src/simulator/model.ts';
import { prefillFillingRecords } from '../src/simulator/prefill-filling.ts';
import { DEFAULT_SEED, VesselSimulator } from '../src/simulator/simulator.ts';
import { trimPowerFactor } from '../src/simulator/vessel.ts';
import { simulatedShipSpeedService } from './speed-service.ts';
import { createTestApp, storeKinds, type TestApp, viewerAuth } from './stores.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const KN = 1852 / 3600;

describe.each(storeKinds)('speed optimisation on simulated history (%s)', (kind) => {
  let t: TestApp;
  let sim: VesselSimulator;
  // Mid-passage in the Indian Ocean, laden westbound (checked below).
  const now = Date.parse('2026-03-09T06:00:00Z');
  const days = 36;
  const service = (clock: number | (() => number)) => {
    const at = typeof clock === 'number' ? () => clock : clock;
    const s = simulatedShipSpeedService(t, at);
    s.useForecasts({ simulated: simulatedForecast(DEFAULT_SEED) });
    return s;
  };
  const report = async (clock: number): Promise<SpeedResponse> =>
    speedResponseSchema.parse(await service(clock).report());

  beforeAll(async () => {
    t = await createTestApp(kind);
    const telemetry = new TelemetryService(new TelemetryRepository(t.testStore.store));
    await telemetry.init();
    const origin = now - days * DAY;
    await t.services.voyages.setState('simulator.origin', String(origin));
    await t.services.voyages.setState('simulator.writtenUntil', String(origin));
    sim = new VesselSimulator({
      voyages: t.services.voyages,
      records: t.services.records,
      history: telemetry,
      live: { write: async () => undefined },
      plans: t.services.speed!,
      now: () => now,
      progress: () => undefined,
    });
    await sim.start({ live: false });
    // The minute at `now` as live samples (the page reads the latest values).
    const v = sim.model!.values;
    await t.services.telemetry.writeSamples(
      CHANNEL_IDS.map((channel, i) => ({ channel, t: now, value: v[i]! })),
    );
  }, 300_000);
  afterAll(() => t?.close());

  it('files the simulated master’s passage plan and advises an rpm that arrives by the RTA', async () => {
    const body = await report(now + 1000);
    const plan = body.plan!;
    expect(plan.source).toBe('simulator');
    expect(plan.waypoints.length).toBeGreaterThanOrEqual(5);
    expect(Date.parse(plan.rta)).toBeGreaterThan(Date.parse(plan.eta));
    expect(body.navigation.stale).toBe(false);
    expect(body.navigation.sogKn).toBeGreaterThan(5);
    expect(body.noAdviceReason).toBeNull();
    const macro = body.macro!;
    expect(macro.onTime).toBe(true);
    // Just in time: it arrives by the RTA, not long before it (planned stops included).
    const arrival = Date.parse(macro.optimised.eta);
    expect(arrival).toBeLessThanOrEqual(Date.parse(plan.rta) + 60_000);
    expect(arrival).toBeGreaterThan(Date.parse(plan.rta) - 2 * HOUR);
    expect(macro.legs.length).toBeGreaterThanOrEqual(5);
    const toGo = macro.legs.reduce((a, l) => a + l.distanceNm, 0);
    expect(toGo).toBeCloseTo(body.progress!.distanceToGoNm, 0);
    // The advice is the first leg's rpm, inside the engine's range.
    const advice = body.advice!;
    expect(advice.rpm).toBeCloseTo(macro.legs[0]!.rpm, 1);
    expect(advice.rpm).toBeGreaterThanOrEqual(body.model.minRpm);
    expect(advice.rpm).toBeLessThanOrEqual(body.model.maxRpm);
    expect(advice.basis.forecastSource).toBe('simulated');
    expect(advice.optimized).toBe(Math.abs(advice.currentRpm! - advice.rpm) <= 1);
    // Against the constant speed the ship sails now, which arrives earlier: the plan burns less.
    if (macro.constant && macro.constant.hours > macro.optimised.hours) {
      expect(macro.savingT).toBeLessThan(0.5);
    } else if (macro.constant) {
      expect(macro.savingT).toBeGreaterThan(0);
    }
    // Forecast at the four horizons along the advised track, the first from the ship's sensors.
    expect(body.forecast.map((f) => f.hours)).toEqual([0, 24, 48, 96]);
    expect(body.forecast[0]!.source).toBe('measured');
    for (const f of body.forecast.slice(1)) expect(f.source).toBe('simulated');
    // Voyage statistics since departure.
    const stats = body.statistics!;
    expect(stats.distanceNm).toBeGreaterThan(10);
    expect(stats.fuelT.hfo + stats.fuelT.mgo).toBeGreaterThan(0);
    expect(stats.co2T).toBeCloseTo(stats.fuelT.hfo * 3.114 + stats.fuelT.mgo * 3.206, 0);
  });

  it('works the advice out anew within the minute once the ship is a mile on or the RTA moves', async () => {
    let clock = now + 3000;
    const s = service(() => clock);
    const first = speedResponseSchema.parse(await s.report());
    clock += 5000;
    // The same passage a few seconds on: the same plan of speeds.
    const again = speedResponseSchema.parse(await s.report());
    expect(again.macro!.legs.map((l) => l.rpm)).toEqual(first.macro!.legs.map((l) => l.rpm));
    expect(again.macro!.optimised.fuelT).toBe(first.macro!.optimised.fuelT);
    // A mile further along the first leg: a mile less to sail, less fuel.
    const leg = first.macro!.legs[0]!;
    const course = (leg.courseDeg * Math.PI) / 180;
    const lat = first.navigation.lat!;
    const lon = first.navigation.lon!;
    clock += 5000;
    await t.services.telemetry.writeSamples([
      { channel: 'navigation.position.latitude', t: clock, value: lat + Math.cos(course) / 60 },
      {
        channel: 'navigation.position.longitude',
        t: clock,
        value: lon + Math.sin(course) / 60 / Math.cos((lat * Math.PI) / 180),
      },
    ]);
    const moved = speedResponseSchema.parse(await s.report());
    expect(moved.progress!.distanceToGoNm).toBeCloseTo(first.progress!.distanceToGoNm - 1, 0);
    expect(moved.macro!.optimised.fuelT).toBeLessThan(first.macro!.optimised.fuelT);
    // A day more to the RTA: a slower plan.
    const { source: _source, updatedAt: _at, updatedBy: _by, ...plan } = first.plan!;
    clock += 5000;
    await s.savePlan({ ...plan, rta: new Date(Date.parse(plan.rta) + DAY).toISOString() }, 'TEST-01');
    const later = speedResponseSchema.parse(await s.report());
    expect(later.macro!.optimised.hours).toBeGreaterThan(moved.macro!.optimised.hours + 12);
    expect(later.advice!.rpm).toBeLessThan(moved.advice!.rpm);
    // The simulator's plan and the ship's place back for the other tests.
    await s.savePlan(plan, 'simulator', 'simulator');
    await t.services.telemetry.writeSamples([
      { channel: 'navigation.position.latitude', t: clock + 1, value: lat },
      { channel: 'navigation.position.longitude', t: clock + 1, value: lon },
    ]);
  });

  it("keeps the minute's speeds a little further on, the figures worked out anew, and optimises again after it", async () => {
    let clock = now + 3000;
    const s = service(() => clock);
    const first = speedResponseSchema.parse(await s.report());
    const leg = first.macro!.legs[0]!;
    const course = (leg.courseDeg * Math.PI) / 180;
    const lat = first.navigation.lat!;
    const lon = first.navigation.lon!;
    /** The ship `nm` further along the first leg at `clock`. */
    const sailOn = (nm: number) =>
      t.services.telemetry.writeSamples([
        { channel: 'navigation.position.latitude', t: clock, value: lat + (nm * Math.cos(course)) / 60 },
        {
          channel: 'navigation.position.longitude',
          t: clock,
          value: lon + (nm * Math.sin(course)) / 60 / Math.cos((lat * Math.PI) / 180),
        },
      ]);
    // Half a minute and 0.3 nm on: the minute's speeds, with less to sail.
    clock += 30_000;
    await sailOn(0.3);
    const on = speedResponseSchema.parse(await s.report());
    expect(on.macro!.legs.map((l) => l.stwKn)).toEqual(first.macro!.legs.map((l) => l.stwKn));
    expect(on.progress!.distanceToGoNm).toBeCloseTo(first.progress!.distanceToGoNm - 0.3, 1);
    expect(on.macro!.optimised.fuelT).toBeLessThan(first.macro!.optimised.fuelT);
    // Past the minute: what a new optimisation gives at the same place and time.
    clock += 31_000;
    await sailOn(0.4);
    const later = speedResponseSchema.parse(await s.report());
    const anew = speedResponseSchema.parse(await service(clock).report());
    expect(later.macro!.legs).toEqual(anew.macro!.legs);
    expect(later.macro!.optimised).toEqual(anew.macro!.optimised);
    // The simulator's place back for the other tests.
    await t.services.telemetry.writeSamples([
      { channel: 'navigation.position.latitude', t: clock + 1, value: lat },
      { channel: 'navigation.position.longitude', t: clock + 1, value: lon },
    ]);
  });

  it('recovers the simulator’s hidden hull factor from the history (fouling × trim × margin)', async () => {
    const body = await report(now + 1000);
    expect(body.model.basis).toBe('history');
    expect(body.model.hours).toBeGreaterThanOrEqual(24);
    expect(body.model.mapePct!).toBeLessThan(5);
    // The truth: replay the model and take the hourly factor the simulated hull really had over the same window.
    const model = new VesselModel({ seed: DEFAULT_SEED, originMs: now - days * DAY });
    const truth: number[] = [];
    const from = now - 30 * DAY;
    const draftNow = body.model.draftM;
    while (model.t < now) {
      model.step();
      if (model.t < from || model.t % HOUR !== 0) continue;
      const v = model.values;
      const draft = (v[CH.draftFore]! + v[CH.draftAft]!) / 2;
      if (v[CH.stw]! / KN < 5 || Math.abs(draft - draftNow) > 1.5) continue;
      truth.push(foulingFactor(model.daysSinceCleaning) * 1.015 * trimPowerFactor(model.trimM, draft));
    }
    truth.sort((a, b) => a - b);
    const median = truth[truth.length >> 1]!;
    expect(Math.abs(body.model.powerFactor - median) / median).toBeLessThan(0.03);
    expect(MINUTE_MS).toBe(60_000);
  });

  it('simulates an rpm to the destination and refuses one outside the engine’s range', async () => {
    const s = service(now + 1000);
    const slow = rpmSimulationSchema.parse(await s.simulate(80));
    const fast = rpmSimulationSchema.parse(await s.simulate(105));
    expect(fast.stwKn).toBeGreaterThan(slow.stwKn);
    expect(fast.hours).toBeLessThan(slow.hours);
    expect(fast.fuelT).toBeGreaterThan(slow.fuelT);
    expect(fast.fuelTPerDay).toBeGreaterThan(slow.fuelTPerDay);
    expect(Date.parse(fast.arrival)).toBeLessThan(Date.parse(slow.arrival));
    expect(slow.co2T).toBeCloseTo(slow.fuelT * 3.114, 0);
    await expect(s.simulate(10)).rejects.toThrow(speedMessages.rpmOutOfRange);
    await expect(s.simulate(500)).rejects.toThrow(speedMessages.rpmOutOfRange);
  });

  it("simulates the advised rpm to the macro plan's arrival, holding it while the plan does", async () => {
    const body = await report(now + 1000);
    const macro = body.macro!;
    const sim = rpmSimulationSchema.parse(await service(now + 1000).simulate(body.advice!.rpm));
    // The advice's rpm is rounded to 0.1: within a few minutes of the plan over days.
    expect(Math.abs(Date.parse(sim.arrival) - Date.parse(macro.optimised.eta))).toBeLessThan(10 * MINUTE_MS);
    expect(sim.fuelT).toBeCloseTo(macro.optimised.fuelT, 0);
    if (sim.heldUntil) expect(Date.parse(sim.heldUntil)).toBeLessThan(Date.parse(sim.arrival));
  });

  it('carries the simulation the page opens on: the simulate read of that rpm, figure for figure', async () => {
    const body = await report(now + 1000);
    const rpm = openingSimulationRpm({
      advisedRpm: body.advice?.rpm,
      engineRpm: body.navigation.rpm,
      minRpm: body.model.minRpm,
      maxRpm: body.model.maxRpm,
    });
    expect(body.advice).not.toBeNull();
    expect(body.simulation?.rpm).toBe(Math.round(body.advice!.rpm * 10) / 10);
    expect(body.simulation).toEqual(rpmSimulationSchema.parse(await service(now + 1000).simulate(rpm)));
  });

  it('reads the voyage ledger once per answer for both year-end CIIs (macro plan, opening simulation)', async () => {
    // The simulator's voyages as filling records, its ship as the basic info: the year-end CII can be reckoned.
    await prefillFillingRecords(t.services);
    const reads = vi.spyOn(t.services.filling, 'checked');
    try {
      const body = await report(now + 1000);
      expect(body.macro?.cii).not.toBeNull();
      expect(body.simulation?.cii).not.toBeNull();
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  });

  it('keeps the crew’s ship condition and refuses negative cargo and unknown statuses', async () => {
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/v1/speed/condition', headers: t.auth, payload });
    const bad = await put({ shipStatus: 2, loadingStatus: 1, cargoT: -5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(speedMessages.cargoNegative);
    expect((await put({ shipStatus: 9, loadingStatus: 1, cargoT: 5 })).statusCode).toBe(400);
    // 100,000 t on a ship of less deadweight: refused at the field, naming the deadweight.
    const heavy = await put({ shipStatus: 2, loadingStatus: 1, cargoT: 100_000 });
    expect(heavy.statusCode).toBe(400);
    expect(heavy.json().error.details[0]).toMatchObject({ path: 'body.cargoT' });
    expect(heavy.json().error.details[0].message).toMatch(
      new RegExp(`^${speedMessages.cargoAboveDeadweight} \\([\\d,]+ t\\)$`),
    );
    expect((await put({ shipStatus: 2, loadingStatus: 4, cargoT: 5 })).statusCode).toBe(400);
    const viewer = await viewerAuth(t);
    const forbidden = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/speed/condition',
      headers: viewer,
      payload: { shipStatus: 2, loadingStatus: 1, cargoT: 5 },
    });
    expect(forbidden.statusCode).toBe(403);
    const ok = await put({ shipStatus: 4, loadingStatus: 2, cargoT: 1200 });
    expect(ok.statusCode).toBe(200);
    const body = await report(now + 2000);
    expect(body.condition).toMatchObject({
      shipStatus: 4,
      loadingStatus: 2,
      cargoT: 1200,
      source: 'crew',
      setBy: 'TEST-01',
    });
    // The crew gives it back to the sensors: derived again (viewers may not).
    const viewerReset = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/speed/condition',
      headers: viewer,
    });
    expect(viewerReset.statusCode).toBe(403);
    const reset = await t.app.inject({ method: 'DELETE', url: '/api/v1/speed/condition', headers: t.auth });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ source: 'derived', setAt: null, setBy: null });
    expect((await report(now + 2000)).condition.source).toBe('derived');
  });

  it('refuses a condition the live speed and draughts contradict, unless the crew confirm it', async () => {
    const s = service(now + 1000);
    const live = (await report(now + 1000)).navigation;
    expect(live.sogKn!).toBeGreaterThan(8);
    // "Anchored / Ballasted / 0 t" at sea speed on laden draughts: each field says what contradicts it.
    const refused = await s.saveCondition({ shipStatus: 3, loadingStatus: 2, cargoT: 0 }, 'TEST-01').then(
      () => null,
      (e: { details?: { path: string; message: string }[] }) => e,
    );
    expect(refused?.details?.map((d) => d.path)).toEqual([
      'body.shipStatus',
      'body.loadingStatus',
      'body.cargoT',
    ]);
    expect(refused!.details![0]!.message).toMatch(
      new RegExp(`^${speedMessages.statusMoving.replace(/[.()]/g, '\\$&')} \\(SOG \\d+\\.\\d kn\\)$`),
    );
    expect(refused!.details![1]!.message.startsWith(speedMessages.loadingDeep)).toBe(true);
    expect(refused!.details![2]!.message.startsWith(speedMessages.cargoVsDraught)).toBe(true);
    expect((await s.condition()).source).toBe('derived');
    // What the sensors say is accepted; a contradiction the crew confirm (a sensor they know wrong) too.
    const derived = await s.condition();
    const fine = await s.saveCondition(
      { shipStatus: 2, loadingStatus: derived.loadingStatus, cargoT: derived.cargoT },
      'TEST-01',
    );
    expect(fine.source).toBe('crew');
    const confirmed = await s.saveCondition(
      { shipStatus: 3, loadingStatus: 2, cargoT: 0, confirmed: true },
      'TEST-01',
    );
    expect(confirmed).toMatchObject({ shipStatus: 3, loadingStatus: 2, cargoT: 0, source: 'crew' });
    expect(confirmed).not.toHaveProperty('confirmed');
    expect((await s.resetCondition()).source).toBe('derived');
  });

  it('checks a voyage plan: ETA before now, ETA before ETD, too few waypoints; the stored plan stays', async () => {
    const before = (await report(now)).plan!;
    const soon = new Date(Date.now() + 10 * DAY).toISOString();
    const later = new Date(Date.now() + 11 * DAY).toISOString();
    const input: VoyagePlanInput = {
      voyageNo: '2305',
      departurePort: 'Singapore',
      destination: 'Rotterdam',
      etd: new Date(Date.now() - DAY).toISOString(),
      rtd: null,
      eta: soon,
      rta: later,
      waypoints: before.waypoints,
      specialPoints: [],
    };
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/v1/speed/plan', headers: t.auth, payload });
    const past = await put({ ...input, eta: new Date(Date.now() - 3_600_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.details).toContainEqual({
      path: 'body.eta',
      message: speedMessages.etaBeforeNow,
    });
    const backwards = await put({ ...input, etd: later, eta: soon });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain(speedMessages.etaBeforeEtd);
    const one = await put({ ...input, waypoints: input.waypoints.slice(0, 1) });
    expect(one.statusCode).toBe(400);
    expect(one.body).toContain(speedMessages.waypointsTooFew);
    expect((await report(now)).plan).toEqual(before);
    const saved = await put(input);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ voyageNo: '2305', source: 'crew', updatedBy: 'TEST-01' });
  });

  it('exports the plan as RTZ and imports it back; a damaged or foreign file is refused and nothing changes', async () => {
    const exported = await t.app.inject({ method: 'GET', url: '/api/v1/speed/plan/rtz', headers: t.auth });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/attachment; filename=".+\.rtz"/);
    const xml = exported.body;
    expect(xml).toContain('http://www.cirm.org/RTZ/1/1');
    const plan = (await report(now)).plan!;
    const parsed = parseRtz(xml);
    expect(parsed.waypoints.map((w) => [w.lat, w.lon])).toEqual(plan.waypoints.map((w) => [w.lat, w.lon]));
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/speed/plan/rtz', headers: t.auth, payload });
    const broken = await post({ fileName: 'x.rtz', xml: xml.slice(0, xml.length / 2) });
    expect(broken.statusCode).toBe(400);
    expect(broken.body).toContain(speedMessages.rtzInvalid);
    const foreign = await post({ fileName: 'x.gpx', xml: '<gpx version="1.1"><rte/></gpx>' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toMatch(/^This is not a valid RTZ route file\. route/);
    const badLat = await post({ fileName: 'x.rtz', xml: xml.replace(/lat="[^"]+"/, 'lat="95"') });
    expect(badLat.statusCode).toBe(400);
    expect(badLat.body).toContain('latitude outside');
    expect((await report(now)).plan).toEqual(plan);
    // A route of three waypoints replaces the plan's route and keeps its times.
    const short = exportRtz({ ...plan, waypoints: plan.waypoints.slice(0, 3) });
    const imported = await post({ fileName: 'short.rtz', xml: short });
    expect(imported.statusCode).toBe(201);
    expect(imported.json()).toMatchObject({ source: 'rtz', rta: plan.rta, voyageNo: plan.voyageNo });
    expect(imported.json().waypoints).toHaveLength(3);
  });

  it('keeps the crew’s decision on the advice, wants a reason to override, and gives slip from pitch', async () => {
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/speed/adjustments', headers: t.auth, payload });
    const noReason = await post({ decision: 'override', rpm: 90, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain(speedMessages.reasonRequired);
    const outOfRange = await post({ decision: 'override', rpm: 250, reason: 'test' });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.body).toContain(speedMessages.rpmOutOfRange);
    const ok = await post({ decision: 'override', rpm: 92, reason: 'Heavy swell on the bow' });
    expect(ok.statusCode).toBe(201);
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/v1/speed/history?hours=48',
      headers: t.auth,
    });
    expect(history.json().adjustments.at(-1)).toMatchObject({ decision: 'override', rpm: 92 });
    const slip = await service(now + 1000).slip(30);
    expect(slip.pitchM).toBe(4.55);
    expect(slip.points.length).toBeGreaterThan(100);
    // Apparent slip of a loaded Supramax: a few per cent to about 15 % (methods README §2).
    expect(slip.meanPct!).toBeGreaterThan(0);
    expect(slip.meanPct!).toBeLessThan(20);
    expect(slip.now?.theoreticalKn).toBeGreaterThan(slip.now!.stwKn);
  });
});
