import { type BlockResult, calmWaterSpeedKn, foulingFactor, performanceValues } from '@ecohelm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FoulingService } from '../src/features/fouling/fouling.service.ts';
import { trimPowerFactor } from '../src/simulator/vessel.ts';
import { expectRefusedAt, get } from './http.ts';
import { simulateHistory } from './sim-history.ts';
import { createTestApp, storeKinds, type TestApp } from './stores.ts';

const DAY = 86_400_000;
const NOW = Date.parse('2026-06-01T00:00:00Z');

describe('hull fouling against the simulator hidden truth', () => {
  let t: TestApp;
  let service: FoulingService;

  beforeAll(async () => {
    t = await createTestApp(storeKinds[0]!);
    await simulateHistory(t, NOW, 400);
    service = new FoulingService(t.services.telemetry, t.services.records, t.services.ships, () => NOW);
  }, 300_000);
  afterAll(() => t?.close());

  it('recovers the speed loss the simulator gave its hull within 1.5 points', async () => {
    const cleanings = (await t.services.records.listHullCleaning({ limit: 100 }))
      .map((r) => Date.parse(r.endTime))
      .sort((a, b) => a - b);
    expect(cleanings.length).toBeGreaterThan(0);
    const from = cleanings[0]!;
    const { blocks } = await service.analyse(from, NOW);
    const valid = blocks.filter((b) => b.pv !== undefined);
    expect(valid.length).toBeGreaterThan(1000);
    // Truth: the simulator needs foulingFactor(days since cleaning) × 1.015 times the clean power for its speed,
    // and more when it sails off its best trim (which the hull's performance value rightly includes).
    const truth = (b: (typeof valid)[number]) => {
      const last = cleanings.filter((c) => c <= b.t).at(-1)!;
      const f = foulingFactor((b.t - last) / DAY) * 1.015 * trimPowerFactor(b.trimM!, b.draftM!);
      const draft = 7.3; // the ratio hardly depends on draught: f^(−1/n)
      const p = b.correctedPowerKw!;
      return 100 * (calmWaterSpeedKn(p / f, draft) / calmWaterSpeedKn(p, draft) - 1);
    };
    // Compare 60-day windows: the method's mean against the truth's mean over the same blocks.
    for (let w = from; w + 60 * DAY <= NOW; w += 60 * DAY) {
      const inWindow = valid.filter((b) => b.t >= w && b.t < w + 60 * DAY);
      if (inWindow.length < 100) continue;
      const measured = inWindow.reduce((a, b) => a + b.pv!, 0) / inWindow.length;
      const expected = inWindow.reduce((a, b) => a + truth(b), 0) / inWindow.length;
      expect(Math.abs(measured - expected), `window from ${new Date(w).toISOString()}`).toBeLessThan(1.5);
    }
  }, 120_000);

  it('rejects blocks early without changing any valid block: the same performance values as reading every minute', async () => {
    const from = NOW - 60 * DAY;
    const ship = { beamM: 32.26, transverseAreaM2: 1508.4, areaDraftM: 7.287, etaD: 0.7, cx0: 0.8 };
    const { blocks } = await service.analyse(from, NOW);
    const full: BlockResult[] = [];
    for (let a = from; a < NOW; a += 30 * DAY) {
      full.push(...performanceValues(await service.samples(a, Math.min(NOW, a + 30 * DAY)), ship));
    }
    const valid = (list: BlockResult[]) => list.filter((b) => b.pv !== undefined).map((b) => [b.t, b.pv]);
    expect(valid(blocks).length).toBeGreaterThan(500);
    expect(valid(blocks)).toEqual(valid(full));
    // Every block of the full reading is there, rejected or not.
    expect(blocks.map((b) => b.t)).toEqual(expect.arrayContaining(full.map((b) => b.t)));
  }, 120_000);

  it("lets the server's other work run between the months of a year's analysis", async () => {
    // Turns of the event loop taken by others (requests, timers) while the analysis runs: without its pauses, none.
    let turns = 0;
    let running = true;
    const other = () => {
      if (!running) return;
      turns++;
      setImmediate(other);
    };
    setImmediate(other);
    await service.analyse(NOW - 365 * DAY, NOW);
    running = false;
    expect(turns).toBeGreaterThanOrEqual(13 * 3);
  }, 120_000);

  it('reports indicators, rating and tip over HTTP, and each cleaning with its effect', async () => {
    const res = await get(
      t,
      `/api/v1/fouling?from=${new Date(NOW - 365 * DAY).toISOString()}&to=${new Date(NOW).toISOString()}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.blocks.valid).toBeGreaterThan(1000);
    expect(body.daily.length).toBeGreaterThan(100);
    expect(body.current.rating).toMatch(/excellent|good|fair|poor/);
    expect(['no_worsening', 'worsening', 'severe']).toContain(body.current.tip);
    expect(body.hullCondition.usualSpeedKn).toBeGreaterThan(8);
    expect(body.hullCondition.fuelPenaltyTPerDay).toBeGreaterThanOrEqual(0);
    // Every cleaning of the simulator is found: the hull makes more speed after it.
    const cleanings = body.maintenance.filter((m: { kind: string }) => m.kind === 'hull_cleaning');
    expect(cleanings.length).toBeGreaterThan(0);
    for (const c of cleanings) {
      expect(c.effect, c.endTime).not.toBeNull();
      expect(c.effect.value, c.endTime).toBeGreaterThan(0.5);
    }
  }, 120_000);

  it('refuses a range that ends before it starts', async () => {
    const res = await get(t, '/api/v1/fouling?from=2026-05-01T00:00:00Z&to=2026-04-01T00:00:00Z');
    expectRefusedAt(res, 'querystring.to', 'The end of the range must be after its start');
  });
});
