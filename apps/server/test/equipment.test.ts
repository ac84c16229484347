import { assessmentResponseSchema, equipmentResponseSchema } from '@ecohelm/contracts';
import { assessmentRating } from '@ecohelm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlarmsRepository } from '../src/features/alarms/alarms.repository.ts';
import { AlarmsService } from '../src/features/alarms/alarms.service.ts';
import { assessmentConditions } from '../src/features/equipment/equipment.assessment.ts';
import { engineDeviationPct, type SimulatedEngine } from '../src/simulator/engine-condition.ts';
import { simulateHistory } from './sim-history.ts';
import { createTestApp, storeKinds, type TestApp, viewerAuth } from './stores.ts';

describe('equipment parameters and the energy assessment', () => {
  let t: TestApp;
  const now = Date.now();
  const get = (url: string) => t.app.inject({ url, headers: t.auth });
  const put = (unit: string, payload: object, headers = t.auth) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/equipment/${unit}`, headers, payload });

  beforeAll(async () => {
    t = await createTestApp(storeKinds[0]!);
    await simulateHistory(t, now, 22);
  }, 300_000);
  afterAll(() => t?.close());

  it('starts from the reference data and rates the simulated engines against their shop tests', async () => {
    const list = equipmentResponseSchema.parse((await get('/api/v1/equipment')).json());
    expect(list.items.map((i) => i.unit)).toEqual(['me', 'ge1', 'ge2', 'ge3', 'boiler1', 'boiler2']);
    expect(list.items.every((i) => i.updatedAt === null)).toBe(true);
    const a = assessmentResponseSchema.parse((await get('/api/v1/equipment/assessment?days=10')).json());
    const me = a.items.find((i) => i.unit === 'me')!;
    expect(me.detail!.measured.length).toBe(me.points);
    // Each simulated engine burns above its shop test by its own condition (simulator/engine-condition.ts): the
    // assessment finds that deviation (never the 0.0 % of an engine on its test-bed curve) and rates it so.
    const rated = a.items.filter((i) => ['me', 'ge1', 'ge2', 'ge3'].includes(i.unit) && i.rating !== null);
    expect(rated.length).toBeGreaterThan(1);
    for (const e of rated) {
      const expected = engineDeviationPct(e.unit as SimulatedEngine, now - 5 * 86_400_000);
      expect(Math.abs(e.deviationPct! - expected)).toBeLessThan(0.8);
      expect(e.deviationPct!).toBeGreaterThan(0.2);
      expect(e.rating).toBe(assessmentRating(e.deviationPct!));
    }
    expect(a.items.find((i) => i.unit === 'boiler1')!.reason).toBe('no_baseline');
    // Hull and boilers open with their own detail: the hull's daily PV, each boiler's hours and whether it burns.
    const hull = a.items.find((i) => i.unit === 'hull')!;
    expect(hull.hullDetail!.daily.length).toBeGreaterThan(5);
    expect(
      hull.hullDetail!.daily.every(
        (d) => Date.parse(d.date) >= Date.parse(hull.hullDetail!.from) - 86_400_000,
      ),
    ).toBe(true);
    const [b1, b2] = (['boiler1', 'boiler2'] as const).map(
      (u) => a.items.find((i) => i.unit === u)!.boilerDetail!,
    );
    expect(b1!.oilFired).toBe(true);
    expect(b2!.oilFired).toBe(false);
    expect(b1!.runningHours + b2!.runningHours).toBeGreaterThan(200);
    expect(b1!.runningHours + b2!.runningHours).toBeLessThan(10 * 24 + 2);
    expect(b1!.fuelT).toBeGreaterThan(0);
    expect(b2!.fuelT).toBe(0);
  });

  it('takes the crew shop test of G/E 1: the monitoring, the load assistant and the assessment use it', async () => {
    const before = assessmentResponseSchema.parse((await get('/api/v1/equipment/assessment?days=21')).json());
    const ge1Before = before.items.find((i) => i.unit === 'ge1')!;
    expect(ge1Before.rating).not.toBeNull();
    const list = equipmentResponseSchema.parse((await get('/api/v1/equipment')).json());
    const ge1 = list.items.find((i) => i.unit === 'ge1')!.parameters;
    if (ge1.kind !== 'generator') throw new Error('G/E 1 is a generator');
    // A shop test 6 % better than the engine burns: the engine now sits about 6.4 % above it.
    const better = {
      ...ge1,
      model: 'G/E 1 after overhaul test',
      sfocPoints: ge1.sfocPoints.map((p) => ({ ...p, sfocGPerKwh: p.sfocGPerKwh * 0.94 })),
    };
    const saved = await put('ge1', better);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().updatedBy).toBe('TEST-01');
    const after = assessmentResponseSchema.parse((await get('/api/v1/equipment/assessment?days=21')).json());
    const ge1After = after.items.find((i) => i.unit === 'ge1')!;
    expect(ge1After.deviationPct! - ge1Before.deviationPct!).toBeCloseTo(100 / 0.94 - 100, 0);
    expect(ge1After.rating).toBe('normal');
    const monitoring = (await get('/api/v1/monitoring/ge1')).json();
    expect(monitoring.sfoc.reference[0].sfocGPerKwh).toBeCloseTo(ge1.sfocPoints[0]!.sfocGPerKwh * 0.94, 9);
    const load = (await get('/api/v1/load')).json();
    expect(load.curves.find((c: { id: string }) => c.id === 'ge1').shopTest[0].sfocGPerKwh).toBeCloseTo(
      ge1.sfocPoints[0]!.sfocGPerKwh * 0.94,
      9,
    );
  });

  it('refuses wrong parameters at the field and keeps the ones in use', async () => {
    const before = (await get('/api/v1/equipment')).json();
    const me = before.items.find((i: { unit: string }) => i.unit === 'me').parameters;
    const unordered = await put('me', {
      ...me,
      sfocPoints: [me.sfocPoints[0], me.sfocPoints[2], me.sfocPoints[1], ...me.sfocPoints.slice(3)],
    });
    expect(unordered.statusCode).toBe(400);
    expect(unordered.json().error.details).toContainEqual({
      path: 'body.sfocPoints.2.loadPct',
      message: 'Give the shop-test loads in increasing order, each once.',
    });
    const wrongKind = await put('ge2', me);
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().error.details).toEqual([
      { path: 'body.kind', message: 'This unit takes generator parameters.' },
    ]);
    expect((await put('me', { ...me, mcrKw: -5 })).statusCode).toBe(400);
    expect((await put('me', me, await viewerAuth(t))).statusCode).toBe(403);
    expect((await get('/api/v1/equipment')).json()).toEqual(before);
  });

  it('puts an engine rated worse than before, or serious, in the message center as an equipment assessment', async () => {
    // G/E 1's shop test set 10 % better than the engine burns: serious.
    const list = equipmentResponseSchema.parse((await get('/api/v1/equipment')).json());
    const ge1 = list.items.find((i) => i.unit === 'ge1')!.parameters;
    if (ge1.kind !== 'generator') throw new Error('G/E 1 is a generator');
    await put('ge1', {
      ...ge1,
      sfocPoints: ge1.sfocPoints.map((p) => ({ ...p, sfocGPerKwh: p.sfocGPerKwh * 0.9 })),
    });
    const a = assessmentResponseSchema.parse((await get('/api/v1/equipment/assessment?days=21')).json());
    const conditions = assessmentConditions(a.items);
    expect(conditions.find((c) => c.equipment === 'ge1')).toMatchObject({
      raise: true,
      condition: 'rating_worsened',
    });
    expect(conditions.find((c) => c.equipment === 'me')).toMatchObject({ raise: false });
    // Through the alarm engine, as the server wires it: the next samples raise it.
    const alarms = new AlarmsService(new AlarmsRepository(t.testStore.store.db), t.services.telemetry, {
      tickMs: 0,
      extraInputs: () => conditions,
    });
    await alarms.start();
    try {
      alarms.observeSamples([{ channel: 'navigation.speedOverGround', t: Date.now(), value: 5 }]);
      const active = await alarms.active('test');
      const event = active.items.find((i) => i.condition === 'rating_worsened');
      expect(event).toMatchObject({ category: 'equipmentAssessment', equipment: 'ge1', unit: '%' });
    } finally {
      await alarms.stop();
    }
  });
});
