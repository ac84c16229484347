import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocatePoolBenefit,
  BORROW_LIMIT_FRACTION,
  BORROW_REPAY_FACTOR,
  bestBorrowing,
  evaluatePools,
  fuelEuLimit,
  fuelEuPenalty,
  optimisePooling,
  type PoolingInput,
  type PoolingPlan,
  type PoolingShip,
} from './index.ts';

const T = 1e6; // g per t

const shipArb = (i: number, fixes: boolean) =>
  fc.record(
    {
      id: fc.constant(`s${i}`),
      balanceG: fc.integer({ min: -400, max: 400 }).map((t) => t * T),
      ghgIntensity: fc.double({ min: 70, max: 100, noNaN: true }),
      energyMj: fc.integer({ min: 1, max: 300 }).map((x) => x * 1e6),
      priorPenaltyYears: fc.integer({ min: 0, max: 3 }),
      borrowedLastYear: fc.boolean(),
      nextBalanceG: fc.integer({ min: -400, max: 400 }).map((t) => t * T),
      nextGhgIntensity: fc.double({ min: 70, max: 100, noNaN: true }),
      fix: fixes
        ? fc.constantFrom(undefined, undefined, undefined, 'in' as const, 'out' as const)
        : fc.constant(undefined),
    },
    { requiredKeys: ['id', 'balanceG', 'ghgIntensity', 'energyMj'] },
  );

const fleetArb = (min: number, max: number, fixes: boolean) =>
  fc
    .integer({ min, max })
    .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => shipArb(i, fixes))))
    .map((ships) => ({ year: 2026, ships: ships as PoolingShip[] }) satisfies PoolingInput);

/** Every set partition of `items` (restricted growth strings). */
function* partitions<T>(items: readonly T[]): Generator<T[][]> {
  const n = items.length;
  const a = new Array<number>(n).fill(0);
  const rec = function* (i: number, max: number): Generator<T[][]> {
    if (i === n) {
      const blocks: T[][] = Array.from({ length: max + 1 }, () => []);
      for (let k = 0; k < n; k++) blocks[a[k]!]!.push(items[k]!);
      yield blocks;
      return;
    }
    for (let b = 0; b <= max + 1; b++) {
      a[i] = b;
      yield* rec(i + 1, Math.max(max, b));
    }
  };
  if (n === 0) yield [];
  else yield* rec(0, -1);
}

/**
 * Brute force over every partition of the ships a user did not keep out: each block of two or more
 * ships with a total ≥ 0 is a pool (Art. 21), the other ships stay alone; the cheapest plan that has
 * every ship fixed in inside a pool. `null` when no partition can hold the ships fixed in.
 */
function bruteForce(input: PoolingInput): number | null {
  const free = input.ships.filter((s) => s.fix !== 'out');
  let best: number | null = null;
  for (const blocks of partitions(free)) {
    const pools = blocks.filter((b) => b.length >= 2 && b.reduce((a, s) => a + s.balanceG, 0) >= 0);
    const pooled = new Set(pools.flat().map((s) => s.id));
    if (input.ships.some((s) => s.fix === 'in' && !pooled.has(s.id))) continue;
    const cost = evaluatePools(
      input,
      pools.map((b) => b.map((s) => s.id)),
    ).totals.costEur;
    if (best === null || cost < best) best = cost;
  }
  return best;
}

/** Art. 20 and 21 hold in a plan. */
function checkRules(input: PoolingInput, plan: PoolingPlan): void {
  const limit = fuelEuLimit(input.year).limitGCo2ePerMj;
  const byId = new Map(input.ships.map((s) => [s.id, s]));
  if (plan.pool) {
    expect(plan.pool.members.length).toBeGreaterThanOrEqual(2);
    // Art. 21: the pool's total is ≥ 0.
    expect(plan.pool.members.reduce((a, id) => a + byId.get(id)!.balanceG, 0)).toBeGreaterThanOrEqual(-1e-3);
  }
  const transfers = plan.ships.reduce((a, s) => a + s.transferG, 0);
  expect(Math.abs(transfers)).toBeLessThan(1e-2);
  for (const s of plan.ships) {
    const ship = byId.get(s.id)!;
    if (!s.inPool) expect(s.transferG).toBe(0);
    // Art. 21: a deficit ship does not leave with a larger deficit; a surplus ship does not leave in deficit.
    if (ship.balanceG < 0) expect(s.afterPoolG).toBeGreaterThanOrEqual(ship.balanceG - 1e-3);
    else expect(s.afterPoolG).toBeGreaterThanOrEqual(-1e-3);
    if (ship.fix === 'out') expect(s.inPool).toBe(false);
    if (ship.fix === 'in' && plan.feasible) expect(s.inPool).toBe(true);
    // Art. 20(2): borrow only for a deficit, ≤ 2 % of limit × energy, never two periods running.
    expect(s.borrowG).toBeGreaterThanOrEqual(0);
    expect(s.borrowG).toBeLessThanOrEqual(Math.max(0, -s.afterPoolG) + 1e-3);
    expect(s.borrowG).toBeLessThanOrEqual(BORROW_LIMIT_FRACTION * limit * ship.energyMj + 1e-3);
    if (ship.borrowedLastYear) expect(s.borrowG).toBe(0);
    expect(s.repayNextG).toBeCloseTo(BORROW_REPAY_FACTOR * s.borrowG, 3);
    // Art. 20(1): only a surplus is banked; a ship that borrows banks nothing.
    expect(s.bankG).toBeGreaterThanOrEqual(0);
    if (s.borrowG > 0) expect(s.bankG).toBe(0);
  }
}

describe('FuelEU pooling optimiser (Art. 21) with banking and borrowing (Art. 20)', () => {
  it('equals brute force over every partition, fleets of up to 7 ships with fixed members', () => {
    fc.assert(
      fc.property(fleetArb(1, 7, true), (input) => {
        const plan = optimisePooling(input);
        checkRules(input, plan);
        const brute = bruteForce(input);
        expect(plan.feasible).toBe(brute !== null);
        if (brute !== null) expect(plan.totals.costEur).toBeCloseTo(brute, 6);
      }),
      { numRuns: 150 },
    );
  });

  it('equals brute force over every partition, fleets of 8 to 10 ships', () => {
    fc.assert(
      fc.property(fleetArb(8, 10, false), (input) => {
        const plan = optimisePooling(input);
        checkRules(input, plan);
        expect(plan.totals.costEur).toBeCloseTo(bruteForce(input)!, 6);
      }),
      { numRuns: 3 },
    );
  }, 120_000);

  it('borrows at the cost minimum over a dense grid of advances', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 }),
        fc.double({ min: 70, max: 100, noNaN: true }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: -400, max: 400 }),
        fc.double({ min: 70, max: 100, noNaN: true }),
        fc.integer({ min: 0, max: 400 }),
        (d, ghg, n, next, nextGhg, capT) => {
          const cap = Math.min(d, capT) * T;
          const best = bestBorrowing(d * T, ghg, n, next * T, nextGhg, cap);
          const cost = (b: number) => {
            const left = d * T - b;
            const now =
              left > 1e-3
                ? fuelEuPenalty({
                    complianceBalanceGCo2e: -left,
                    ghgIntensity: ghg,
                    consecutiveDeficitYears: n,
                  }).penaltyEur
                : 0;
            const nn = left > 1e-3 ? n + 1 : 1;
            return (
              now +
              fuelEuPenalty({
                complianceBalanceGCo2e: next * T - 1.1 * b,
                ghgIntensity: nextGhg,
                consecutiveDeficitYears: nn,
              }).penaltyEur
            );
          };
          for (let k = 0; k <= 200; k++)
            expect(best.totalEur).toBeLessThanOrEqual(cost((cap * k) / 200) + 1e-6);
          expect(best.totalEur).toBeCloseTo(cost(best.borrowG), 6);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('covers the deficit whose penalty is largest per t when the surplus fits one', () => {
    // 100 t of surplus, deficits of 60 t and 70 t: one fits; the 70 t deficit's penalty is larger.
    const plan = optimisePooling({
      year: 2026,
      ships: [
        { id: 'S', balanceG: 100 * T, ghgIntensity: 80, energyMj: 1e8 },
        { id: 'A', balanceG: -60 * T, ghgIntensity: 91, energyMj: 1e8, borrowedLastYear: true },
        { id: 'B', balanceG: -70 * T, ghgIntensity: 91, energyMj: 1e8, borrowedLastYear: true },
      ],
    });
    expect(plan.pool?.members).toEqual(['S', 'B']);
    const [s, a, b] = plan.ships;
    expect(s?.poolReason).toBe('donor');
    expect(s?.transferG).toBeCloseTo(-70 * T, 3);
    expect(s?.bankG).toBeCloseTo(30 * T, 3);
    expect(b?.poolReason).toBe('covered');
    expect(a?.poolReason).toBe('no_room');
    expect(a?.borrowReason).toBe('borrowed_last_year');
  });

  it('honours ships fixed out and reports fixed-in ships that cannot be covered', () => {
    const ships: PoolingShip[] = [
      { id: 'S', balanceG: 50 * T, ghgIntensity: 80, energyMj: 1e8 },
      { id: 'A', balanceG: -60 * T, ghgIntensity: 91, energyMj: 1e8, fix: 'in' },
    ];
    const plan = optimisePooling({ year: 2026, ships });
    expect(plan.feasible).toBe(false);
    expect(plan.pool).toBeNull();
    expect(plan.ships.map((s) => s.poolReason)).toEqual(['infeasible', 'infeasible']);
    const out = optimisePooling({
      year: 2026,
      ships: [
        { ...ships[0]!, fix: 'out' },
        { ...ships[1]!, fix: undefined },
      ],
    });
    expect(out.pool).toBeNull();
    expect(out.ships[0]?.poolReason).toBe('fixed_out');
  });

  it('refuses a pool against Art. 21', () => {
    const ships: PoolingShip[] = [
      { id: 'S', balanceG: 50 * T, ghgIntensity: 80, energyMj: 1e8 },
      { id: 'A', balanceG: -60 * T, ghgIntensity: 91, energyMj: 1e8 },
    ];
    expect(() => evaluatePools({ year: 2026, ships }, [['S', 'A']])).toThrow(/total/);
    expect(() => evaluatePools({ year: 2026, ships }, [['S']])).toThrow(/two ships/);
  });
});

describe('the worked example of docs/regulations.md (3 ships: one surplus, two deficits, one borrowing)', () => {
  const L = 89.3368;
  const plan = optimisePooling({
    year: 2026,
    ships: [
      { id: 'Aurora', balanceG: (L - 80) * 2e8, ghgIntensity: 80, energyMj: 2e8 },
      {
        id: 'Borealis',
        balanceG: (L - 91) * 5e8,
        ghgIntensity: 91,
        energyMj: 5e8,
        nextBalanceG: (L - 85) * 5e8,
        nextGhgIntensity: 85,
      },
      { id: 'Cygnus', balanceG: (L - 92) * 6e8, ghgIntensity: 92, energyMj: 6e8 },
    ],
  });
  const [aurora, borealis, cygnus] = plan.ships;
  const t2 = (g: number | undefined) => Math.round((g ?? Number.NaN) / 1e4) / 100;
  const eur = (x: number | undefined) => Math.round((x ?? Number.NaN) * 100) / 100;

  it('balances and penalties alone', () => {
    expect(plan.ships.map((s) => t2(s.balanceG))).toEqual([1867.36, -831.6, -1597.92]);
    expect(plan.ships.map((s) => eur(s.penaltyAloneEur))).toEqual([0, 534934.33, 1016704.14]);
  });
  it('pools Aurora with Cygnus; Borealis borrows its whole deficit; Aurora banks the rest', () => {
    expect(plan.pool?.members).toEqual(['Aurora', 'Cygnus']);
    expect(t2(plan.pool?.totalG)).toBe(269.44);
    expect([aurora?.poolReason, borealis?.poolReason, cygnus?.poolReason]).toEqual([
      'donor',
      'no_gain',
      'covered',
    ]);
    expect(t2(aurora?.transferG)).toBe(-1597.92);
    expect(t2(aurora?.bankG)).toBe(269.44);
    expect(t2(borealis?.borrowCapG)).toBe(831.6); // 2 % cap 893.368 t is above the deficit
    expect(t2(borealis?.borrowG)).toBe(831.6);
    expect(borealis?.borrowReason).toBe('borrows');
    expect(t2(borealis?.repayNextG)).toBe(914.76);
    expect(t2(borealis?.nextAfterG)).toBe(1253.64);
  });
  it('penalties this year and next, saved, and the allocation', () => {
    expect(eur(plan.totals.penaltyAloneEur)).toBe(1551638.47);
    expect(eur(plan.totals.penaltyEur)).toBe(0);
    expect(eur(cygnus?.nextPenaltyEur)).toBe(1016704.14);
    expect(eur(cygnus?.nextPenaltyAloneEur)).toBe(1118374.55);
    expect(eur(plan.totals.savedEur)).toBe(1653308.88);
    for (const rule of ['proportional', 'equal_price'] as const) {
      const a = allocatePoolBenefit(plan, rule);
      expect(eur(a.benefitEur)).toBe(1016704.14);
      expect(eur(a.pricePerGEur * 1e6)).toBe(636.27);
      expect(eur(a.settlementEur.get('Cygnus'))).toBe(1016704.14);
      expect(eur(a.settlementEur.get('Aurora'))).toBe(-1016704.14);
    }
  });
});
