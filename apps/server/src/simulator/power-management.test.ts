import { generatorSfoc, ISO_LCV_MJ_PER_KG, isoSfocGPerKwh } from '@ecohelm/domain';
import { describe, expect, it } from 'vitest';
import { CH, CHANNEL_COUNT } from './channels.ts';
import { engineDeviationPct } from './engine-condition.ts';
import { runGenerators } from './machinery.ts';
import { generatorStartOrder, generatorStartOrderFromStored } from './power-management.ts';
import { VESSEL } from './vessel.ts';

const T = Date.parse('2026-11-27T08:00:00Z');
const run = (order: readonly number[], elecKw = 400) =>
  runGenerators(new Float64Array(CHANNEL_COUNT), {
    elecKw,
    mode: 'sea',
    t: T,
    seed: 1,
    minuteIndex: 0,
    lcv: ISO_LCV_MJ_PER_KG,
    airTempK: 300,
    order,
  });

describe('simulated power management', () => {
  it('starts the sets in the order of the crew priorities, unavailable sets last', () => {
    const sets = (p: [number, number, number], available = [true, true, true]) => ({
      sets: (['ge1', 'ge2', 'ge3'] as const).map((id, i) => ({
        id,
        priority: p[i]!,
        minLoadPct: 30,
        maxLoadPct: 85,
        available: available[i]!,
      })),
    });
    expect(generatorStartOrder(null)).toEqual([0, 1, 2]);
    expect(generatorStartOrder(sets([3, 1, 2]))).toEqual([1, 2, 0]);
    expect(generatorStartOrder(sets([1, 2, 3], [false, true, true]))).toEqual([1, 2, 0]);
    expect(generatorStartOrderFromStored('not json')).toEqual([0, 1, 2]);
    expect(
      generatorStartOrderFromStored(
        JSON.stringify({ ...sets([2, 3, 1]), reserveKw: 100, startDelayS: 30, stopDelayS: 300 }),
      ),
    ).toEqual([2, 0, 1]);
  });

  it('runs the priority-1 set alone at sea, and the next one when one set is not enough', () => {
    expect(run([2, 0, 1]).running).toEqual([false, false, true]);
    expect(run([1, 2, 0]).running).toEqual([false, true, false]);
    expect(run([1, 2, 0], 700).running).toEqual([false, true, true]);
  });

  it('each set burns above its shop test by its own condition (never 0.0 %), G/E 1 the best', () => {
    const devs = [0, 1, 2].map((g) => {
      const v = new Float64Array(CHANNEL_COUNT);
      runGenerators(v, {
        elecKw: 400,
        mode: 'sea',
        t: T,
        seed: 1,
        minuteIndex: 0,
        lcv: 40.2,
        airTempK: 300,
        order: [g],
      });
      const base = CH.ge1Run + g * 5;
      const kw = v[base + 1]! / 1000;
      const iso = isoSfocGPerKwh([{ kgPerS: v[base + 2]!, lcvMjPerKg: 40.2 }], kw * 1000)!;
      const ref = generatorSfoc(kw / VESSEL.geRatedKw, VESSEL.geSfocBase);
      return ((iso - ref) / ref) * 100;
    });
    devs.forEach((d, g) => {
      expect(d).toBeCloseTo(engineDeviationPct(`ge${g + 1}` as 'ge1', T), 6);
      expect(Math.abs(d)).toBeGreaterThan(0.25);
    });
    for (let day = 0; day < 400; day += 7) {
      const t = T - day * 86_400_000;
      expect(engineDeviationPct('ge1', t)).toBeLessThan(engineDeviationPct('ge2', t));
      expect(engineDeviationPct('ge2', t)).toBeLessThan(engineDeviationPct('ge3', t));
    }
  });
});
