import { trimResponseSchema } from '@ecohelm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FoulingService } from '../src/features/fouling/fouling.service.ts';
import { TrimRepository } from '../src/features/trim/trim.repository.ts';
import { TrimService } from '../src/features/trim/trim.service.ts';
import { trimOptimumM } from '../src/simulator/vessel.ts';
import { post } from './http.ts';
import { simulateHistory } from './sim-history.ts';
import { createTestApp, storeKinds, type TestApp } from './stores.ts';

const KN = 1852 / 3600;

describe('trim optimisation against the simulator hidden optimum', () => {
  let t: TestApp;
  // A fixed clock: the same simulated year (and so the same bins) on every run.
  const now = Date.parse('2026-06-01T00:00:00Z');
  const service = () =>
    new TrimService(
      new FoulingService(t.services.telemetry, t.services.records, t.services.ships, () => now),
      t.services.telemetry,
      new TrimRepository(t.testStore.store.db),
      () => now,
    );

  beforeAll(async () => {
    t = await createTestApp(storeKinds[0]!);
    await simulateHistory(t, now, 400);
  }, 300_000);
  afterAll(() => t?.close());

  /** The answer of GET /api/v1/trim, checked against its contract, from a service on the fixed clock. */
  const report = async () => JSON.parse(JSON.stringify(trimResponseSchema.parse(await service().report())));

  it('recovers the optimum trim of every bin it gives advice for, inside its interval', async () => {
    const body = await report();
    expect(body.blocks).toBeGreaterThan(1000);
    const fitted = body.bins.filter((b: { status: string }) => b.status === 'ok');
    expect(fitted.length).toBeGreaterThanOrEqual(2);
    for (const b of fitted) {
      const truth = trimOptimumM(b.draftM);
      expect(Math.abs(b.optimumM - truth), `bin ${b.speedKn} kn, ${b.draftM} m`).toBeLessThan(0.3);
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
    // After the last simulated minute (its rollup ends at 00:00:59.999), so these are the latest values.
    const at = now + 60_000;
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

  it('takes a vendor trim table, refusing a wrong one line by line, and advises from it', async () => {
    const header = 'speed_kn,draft_m,trim_m,delta_power_pct';
    const lines: string[] = [];
    for (const v of [10, 15])
      for (const d of [7, 12])
        for (const x of [-1, -0.5, 0, 0.5, 1, 1.5, 2]) lines.push(`${v},${d},${x},${2 * (x - 0.5) ** 2}`);
    const bad = [header, ...lines.slice(0, -1), '15,12,2,lots'].join('\n');
    const refused = await post(t, '/api/v1/trim/table', { fileName: 'hull-trim.csv', csv: bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toContainEqual({
      path: 'body.csv',
      message: "line 29: delta_power_pct 'lots' is not a number",
    });
    const incomplete = await post(t, '/api/v1/trim/table', {
      fileName: 'hull-trim.csv',
      csv: [header, ...lines.slice(0, -1)].join('\n'),
    });
    expect(incomplete.json().error.details[0].message).toBe('no value for 15 kn, 12 m draught, 2 m trim');
    expect((await report()).table).toBeNull();

    const ok = await post(t, '/api/v1/trim/table', {
      fileName: 'hull-trim.csv',
      csv: [header, ...lines].join('\n'),
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      fileName: 'hull-trim.csv',
      speeds: [10, 15],
      drafts: [7, 12],
      trims: [-1, -0.5, 0, 0.5, 1, 1.5, 2],
    });
    const advised = await report();
    expect(advised.table.fileName).toBe('hull-trim.csv');
    expect(advised.advice.source).toBe('table');
    expect(advised.advice.optimumM).toBeCloseTo(0.5, 6);
    expect(advised.advice.interval).toBeNull();
    expect(advised.tableCurve.length).toBeGreaterThan(10);
  });
});
