/**
 * Generator load optimisation (methods README §5): which diesel generator sets to run for an electrical demand,
 * and how to share the demand between them, for the least fuel under the power management limits.
 *
 * Every on/off combination of the available sets is tried (2^N − 1, N ≤ 6). A combination is feasible when the
 * demand fits between its sets' minimum and maximum planned loads and its spare capacity (rated power less the
 * demand) covers the reserve kept for the largest consumer. Its load sharing minimises `Σ P_j·SFOC_j(P_j)` with
 * `Σ P_j = demand`: a dynamic programme on a grid of 1/200 of the demand finds the basin, then exact pairwise
 * transfers polish it to a stationary point (every pair of running sets at equal marginal fuel, or at a bound).
 * SFOC curves of diesel engines are not convex below about half load, so unequal sharing can beat equal sharing
 * there; the search does not assume convexity.
 */

/** One generator set as the optimiser sees it. */
export interface GeneratorSet {
  id: string;
  ratedKw: number;
  /** SFOC in g/kWh at a load in % of rated power. */
  sfoc: (loadPct: number) => number;
  /** Lowest planned load, % of rated (wet stacking below it). */
  minLoadPct: number;
  /** Highest planned load, % of rated. */
  maxLoadPct: number;
  /** 1 is the set started first. */
  priority: number;
  /** False when the set cannot run (maintenance, blackout of its switchboard section). */
  available: boolean;
}

/** A way to run the sets: the running ones, every set's load and the fuel it burns. */
export interface LoadPlan {
  running: string[];
  loadsKw: Record<string, number>;
  fuelKgPerH: number;
}

/** Plans whose fuel is within this share of the best one count as equal; priorities decide between them. */
export const LOAD_TIE_SHARE = 0.002;

const DP_STEPS = 200;

/** Fuel of one set at a load, kg/h. */
export function setFuelKgPerH(set: GeneratorSet, kw: number): number {
  if (kw <= 0) return 0;
  return (kw * set.sfoc((100 * kw) / set.ratedKw)) / 1000;
}

/** Fuel of a way to run the sets (loads by set id, stopped sets absent or 0), kg/h. */
export function planFuelKgPerH(sets: readonly GeneratorSet[], loadsKw: Record<string, number>): number {
  return sets.reduce((sum, s) => sum + setFuelKgPerH(s, loadsKw[s.id] ?? 0), 0);
}

const minKw = (s: GeneratorSet) => (s.minLoadPct / 100) * s.ratedKw;
const maxKw = (s: GeneratorSet) => (s.maxLoadPct / 100) * s.ratedKw;

/** Whether these running sets can carry the demand within their limits and keep the reserve. */
export function canCarry(running: readonly GeneratorSet[], demandKw: number, reserveKw: number): boolean {
  const lo = running.reduce((s, g) => s + minKw(g), 0);
  const hi = running.reduce((s, g) => s + maxKw(g), 0);
  const rated = running.reduce((s, g) => s + g.ratedKw, 0);
  const eps = 1e-9 * Math.max(1, demandKw);
  return (
    running.length > 0 && lo <= demandKw + eps && demandKw <= hi + eps && rated - demandKw >= reserveKw - eps
  );
}

/**
 * The least-fuel sharing of `demandKw` between the running sets within their limits, or null when the demand is
 * outside the range the sets can take.
 */
export function shareLoad(running: readonly GeneratorSet[], demandKw: number): number[] | null {
  const k = running.length;
  if (k === 0) return null;
  const lo = running.map(minKw);
  const hi = running.map(maxKw);
  const sumLo = lo.reduce((a, b) => a + b, 0);
  const sumHi = hi.reduce((a, b) => a + b, 0);
  const eps = 1e-9 * Math.max(1, demandKw);
  if (demandKw < sumLo - eps || demandKw > sumHi + eps) return null;
  if (k === 1) return [Math.min(hi[0]!, Math.max(lo[0]!, demandKw))];
  const loads = gridStart(running, demandKw, lo, hi) ?? proportionalStart(demandKw, lo, hi);
  polish(running, loads, lo, hi);
  return loads;
}

/** Dynamic programme over the sets on a grid of demand/200: the least-fuel grid sharing, or null if none fits. */
function gridStart(
  running: readonly GeneratorSet[],
  demandKw: number,
  lo: number[],
  hi: number[],
): number[] | null {
  const step = demandKw / DP_STEPS;
  if (!(step > 0)) return null;
  const k = running.length;
  // cost[u] after j sets: least fuel with u grid steps given to the first j sets; choice[j][u] the steps of set j.
  let cost = new Float64Array(DP_STEPS + 1).fill(Number.POSITIVE_INFINITY);
  cost[0] = 0;
  const choice: Int32Array[] = [];
  for (let j = 0; j < k; j++) {
    const set = running[j]!;
    const uLo = Math.ceil(lo[j]! / step - 1e-9);
    const uHi = Math.min(DP_STEPS, Math.floor(hi[j]! / step + 1e-9));
    const fuel = new Float64Array(Math.max(0, uHi - uLo + 1));
    for (let u = uLo; u <= uHi; u++) fuel[u - uLo] = setFuelKgPerH(set, u * step);
    const next = new Float64Array(DP_STEPS + 1).fill(Number.POSITIVE_INFINITY);
    const pick = new Int32Array(DP_STEPS + 1).fill(-1);
    for (let before = 0; before <= DP_STEPS; before++) {
      const c0 = cost[before]!;
      if (c0 === Number.POSITIVE_INFINITY) continue;
      for (let u = uLo; u <= uHi && before + u <= DP_STEPS; u++) {
        const c = c0 + fuel[u - uLo]!;
        if (c < next[before + u]!) {
          next[before + u] = c;
          pick[before + u] = u;
        }
      }
    }
    choice.push(pick);
    cost = next;
  }
  if (cost[DP_STEPS] === Number.POSITIVE_INFINITY) return null;
  const loads = new Array<number>(k).fill(0);
  let u = DP_STEPS;
  for (let j = k - 1; j >= 0; j--) {
    const steps = choice[j]![u]!;
    loads[j] = steps * step;
    u -= steps;
  }
  return loads;
}

/** Demand shared in proportion to the sets' ranges above their minimum: a start when the grid has no point. */
function proportionalStart(demandKw: number, lo: number[], hi: number[]): number[] {
  const sumLo = lo.reduce((a, b) => a + b, 0);
  const span = hi.reduce((a, b, i) => a + b - lo[i]!, 0);
  const share = span > 0 ? Math.min(1, Math.max(0, (demandKw - sumLo) / span)) : 0;
  return lo.map((l, i) => l + share * (hi[i]! - l));
}

/**
 * Pairwise transfers until no pair can lower the fuel: each transfer is the best amount on a 1-D search over the
 * pair's whole feasible range (sampled, then golden-section around the best sample), so a pair's curve need not
 * be convex.
 */
function polish(running: readonly GeneratorSet[], loads: number[], lo: number[], hi: number[]): void {
  const k = running.length;
  const fuel = (j: number, kw: number) => setFuelKgPerH(running[j]!, kw);
  for (let round = 0; round < 60; round++) {
    let gained = 0;
    for (let i = 0; i < k; i++) {
      for (let j = i + 1; j < k; j++) {
        const a = loads[i]!;
        const b = loads[j]!;
        const xLo = Math.max(lo[i]! - a, b - hi[j]!);
        const xHi = Math.min(hi[i]! - a, b - lo[j]!);
        if (!(xHi > xLo)) continue;
        const pair = (x: number) => fuel(i, a + x) + fuel(j, b - x);
        const base = pair(0);
        const x = minimiseOnInterval(pair, xLo, xHi);
        const better = pair(x);
        if (better < base - 1e-12) {
          loads[i] = a + x;
          loads[j] = b - x;
          gained += base - better;
        }
      }
    }
    if (gained < 1e-10) break;
  }
}

function minimiseOnInterval(f: (x: number) => number, lo: number, hi: number): number {
  const samples = 24;
  let bestI = 0;
  let bestF = Number.POSITIVE_INFINITY;
  const h = (hi - lo) / samples;
  for (let s = 0; s <= samples; s++) {
    const v = f(lo + s * h);
    if (v < bestF) {
      bestF = v;
      bestI = s;
    }
  }
  let a = lo + Math.max(0, bestI - 1) * h;
  let b = lo + Math.min(samples, bestI + 1) * h;
  const r = (Math.sqrt(5) - 1) / 2;
  let c = b - r * (b - a);
  let d = a + r * (b - a);
  let fc = f(c);
  let fd = f(d);
  for (let it = 0; it < 60 && b - a > 1e-9 * Math.max(1, Math.abs(hi - lo)); it++) {
    if (fc < fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - r * (b - a);
      fc = f(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + r * (b - a);
      fd = f(d);
    }
  }
  const x = (a + b) / 2;
  const candidates = [x, lo + bestI * h, 0 >= lo && 0 <= hi ? 0 : x];
  return candidates.reduce((best, y) => (f(y) < f(best) ? y : best));
}

/** The running sets' priorities, best first: compares two plans whose fuel ties. */
function priorityKey(sets: readonly GeneratorSet[], running: readonly string[]): number[] {
  return running.map((id) => sets.find((s) => s.id === id)!.priority).sort((a, b) => a - b);
}

function comparePriority(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** Every feasible way to run the available sets for a demand, the least fuel first. */
export function loadPlans(sets: readonly GeneratorSet[], demandKw: number, reserveKw: number): LoadPlan[] {
  if (sets.length > 6) throw new RangeError('At most 6 generator sets are optimised.');
  const available = sets.filter((s) => s.available);
  const plans: LoadPlan[] = [];
  for (let mask = 1; mask < 1 << available.length; mask++) {
    const running = available.filter((_, i) => mask & (1 << i));
    if (!canCarry(running, demandKw, reserveKw)) continue;
    const loads = shareLoad(running, demandKw);
    if (!loads) continue;
    const loadsKw: Record<string, number> = Object.fromEntries(sets.map((s) => [s.id, 0]));
    running.forEach((s, i) => {
      loadsKw[s.id] = loads[i]!;
    });
    plans.push({ running: running.map((s) => s.id), loadsKw, fuelKgPerH: planFuelKgPerH(running, loadsKw) });
  }
  return plans.sort((a, b) => a.fuelKgPerH - b.fuelKgPerH);
}

/**
 * The recommended way to run the sets: the least fuel, and among plans within `LOAD_TIE_SHARE` of it the one with
 * fewer sets, then the best priorities (priority 1 runs first, as the page's note tells the crew: a set running out
 * of its priority is changed over; the power management's start and stop delays keep that from flapping), then the
 * fewest starts and stops from the sets running now (levels shared by two sets). Null when no combination can
 * carry the demand with the reserve.
 */
export function optimiseLoad(
  sets: readonly GeneratorSet[],
  demandKw: number,
  reserveKw: number,
  runningNow: readonly string[] = [],
): LoadPlan | null {
  const plans = loadPlans(sets, demandKw, reserveKw);
  const best = plans[0];
  if (!best) return null;
  const changes = (p: LoadPlan) =>
    p.running.filter((id) => !runningNow.includes(id)).length +
    runningNow.filter((id) => !p.running.includes(id)).length;
  const ties = plans.filter((p) => p.fuelKgPerH <= best.fuelKgPerH * (1 + LOAD_TIE_SHARE));
  return ties.reduce((chosen, p) => {
    if (p.running.length !== chosen.running.length)
      return p.running.length < chosen.running.length ? p : chosen;
    const byPriority = comparePriority(priorityKey(sets, p.running), priorityKey(sets, chosen.running));
    if (byPriority !== 0) return byPriority < 0 ? p : chosen;
    return changes(p) < changes(chosen) ? p : chosen;
  });
}
