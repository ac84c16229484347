/**
 * The FuelEU pooling optimiser (`node bench/pooling.bench.ts`, `npm run bench -- pooling`).
 *
 * Fleets of 200 ships drawn with a seeded generator, three shapes:
 * - mixed: GHG intensity 75–95 gCO2e/MJ (LNG and biofuel ships in surplus, most in deficit), earlier penalties,
 *   borrowing last year and next-year projections drawn at random;
 * - near-tie: every ship at the same intensity with no history, so every deficit saves the same penalty per t
 *   (a subset-sum: the hard case for a branch and bound, docs/methods.md);
 * - rich: surplus enough for every deficit.
 * For each shape, 20 fleets; the time of `optimisePooling` (wall clock, median and worst) and its search nodes.
 * Budget (issue #29): 200 ships in < 1 s, every fleet.
 */
import { optimisePooling, type PoolingShip } from '@ecohelm/domain';

const SHIPS = 200;
const FLEETS = 20;
const T = 1e6;

/** Mulberry32: a small seeded generator, so the bench draws the same fleets each run. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const limit = 89.3368;
type Shape = 'mixed' | 'near-tie' | 'rich';

function fleet(shape: Shape, seed: number): PoolingShip[] {
  const r = rng(seed);
  return Array.from({ length: SHIPS }, (_, i) => {
    const energyMj = Math.round(2e8 + r() * 2e9);
    const ghg = shape === 'near-tie' ? 91 : shape === 'rich' ? 70 + r() * 22 : 75 + r() * 20;
    const balanceG =
      shape === 'near-tie' ? (r() < 0.4 ? 1 : -1) * (1 + r() * 3000) * T : (limit - ghg) * energyMj;
    return {
      id: `ship-${i}`,
      balanceG,
      ghgIntensity: ghg,
      energyMj,
      priorPenaltyYears: shape === 'mixed' ? Math.floor(r() * 3) : 0,
      borrowedLastYear: shape === 'mixed' ? r() < 0.2 : false,
      nextBalanceG: shape === 'mixed' ? (limit - ghg + (r() - 0.3) * 6) * energyMj : balanceG,
    };
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
let worstAll = 0;
console.log(
  `| fleet (${SHIPS} ships, ${FLEETS} each) | median ms | worst ms | median nodes | worst nodes | worst gap EUR |`,
);
console.log('| --- | --- | --- | --- | --- | --- |');
for (const shape of ['mixed', 'near-tie', 'rich'] as const) {
  const ms: number[] = [];
  const nodes: number[] = [];
  let gap = 0;
  for (let k = 0; k < FLEETS; k++) {
    const ships = fleet(shape, 1000 * k + shape.length);
    const t0 = performance.now();
    const plan = optimisePooling({ year: 2026, ships });
    ms.push(performance.now() - t0);
    nodes.push(plan.nodes);
    gap = Math.max(gap, plan.gapEur);
  }
  const worst = Math.max(...ms);
  worstAll = Math.max(worstAll, worst);
  console.log(
    `| ${shape} | ${median(ms).toFixed(1)} | ${worst.toFixed(1)} | ${median(nodes)} | ${Math.max(...nodes)} | ${gap.toFixed(4)} |`,
  );
}
const ok = worstAll < 1000;
console.log(ok ? 'pooling budget (200 ships < 1 s): met' : 'pooling budget (200 ships < 1 s): NOT met');
process.exit(ok ? 0 : 1);
