import { DomainInputError, requireNonNegative } from '../errors.ts';
import { fuelEuLimit, fuelEuPenalty } from './fueleu.ts';

/**
 * FuelEU Maritime flexibility across a company's ships (Regulation (EU) 2023/1805):
 * pooling (Art. 21) chosen to minimise the company's penalty (Annex IV part B, Art. 23(2)), then
 * borrowing (Art. 20(2)) and banking (Art. 20(1)) per ship. The model and the proof of the search
 * are in docs/methods.md ("FuelEU pooling"); the rules and their articles in docs/regulations.md.
 */

/** Art. 20(2)(a): an advance surplus may not exceed 2 % of the limit (Art. 4(2)) × the ship's energy. */
export const BORROW_LIMIT_FRACTION = 0.02;
/** Art. 20(2): the advance surplus × 1.1 is subtracted from the next period's balance. */
export const BORROW_REPAY_FACTOR = 1.1;
/** Balances within a milligram of each other are equal (floating-point sums of grams). */
const EPS_G = 1e-3;
/** Node limit of the search; reached only on near-ties (docs/methods.md), then the plan states its gap. */
export const MAX_NODES = 500_000;

export type PoolFix = 'in' | 'out';

/** One ship's year as the optimiser takes it. Balances in gCO2e (positive = surplus). */
export interface PoolingShip {
  readonly id: string;
  /**
   * Compliance balance of the year with what earlier years carry in (Art. 20): own CB + surplus
   * banked last period − 1.1 × advance borrowed last period.
   */
  readonly balanceG: number;
  /** GHGIE actual, gCO2e/MJ (the penalty's denominator, Annex IV part B). */
  readonly ghgIntensity: number;
  /** Energy in scope, MJ (Annex I), for the borrowing limit. */
  readonly energyMj: number;
  /** Consecutive periods with a penalty just before this one (Art. 23(2)); 0 by default. */
  readonly priorPenaltyYears?: number;
  /** An advance was borrowed last period: none this one (Art. 20(2)(b)). */
  readonly borrowedLastYear?: boolean;
  /** Projected own balance next period before anything carried in, gCO2e; default: this year's intensity and energy against next year's limit. */
  readonly nextBalanceG?: number;
  /** Projected GHGIE next period; default this year's. */
  readonly nextGhgIntensity?: number;
  /** The user's choice: in the pool whatever it costs, or kept out. */
  readonly fix?: PoolFix;
}

export interface PoolingInput {
  readonly year: number;
  readonly ships: readonly PoolingShip[];
}

/** Why a ship is (or is not) in the pool. */
export type PoolReason =
  | 'covered' // deficit covered: the pool's surplus saves the most penalty here
  | 'fixed_in' // the user put it in
  | 'fixed_out' // the user kept it out
  | 'no_room' // deficit left out: the surplus saves more on other ships, or is too small
  | 'no_gain' // deficit left out: covering it would save nothing
  | 'donor' // surplus ship giving to the pool
  | 'not_needed' // surplus ship the pool does not need: it banks its surplus
  | 'compliant' // balance exactly zero
  | 'infeasible'; // the ships fixed in have a negative total: no valid pool (Art. 21)

/** Why a ship borrows, or not (Art. 20(2)). */
export type BorrowReason =
  | 'none_needed' // no deficit left after pooling
  | 'borrows' // the 1.1 × repayment costs less next period than the penalty now
  | 'borrows_to_cap' // borrows, limited to 2 % of limit × energy
  | 'borrowed_last_year' // not in two consecutive periods
  | 'costlier'; // repaying 1.1 × would cost more next period than it saves now

export interface PoolingShipPlan {
  readonly id: string;
  readonly balanceG: number;
  readonly fix: PoolFix | null;
  readonly inPool: boolean;
  readonly poolReason: PoolReason;
  /** Received from the pool (> 0) or given to it (< 0), gCO2e. */
  readonly transferG: number;
  readonly afterPoolG: number;
  readonly borrowCapG: number;
  readonly borrowG: number;
  readonly borrowReason: BorrowReason;
  /** 1.1 × borrowG, subtracted next period. */
  readonly repayNextG: number;
  /** Surplus banked to next period (Art. 20(1)). */
  readonly bankG: number;
  /** Verified balance after pooling and borrowing. */
  readonly finalBalanceG: number;
  /** Penalty this period alone, without any flexibility. */
  readonly penaltyAloneEur: number;
  readonly penaltyEur: number;
  /** Projected own balance next period (before carry-over), its value with the carry-over, and penalties. */
  readonly nextBalanceG: number;
  readonly nextAfterG: number;
  readonly nextPenaltyAloneEur: number;
  readonly nextPenaltyEur: number;
}

export interface PoolingPlan {
  readonly year: number;
  /** False when the ships fixed in cannot form a valid pool; then no pool is formed. */
  readonly feasible: boolean;
  readonly pool: {
    readonly members: readonly string[];
    readonly totalG: number;
    readonly coveredG: number;
  } | null;
  readonly ships: readonly PoolingShipPlan[];
  readonly totals: {
    readonly penaltyAloneEur: number;
    readonly penaltyEur: number;
    readonly nextPenaltyAloneEur: number;
    readonly nextPenaltyEur: number;
    /** This period's and next period's penalties: what the optimiser minimises. */
    readonly costAloneEur: number;
    readonly costEur: number;
    readonly savedEur: number;
  };
  /** Search nodes of the branch and bound (docs/methods.md). */
  readonly nodes: number;
  /**
   * 0 when the plan is proven the cheapest. When the search stops at its node limit, the most any other
   * plan could save against this one (the largest bound left unexplored), EUR.
   */
  readonly gapEur: number;
}

/** Per-ship facts the search and the evaluation share. */
interface Facts {
  readonly ship: PoolingShip;
  readonly index: number;
  readonly n: number; // penalty period count if penalised this period
  readonly nextGhg: number;
  readonly nextBalanceG: number;
  readonly borrowCapG: number;
  /** Deficit ship left alone: the best borrowing and its cost over both periods. */
  readonly outside: { borrowG: number; nowEur: number; nextEur: number; totalEur: number };
  /** Deficit ship covered by a pool: next period's penalty (this period's is zero, the count restarts). */
  readonly insideEur: number;
}

const pen = (balanceG: number, ghg: number, n: number) =>
  fuelEuPenalty({ complianceBalanceGCo2e: balanceG, ghgIntensity: ghg, consecutiveDeficitYears: n })
    .penaltyEur;

/** EUR of penalty per gCO2e of deficit at an intensity and period count. */
const rate = (ghg: number, n: number) => pen(-1, ghg, n);

function factsOf(input: PoolingInput): Facts[] {
  const seen = new Set<string>();
  const limit = fuelEuLimit(input.year).limitGCo2ePerMj;
  const nextLimit = fuelEuLimit(input.year + 1).limitGCo2ePerMj;
  return input.ships.map((ship, index) => {
    const f = `ships[${index}]`;
    if (seen.has(ship.id))
      throw new DomainInputError('invalid_range', `${f}.id`, ship.id, 'duplicate ship id');
    seen.add(ship.id);
    if (!Number.isFinite(ship.balanceG)) {
      throw new DomainInputError('invalid_number', `${f}.balanceG`, ship.balanceG, 'must be a finite number');
    }
    const ghg = requireNonNegative(ship.ghgIntensity, `${f}.ghgIntensity`, true);
    const energy = requireNonNegative(ship.energyMj, `${f}.energyMj`);
    const nextGhg = requireNonNegative(ship.nextGhgIntensity ?? ghg, `${f}.nextGhgIntensity`, true);
    const nextBalanceG = ship.nextBalanceG ?? (nextLimit - ghg) * energy;
    if (!Number.isFinite(nextBalanceG)) {
      throw new DomainInputError(
        'invalid_number',
        `${f}.nextBalanceG`,
        nextBalanceG,
        'must be a finite number',
      );
    }
    const n = Math.max(0, Math.floor(ship.priorPenaltyYears ?? 0)) + 1;
    const deficit = Math.max(0, -ship.balanceG);
    const borrowCapG = ship.borrowedLastYear ? 0 : Math.min(deficit, BORROW_LIMIT_FRACTION * limit * energy);
    const outside = bestBorrowing(deficit, ghg, n, nextBalanceG, nextGhg, borrowCapG);
    return {
      ship,
      index,
      n,
      nextGhg,
      nextBalanceG,
      borrowCapG,
      outside,
      insideEur: pen(nextBalanceG, nextGhg, 1),
    };
  });
}

/**
 * The advance B in [0, cap] minimising this period's penalty on (deficit − B) plus next period's on
 * (next − 1.1·B). Both are linear in B except where next period turns to deficit (B = next/1.1) and
 * where this period's penalty ends (B = deficit: the count of Art. 23(2) restarts), so the minimum is
 * at 0, the cap or next/1.1 (docs/methods.md).
 */
export function bestBorrowing(
  deficitG: number,
  ghg: number,
  n: number,
  nextBalanceG: number,
  nextGhg: number,
  capG: number,
): { borrowG: number; nowEur: number; nextEur: number; totalEur: number } {
  const candidates = [0, capG];
  if (nextBalanceG > 0) candidates.push(Math.min(capG, nextBalanceG / BORROW_REPAY_FACTOR));
  let best = { borrowG: 0, nowEur: 0, nextEur: 0, totalEur: Number.POSITIVE_INFINITY };
  for (const b of candidates.sort((a, z) => a - z)) {
    const left = deficitG - b;
    const penalised = left > EPS_G;
    const nowEur = penalised ? pen(-left, ghg, n) : 0;
    const nextEur = pen(nextBalanceG - BORROW_REPAY_FACTOR * b, nextGhg, penalised ? n + 1 : 1);
    const totalEur = nowEur + nextEur;
    if (totalEur < best.totalEur - 1e-9) best = { borrowG: b, nowEur, nextEur, totalEur };
  }
  return best;
}

/** A donor's surplus as two slices: free to give (next period stays ≥ 0 without it), then at next period's penalty rate. */
interface Slice {
  readonly facts: Facts;
  readonly capG: number;
  readonly slope: number; // EUR per g given
}

function slicesOf(donors: readonly Facts[]): Slice[] {
  const free: Slice[] = [];
  const paid: Slice[] = [];
  for (const d of donors) {
    const s = d.ship.balanceG;
    const freeG = Math.min(s, Math.max(0, d.nextBalanceG + s));
    if (freeG > 0) free.push({ facts: d, capG: freeG, slope: 0 });
    if (s - freeG > 0) paid.push({ facts: d, capG: s - freeG, slope: rate(d.nextGhg, 1) });
  }
  return [...free, ...paid.sort((a, z) => a.slope - z.slope || a.facts.index - z.facts.index)];
}

/**
 * The donors' cost of giving: a convex, piecewise-linear C(W) over the slices in slope order
 * (free slices first). `at(w)` is C(w), `slopeAt(w)` the slope of the slice w falls in and where it ends.
 */
class DonorCost {
  readonly total: number;
  readonly #ends: number[] = [];
  readonly #costs: number[] = [];
  readonly #slopes: number[] = [];

  constructor(slices: readonly Slice[]) {
    // Slices of equal slope merge (they are given pro rata, see `give`).
    let end = 0;
    let cost = 0;
    for (const s of slices) {
      end += s.capG;
      cost += s.capG * s.slope;
      const last = this.#slopes.length - 1;
      if (last >= 0 && this.#slopes[last] === s.slope) {
        this.#ends[last] = end;
        this.#costs[last] = cost;
      } else {
        this.#ends.push(end);
        this.#costs.push(cost);
        this.#slopes.push(s.slope);
      }
    }
    this.total = end;
  }

  #segment(w: number): number {
    let lo = 0;
    let hi = this.#ends.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.#ends[mid]! > w) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  at(w: number): number {
    if (w <= 0) return 0;
    if (w > this.total + EPS_G) return Number.POSITIVE_INFINITY;
    const i = this.#segment(Math.min(w, this.total));
    const end = this.#ends[i] ?? 0;
    return (this.#costs[i] ?? 0) - (end - Math.min(w, this.total)) * (this.#slopes[i] ?? 0);
  }

  slopeAt(w: number): { slope: number; end: number } {
    if (this.#ends.length === 0 || w >= this.total) return { slope: Number.POSITIVE_INFINITY, end: w };
    const i = this.#segment(w);
    return { slope: this.#slopes[i]!, end: this.#ends[i]! };
  }
}

/** Who gives how much of `coveredG`: slices in slope order, equal-slope slices pro rata to their size. */
function give(slices: readonly Slice[], coveredG: number): Map<string, number> {
  const out = new Map<string, number>();
  let left = coveredG;
  for (let i = 0; i < slices.length && left > 0; ) {
    let j = i;
    let groupG = 0;
    while (j < slices.length && slices[j]!.slope === slices[i]!.slope) groupG += slices[j++]!.capG;
    const share = Math.min(1, left / groupG);
    for (let k = i; k < j; k++) {
      const s = slices[k]!;
      out.set(s.facts.ship.id, (out.get(s.facts.ship.id) ?? 0) + s.capG * share);
    }
    left -= groupG * share;
    i = j;
  }
  return out;
}

/**
 * The company's plan for given pools (each a list of ship ids): in a pool every deficit is covered and
 * the donors give by {@link give}; ships outside a pool borrow by {@link bestBorrowing}; every surplus
 * left is banked. Throws `invalid_range` for a pool against Art. 21 (total < 0, a ship in two pools,
 * fewer than two ships, a ship fixed out).
 */
export function evaluatePools(input: PoolingInput, pools: readonly (readonly string[])[]): PoolingPlan {
  return planOf(input, factsOf(input), pools, true, 0);
}

function planOf(
  input: PoolingInput,
  facts: readonly Facts[],
  pools: readonly (readonly string[])[],
  feasible: boolean,
  nodes: number,
): PoolingPlan {
  const byId = new Map(facts.map((f) => [f.ship.id, f]));
  const transfer = new Map<string, number>();
  const poolOf = new Map<string, number>();
  for (const [p, ids] of pools.entries()) {
    const members = ids.map((id) => {
      const f = byId.get(id);
      if (!f) throw new DomainInputError('invalid_range', `pools[${p}]`, id, 'unknown ship');
      if (poolOf.has(id))
        throw new DomainInputError('invalid_range', `pools[${p}]`, id, 'a ship in two pools');
      if (f.ship.fix === 'out')
        throw new DomainInputError('invalid_range', `pools[${p}]`, id, 'ship fixed out');
      poolOf.set(id, p);
      return f;
    });
    const total = members.reduce((a, f) => a + f.ship.balanceG, 0);
    if (members.length < 2 || total < -EPS_G) {
      throw new DomainInputError(
        'invalid_range',
        `pools[${p}]`,
        ids,
        'a pool needs two ships and a total ≥ 0',
      );
    }
    const coveredG = members.reduce((a, f) => a + Math.max(0, -f.ship.balanceG), 0);
    for (const f of members) if (f.ship.balanceG < 0) transfer.set(f.ship.id, -f.ship.balanceG);
    for (const [id, g] of give(slicesOf(members.filter((f) => f.ship.balanceG > 0)), coveredG)) {
      transfer.set(id, -g);
    }
  }
  const ships = facts.map((f): PoolingShipPlan => {
    const s = f.ship;
    const inPool = poolOf.has(s.id);
    const transferG = transfer.get(s.id) ?? 0;
    const afterPoolG = s.balanceG + transferG;
    const deficit = afterPoolG < -EPS_G;
    const borrowG = deficit ? f.outside.borrowG : 0;
    const finalBalanceG = deficit ? afterPoolG + borrowG : Math.max(0, afterPoolG);
    const bankG = Math.max(0, afterPoolG);
    const penalised = finalBalanceG < -EPS_G;
    const penaltyEur = penalised ? pen(finalBalanceG, s.ghgIntensity, f.n) : 0;
    const nextAfterG = f.nextBalanceG + bankG - BORROW_REPAY_FACTOR * borrowG;
    const aloneNextN = s.balanceG < -EPS_G ? f.n + 1 : 1;
    let borrowReason: BorrowReason = 'none_needed';
    if (deficit) {
      if (s.borrowedLastYear) borrowReason = 'borrowed_last_year';
      else if (borrowG <= 0) borrowReason = 'costlier';
      else if (borrowG >= f.borrowCapG - EPS_G && f.borrowCapG < -afterPoolG - EPS_G)
        borrowReason = 'borrows_to_cap';
      else borrowReason = 'borrows';
    }
    return {
      id: s.id,
      balanceG: s.balanceG,
      fix: s.fix ?? null,
      inPool,
      poolReason: 'compliant',
      transferG,
      afterPoolG,
      borrowCapG: f.borrowCapG,
      borrowG,
      borrowReason,
      repayNextG: BORROW_REPAY_FACTOR * borrowG,
      bankG,
      finalBalanceG,
      penaltyAloneEur: pen(s.balanceG, s.ghgIntensity, f.n),
      penaltyEur,
      nextBalanceG: f.nextBalanceG,
      nextAfterG,
      nextPenaltyAloneEur: pen(f.nextBalanceG, f.nextGhg, aloneNextN),
      nextPenaltyEur: pen(nextAfterG, f.nextGhg, penalised ? f.n + 1 : 1),
    };
  });
  const sum = (k: keyof PoolingShipPlan) => ships.reduce((a, s) => a + (s[k] as number), 0);
  const penaltyAloneEur = sum('penaltyAloneEur');
  const nextPenaltyAloneEur = sum('nextPenaltyAloneEur');
  const penaltyEur = sum('penaltyEur');
  const nextPenaltyEur = sum('nextPenaltyEur');
  const first = pools[0];
  return {
    year: input.year,
    feasible,
    pool:
      first && pools.length === 1
        ? {
            members: first,
            totalG: first.reduce((a, id) => a + byId.get(id)!.ship.balanceG, 0),
            coveredG: first.reduce((a, id) => a + Math.max(0, -byId.get(id)!.ship.balanceG), 0),
          }
        : null,
    ships,
    totals: {
      penaltyAloneEur,
      penaltyEur,
      nextPenaltyAloneEur,
      nextPenaltyEur,
      costAloneEur: penaltyAloneEur + nextPenaltyAloneEur,
      costEur: penaltyEur + nextPenaltyEur,
      savedEur: penaltyAloneEur + nextPenaltyAloneEur - penaltyEur - nextPenaltyEur,
    },
    nodes,
    gapEur: 0,
  };
}

/**
 * The pool that minimises the company's penalties of this period and the next (docs/methods.md):
 * one pool suffices (the union of valid pools is a valid pool), so the choice is which deficits it
 * covers — a knapsack whose items are the deficit ships (weight: the deficit; value: what covering
 * it saves against its best borrowing alone) and whose cost is the donors' convex C(W). Solved exactly
 * by depth-first branch and bound with the LP-relaxation bound. Then each ship's reason.
 */
export function optimisePooling(input: PoolingInput, options: { maxNodes?: number } = {}): PoolingPlan {
  const facts = factsOf(input);
  const surplus = facts.filter((f) => f.ship.balanceG > EPS_G && f.ship.fix !== 'out');
  const deficits = facts.filter((f) => f.ship.balanceG < -EPS_G && f.ship.fix !== 'out');
  const forced = deficits.filter((f) => f.ship.fix === 'in');
  const cost = new DonorCost(slicesOf(surplus));
  const w0 = forced.reduce((a, f) => a - f.ship.balanceG, 0);
  const feasible = w0 <= cost.total + EPS_G;
  const gainOf = (f: Facts) => f.outside.totalEur - f.insideEur;
  const items = deficits
    .filter((f) => f.ship.fix !== 'in' && gainOf(f) > 1e-9 && -f.ship.balanceG <= cost.total - w0 + EPS_G)
    .map((f) => ({ f, w: -f.ship.balanceG, v: gainOf(f), r: gainOf(f) / -f.ship.balanceG }))
    .sort((a, z) => z.r - a.r || a.f.index - z.f.index);

  let chosen: Facts[] = [];
  let nodes = 0;
  let gapEur = 0;
  const maxNodes = options.maxNodes ?? MAX_NODES;
  if (feasible) {
    // Depth-first branch and bound, include-first in ratio order (Horowitz–Sahni), bound by the LP relaxation.
    let best = -cost.at(w0);
    let bestSet: number[] = [];
    const stack: number[] = [];
    const bound = (k: number, value: number, w: number): number => {
      let gain = 0;
      let at = w;
      for (let i = k; i < items.length; i++) {
        const it = items[i]!;
        let left = it.w;
        while (left > 0) {
          const { slope, end } = cost.slopeAt(at);
          if (it.r <= slope) return value - cost.at(w) + gain;
          const take = Math.min(left, end - at);
          gain += (it.r - slope) * take;
          at += take;
          left -= take;
        }
      }
      return value - cost.at(w) + gain;
    };
    let open = Number.NEGATIVE_INFINITY; // the largest bound of a branch left unexplored at the node limit
    const search = (k: number, value: number, w: number) => {
      if (nodes >= maxNodes) {
        open = Math.max(open, bound(k, value, w));
        return;
      }
      nodes++;
      const here = value - cost.at(w);
      if (here > best + 1e-9) {
        best = here;
        bestSet = [...stack];
      }
      if (k >= items.length || bound(k, value, w) <= best + 1e-9) return;
      const it = items[k]!;
      if (w + it.w <= cost.total + EPS_G) {
        stack.push(k);
        search(k + 1, value + it.v, w + it.w);
        stack.pop();
      }
      search(k + 1, value, w);
    };
    search(0, 0, w0);
    gapEur = Math.max(0, open - best);
    chosen = [...forced, ...bestSet.map((i) => items[i]!.f)];
  }

  const coveredG = chosen.reduce((a, f) => a - f.ship.balanceG, 0);
  const given = give(slicesOf(surplus), coveredG);
  const fixedIn = facts.filter((f) => f.ship.fix === 'in');
  const members = new Set<string>();
  if (feasible && (coveredG > 0 || fixedIn.length > 0)) {
    for (const f of chosen) members.add(f.ship.id);
    for (const [id, g] of given) if (g > 0) members.add(id);
    for (const f of fixedIn) members.add(f.ship.id);
  }
  let ids = facts.filter((f) => members.has(f.ship.id)).map((f) => f.ship.id);
  let ok = feasible;
  if (ok && ids.length === 1) {
    // A ship fixed in needs a partner (a pool has two ships at least): the cheapest other ship that keeps the total ≥ 0.
    const total = facts.find((f) => f.ship.id === ids[0])!.ship.balanceG;
    const partners = facts
      .filter((f) => !members.has(f.ship.id) && f.ship.fix !== 'out' && total + f.ship.balanceG >= -EPS_G)
      .map((f) => facts.filter((g) => g === f || members.has(g.ship.id)).map((g) => g.ship.id))
      .map((pool) => ({ pool, cost: planOf(input, facts, [pool], true, 0).totals.costEur }))
      .sort((a, z) => a.cost - z.cost);
    if (partners[0]) ids = partners[0].pool;
    else ok = false;
  }
  const pools = ok && ids.length >= 2 ? [ids] : [];
  const plan = { ...planOf(input, facts, pools, ok, nodes), gapEur };
  const covered = new Set([...chosen.map((f) => f.ship.id), ...pools.flat()]);
  return {
    ...plan,
    ships: plan.ships.map((s, i) => ({ ...s, poolReason: reasonOf(s, facts[i]!, ok, covered, gainOf) })),
  };
}

function reasonOf(
  s: PoolingShipPlan,
  f: Facts,
  feasible: boolean,
  covered: ReadonlySet<string>,
  gainOf: (f: Facts) => number,
): PoolReason {
  if (s.fix === 'out') return 'fixed_out';
  if (!feasible) return 'infeasible';
  if (s.fix === 'in' && s.inPool) return 'fixed_in';
  if (s.balanceG < -EPS_G) {
    if (covered.has(s.id)) return 'covered';
    return gainOf(f) > 1e-9 ? 'no_room' : 'no_gain';
  }
  if (s.balanceG > EPS_G) return s.inPool ? 'donor' : 'not_needed';
  return 'compliant';
}

/** How the pool's benefit is shared among its ships (for charterers), docs/regulations.md. */
export type AllocationRule = 'proportional' | 'equal_price';

/**
 * The pool's benefit (this period's penalty its deficit ships avoid) shared out, EUR per ship (> 0 pays,
 * < 0 receives; the sum is 0). `proportional`: each covered ship pays the penalty it avoided and each donor
 * receives the benefit in proportion to the surplus it gave. `equal_price`: every t CO2e moved has one price,
 * benefit ÷ surplus moved; covered ships pay it on what they received, donors receive it on what they gave.
 */
export function allocatePoolBenefit(
  plan: PoolingPlan,
  rule: AllocationRule,
): { benefitEur: number; movedG: number; pricePerGEur: number; settlementEur: Map<string, number> } {
  const members = plan.ships.filter((s) => s.inPool);
  const movedG = members.reduce((a, s) => a + Math.max(0, s.transferG), 0);
  const benefitEur = members
    .filter((s) => s.transferG > 0)
    .reduce((a, s) => a + s.penaltyAloneEur - s.penaltyEur, 0);
  const pricePerGEur = movedG > 0 ? benefitEur / movedG : 0;
  const settlementEur = new Map<string, number>();
  for (const s of plan.ships) {
    let eur = 0;
    if (s.inPool && s.transferG < 0) eur = pricePerGEur * s.transferG;
    else if (s.inPool && s.transferG > 0) {
      eur = rule === 'proportional' ? s.penaltyAloneEur - s.penaltyEur : pricePerGEur * s.transferG;
    }
    settlementEur.set(s.id, eur);
  }
  return { benefitEur, movedG, pricePerGEur, settlementEur };
}
