import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trimOptimumM } from '../src/simulator/vessel.ts';
import { simulateHistory } from './sim-history.ts';
import { createTestApp, storeKinds, type TestApp } from './stores.ts';

const KN = 1852 / 3600;

describe('trim optimisation against the simulator hidden optimum', () => {
  let t: TestApp;
  const now = Math.floor(Date.now() / 60_000) * 60_000;

  beforeAll(async () => {
    t = await createTestApp(storeKinds[0]!);
    await simulateHistory(t, now, 400);
  }, 300_000);
  afterAll(() => t?.close());

  const report = async () => {
    const res = await t.app.inject({ url: '/api/v1/trim', headers: t.auth });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('recovers the optimum trim of every bin it gives advice for, inside its interval', async () => {
    const body = await report();
    expect(body.blocks).toBeGreaterThan(1000);
    const fitted = body.bins.filter((b: { status: string }) => b.status === 'ok');
    expect(fitted.length).toBeGreaterThanOrEqual(2);
    for (const b of fitted) {
      const truth = trimOptimumM(b.draftM);
      expect(Math.abs(b.optimumM - truth), `bin ${b.speedKn} kn, ${b.draftM} m`).toBeLessThan(0.35);
      // The bin spans a metre of draught (the optimum moves 0.25 m across it): the interval holds the truth.
      expect(b.interval[0] - 0.15, `bin ${b.speedKn} kn, ${b.draftM} m`).toBeLessThanOrEqual(truth);
      expect(b.interval[1] + 0.15, `bin ${b.speedKn} kn, ${b.draftM} m`).toBeGreaterThanOrEqual(truth);
    }
    // Bins with few blocks, few days or no clear minimum say so instead of placing an optimum.
    const other = body.bins.filter((x: { status: string }) => x.status !== 'ok');
    expect(other.length).toBeGreaterThan(0);
    for (const b of other) expect(b.optimumM).toBeNull();
  });

  it('advises the optimum and the saving for the trim sailed now', async () => {
    const body = await report();
    expect(body.reason).toBe('no_live_data');
    const bin = body.bins
      .filter((b: { status: string }) => b.status === 'ok')
      .sort((a: { samples: number }, b: { samples: number }) => b.samples - a.samples)[0];
    const trimNow = bin.optimumM + 1;
    const at = Date.now();
    await t.services.telemetry.writeSamples([
      { channel: 'navigation.trim', t: at, value: trimNow },
      { channel: 'navigation.attitude.roll', t: at, value: (1.5 * Math.PI) / 180 },
      { channel: 'navigation.speedThroughWater', t: at, value: bin.speedKn * KN },
      { channel: 'navigation.draft.fore', t: at, value: bin.draftM - trimNow / 2 },
      { channel: 'navigation.draft.aft', t: at, value: bin.draftM + trimNow / 2 },
      { channel: 'propulsion.main.fuel.hfo.massFlow', t: at, value: 0.25 },
    ]);
    const advised = await report();
    expect(advised.reason).toBeNull();
    expect(advised.current.heelDeg).toBeCloseTo(1.5, 6);
    expect(advised.advice.optimumM).toBeCloseTo(bin.optimumM, 9);
    // A metre off the optimum costs the simulated hull 2.5 % of its reference power.
    expect(advised.advice.savingPct).toBeGreaterThan(1.2);
    expect(advised.advice.savingPct).toBeLessThan(4);
    expect(advised.advice.savingTPerDay).toBeCloseTo((0.25 * 86.4 * advised.advice.savingPct) / 100, 9);
    expect(advised.points.length).toBeGreaterThan(20);
  });
});
