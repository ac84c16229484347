import { describe, expect, it } from 'vitest';
import { generatorSfoc } from '../physics/engine.ts';
import { mulberry32 } from '../random.ts';
import {
  canCarry,
  type GeneratorSet,
  LOAD_TIE_SHARE,
  loadPlans,
  optimiseLoad,
  planFuelKgPerH,
  setFuelKgPerH,
  shareLoad,
} from './load-sharing.ts';

const set = (id: string, over: Partial<GeneratorSet> = {}): GeneratorSet => ({
  id,
  ratedKw: 600,
  sfoc: (pct) => generatorSfoc(pct / 100, 190),
  minLoadPct: 30,
  maxLoadPct: 85,
  priority: Number(id.slice(2)),
  available: true,
  ...over,
});

/**
 * Brute force on a 1 % grid: every combination, every set but the last on each whole percent of its rating
 * within its limits, the last set taking the rest. Returns the least fuel found, or null.
 */
function bruteForce(sets: readonly GeneratorSet[], demandKw: number, reserveKw: number) {
  let best: { fuel: number; running: string[] } | null = null;
  const n = sets.length;
  for (let mask = 1; mask < 1 << n; mask++) {
    const running = sets.filter((s, i) => s.available && mask & (1 << i));
    if (running.length !== sets.filter((_, i) => mask & (1 << i)).length) continue;
    const rated = running.reduce((s, g) => s + g.ratedKw, 0);
    if (rated - demandKw < reserveKw) continue;
    const last = running[running.length - 1]!;
    const walk = (j: number, left: number, fuel: number) => {
      if (j === running.length - 1) {
        const pct = (100 * left) / last.ratedKw;
        if (pct < last.minLoadPct - 1e-9 || pct > last.maxLoadPct + 1e-9) return;
        const total = fuel + setFuelKgPerH(last, left);
        if (!best || total < best.fuel) best = { fuel: total, running: running.map((s) => s.id) };
        return;
      }
      const g = running[j]!;
      for (let pct = Math.ceil(g.minLoadPct); pct <= Math.floor(g.maxLoadPct); pct++) {
        const kw = (pct / 100) * g.ratedKw;
        if (kw > left) break;
        walk(j + 1, left - kw, fuel + setFuelKgPerH(g, kw));
      }
    };
    walk(0, demandKw, 0);
  }
  return best as { fuel: number; running: string[] } | null;
}

function expectMatchesBruteForce(sets: GeneratorSet[], demandKw: number, reserveKw: number) {
  const brute = bruteForce(sets, demandKw, reserveKw);
  const plans = loadPlans(sets, demandKw, reserveKw);
  if (!brute) {
    // The grid can miss only a sliver of feasible demand; the optimiser then has nothing better to compare with.
    return plans.length === 0 ? 'none' : 'grid-missed';
  }
  const best = plans[0]!;
  // Continuous sharing is never worse than the best point on the 1 % grid, and not implausibly better.
  expect(best.fuelKgPerH).toBeLessThanOrEqual(brute.fuel * (1 + 1e-9));
  expect(best.fuelKgPerH).toBeGreaterThan(brute.fuel * 0.995);
  const total = Object.values(best.loadsKw).reduce((a, b) => a + b, 0);
  expect(total).toBeCloseTo(demandKw, 6);
  for (const s of sets) {
    const kw = best.loadsKw[s.id]!;
    if (!best.running.includes(s.id)) expect(kw).toBe(0);
    else {
      expect(kw).toBeGreaterThanOrEqual((s.minLoadPct / 100) * s.ratedKw - 1e-6);
      expect(kw).toBeLessThanOrEqual((s.maxLoadPct / 100) * s.ratedKw + 1e-6);
    }
  }
  expect(best.fuelKgPerH).toBeCloseTo(planFuelKgPerH(sets, best.loadsKw), 9);
  // The recommendation gives up at most the tie share for fewer sets or better priorities.
  const chosen = optimiseLoad(sets, demandKw, reserveKw)!;
  expect(chosen.fuelKgPerH).toBeLessThanOrEqual(brute.fuel * (1 + LOAD_TIE_SHARE + 1e-9));
  return 'matched';
}

describe('generator load optimiser', () => {
  it('matches brute force on a 1 % grid for three identical sets across the demand range', () => {
    const sets = [set('ge1'), set('ge2'), set('ge3')];
    const outcomes: string[] = [];
    for (let demand = 150; demand <= 1550; demand += 25)
      outcomes.push(expectMatchesBruteForce(sets, demand, 60));
    expect(outcomes.filter((o) => o === 'matched').length).toBeGreaterThan(50);
  });

  it('matches brute force for sets of different size and curve, with and without a reserve', () => {
    const sets = [
      set('ge1', { ratedKw: 800, sfoc: (p) => generatorSfoc(p / 100, 186) }),
      set('ge2', { ratedKw: 600, sfoc: (p) => generatorSfoc(p / 100, 196) }),
      set('ge3', { ratedKw: 400, sfoc: (p) => 205 + 0.004 * (p - 80) ** 2, minLoadPct: 20, maxLoadPct: 90 }),
    ];
    for (const reserve of [0, 150, 400]) {
      for (let demand = 120; demand <= 1600; demand += 40) expectMatchesBruteForce(sets, demand, reserve);
    }
  });

  it('matches brute force on random fleets of three and four sets', () => {
    const rnd = mulberry32(19030);
    let matched = 0;
    for (let c = 0; c < 40; c++) {
      const n = c < 30 ? 3 : 4;
      const sets = Array.from({ length: n }, (_, i) => {
        const base = 180 + 30 * rnd();
        const bend = 0.6 + 0.8 * rnd();
        return set(`ge${i + 1}`, {
          ratedKw: Math.round(300 + 700 * rnd()),
          sfoc: (p: number) => base * (1 + bend * (0.455 * (p / 100) ** 2 - 0.71 * (p / 100) + 0.28)),
          minLoadPct: Math.round(15 + 25 * rnd()),
          maxLoadPct: Math.round(80 + 15 * rnd()),
          priority: i + 1,
          available: rnd() > 0.1,
        });
      });
      const capacity = sets.reduce((s, g) => s + (g.maxLoadPct / 100) * g.ratedKw, 0);
      const demand = capacity * (0.1 + 0.8 * rnd());
      if (expectMatchesBruteForce(sets, demand, Math.round(200 * rnd())) === 'matched') matched++;
    }
    expect(matched).toBeGreaterThan(30);
  });

  it('shares unequally at low load, where the SFOC curve is not convex, and equally at high load', () => {
    const pair = [set('ge1', { minLoadPct: 10 }), set('ge2', { minLoadPct: 10 })];
    // 2 × 30 % on the IMO curve burns more than 20 % + 40 % (hand check: F(L) = L·(0.455L² − 0.71L + 1.28)).
    const low = shareLoad(pair, 360)!;
    expect(Math.abs(low[0]! - low[1]!)).toBeGreaterThan(60);
    const equal = setFuelKgPerH(pair[0]!, 180) * 2;
    expect(setFuelKgPerH(pair[0]!, low[0]!) + setFuelKgPerH(pair[1]!, low[1]!)).toBeLessThan(equal);
    const high = shareLoad(pair, 900)!;
    expect(high[0]!).toBeCloseTo(450, 3);
    expect(high[1]!).toBeCloseTo(450, 3);
  });

  it('runs one set at sea load, two when one would exceed its maximum, and keeps the reserve', () => {
    const sets = [set('ge1'), set('ge2'), set('ge3')];
    expect(optimiseLoad(sets, 420, 60)!.running).toEqual(['ge1']);
    // 540 kW is 90 % of one set: over the 85 % limit, so two sets.
    expect(optimiseLoad(sets, 540, 60)!.running).toEqual(['ge1', 'ge2']);
    // A 200 kW reserve for the bow thruster cannot be kept by one set carrying 420 kW.
    expect(optimiseLoad(sets, 420, 200)!.running).toEqual(['ge1', 'ge2']);
    expect(canCarry([sets[0]!], 420, 200)).toBe(false);
    // More than all three can carry: no plan.
    expect(optimiseLoad(sets, 1600, 0)).toBeNull();
  });

  it('lets the priorities choose between equal sets and skips a set that is not available', () => {
    const sets = [set('ge1', { priority: 3 }), set('ge2', { priority: 1 }), set('ge3', { priority: 2 })];
    expect(optimiseLoad(sets, 420, 0)!.running).toEqual(['ge2']);
    expect(optimiseLoad(sets, 700, 0)!.running).toEqual(['ge2', 'ge3']);
    const down = sets.map((s) => (s.id === 'ge2' ? { ...s, available: false } : s));
    expect(optimiseLoad(down, 420, 0)!.running).toEqual(['ge3']);
  });

  it('follows the priorities between sets that burn the same fuel, the running ones included', () => {
    const sets = [set('ge1'), set('ge2'), set('ge3')];
    // G/E 3 runs alone at the same fuel as G/E 1: the note says priority 1 runs, so change over.
    expect(optimiseLoad(sets, 420, 0, ['ge3'])!.running).toEqual(['ge1']);
    // A 300 kW reserve needs two sets: the two best priorities.
    expect(optimiseLoad(sets, 420, 300, ['ge3'])!.running).toEqual(['ge1', 'ge2']);
    const swapped = sets.map((s) => ({ ...s, priority: s.id === 'ge2' ? 1 : s.id === 'ge1' ? 2 : 3 }));
    expect(optimiseLoad(swapped, 420, 0, ['ge3'])!.running).toEqual(['ge2']);
    expect(optimiseLoad(swapped, 420, 300, ['ge3'])!.running).toEqual(['ge1', 'ge2']);
    // Two lightly loaded sets: the one stopped is the lower priority.
    expect(optimiseLoad(sets, 400, 0, ['ge1', 'ge2'])!.running).toEqual(['ge1']);
    expect(optimiseLoad(swapped, 400, 0, ['ge1', 'ge2'])!.running).toEqual(['ge2']);
  });

  it('keeps the running sets only between plans of the same fuel and the same priorities', () => {
    const sets = [set('ge1'), set('ge2', { priority: 1 }), set('ge3')];
    expect(optimiseLoad(sets, 420, 0, ['ge2'])!.running).toEqual(['ge2']);
    expect(optimiseLoad(sets, 420, 0, ['ge1'])!.running).toEqual(['ge1']);
  });

  it('prefers the set with the better curve over priority when it saves more than the tie share', () => {
    const sets = [
      set('ge1', { priority: 1, sfoc: (p) => 1.03 * generatorSfoc(p / 100, 190) }),
      set('ge2', { priority: 2 }),
    ];
    expect(optimiseLoad(sets, 400, 0)!.running).toEqual(['ge2']);
  });
});
