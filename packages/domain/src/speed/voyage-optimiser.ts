// One algorithm in one file (over 600 lines by design): the optimiser, its front pruning and its power-holding
// variant belong together; the speed–power physics it calls is in ship-model.ts.
import { DomainInputError } from '../errors.ts';
import { type Leg, type LegSailing, type SpeedShip, sailLeg, speedAtPowerKn } from './ship-model.ts';

/**
 * Macro voyage-speed optimisation (methods README §3): the speed through water per leg that burns the least fuel
 * and still arrives by the required time. Fuel over a leg is convex in speed, so with uniform conditions constant
 * speed is optimal and with leg-varying resistance constant power; with currents and limits the optimum is found
 * numerically here, exactly on a speed grid:
 *
 * A dynamic programme over legs whose states are the non-dominated (elapsed hours, fuel) pairs of the legs so far
 * (a Pareto front). Every choice of speeds that can be optimal survives, so on small cases the answer is the
 * brute-force optimum over the grid. When a front grows beyond `maxStates`, it keeps per time bucket the state
 * with the least fuel and the earliest one — the bucket width is then (hours available)/`maxStates`, which bounds
 * the loss.
 */

export interface VoyageOptions {
  /** Hours until the required arrival; the plan must arrive by then when it can. */
  readonly hoursAvailable: number;
  /** Speed grid through water, kn: `minKn`, `minKn + stepKn`, … up to `maxKn`. */
  readonly minKn: number;
  readonly maxKn: number;
  readonly stepKn?: number;
  /** Lower bound on the main engine load (ratio of MCR) and upper bound (default 0.1 and 0.9). */
  readonly minLoad?: number;
  readonly maxLoad?: number;
  /** Speed floor (e.g. V_CII*): the plan does not go slower even when the time allows it. */
  readonly floorKn?: number;
  /** The constant-power rule of heavy weather (see {@link optimiseVoyage}); default off. */
  readonly holdPowerInRoughLegs?: boolean;
  /** States kept per leg (default 1,500). */
  readonly maxStates?: number;
}

export interface VoyagePlanResult {
  readonly legs: readonly LegSailing[];
  readonly hours: number;
  readonly fuelT: number;
  /** True when it arrives by the required time. */
  readonly onTime: boolean;
  /** Hours early at the required arrival (waiting), when the floor or the limits keep it faster than needed. */
  readonly earlyHours: number;
  /** Hours late when the ship cannot make the required time at its fastest. */
  readonly lateHours: number;
  /** True when the floor speed binds on at least one leg (the time would allow sailing slower). */
  readonly floorBinds: boolean;
  /** True when the constant-power rule changed the plan in a rough leg. */
  readonly roughLegsHeld?: boolean;
}

interface State {
  t: number;
  f: number;
  /** Index of the parent state in the previous front, and the option chosen on this leg. */
  parent: number;
  option: number;
}

/** The speeds (kn) a leg may be sailed at, with their sailings, inside the leg's and the engine's limits. */
export function legOptions(
  ship: SpeedShip,
  leg: Leg,
  o: Pick<VoyageOptions, 'minKn' | 'maxKn' | 'stepKn' | 'minLoad' | 'maxLoad' | 'floorKn'>,
): LegSailing[] {
  const step = o.stepKn ?? 0.1;
  const lo = Math.max(o.minKn, leg.minKn ?? 0, o.floorKn ?? 0);
  const hi = Math.min(o.maxKn, leg.maxKn ?? Number.POSITIVE_INFINITY);
  const maxP = (o.maxLoad ?? 0.9) * ship.mcrKw;
  const minP = (o.minLoad ?? 0.1) * ship.mcrKw;
  const out: LegSailing[] = [];
  if (hi < lo) {
    // The leg's own limits (a canal's fixed speed) win over the grid, the floor and the load bounds.
    const forced = Math.max(leg.minKn ?? 0, Math.min(hi, leg.maxKn ?? hi));
    const s = sailLeg(ship, leg, forced);
    return s ? [s] : [];
  }
  const n = Math.floor((hi - lo) / step + 1e-9);
  const speeds: number[] = [];
  for (let i = 0; i <= n; i++) speeds.push(Math.round((lo + i * step) * 1000) / 1000);
  if (hi - (speeds.at(-1) ?? hi) > 1e-6) speeds.push(hi);
  for (const v of speeds) {
    const s = sailLeg(ship, leg, v);
    if (!s || !Number.isFinite(s.fuelT)) continue;
    if (s.powerKw > maxP + 1e-9 || s.powerKw < minP - 1e-9) continue;
    out.push(s);
  }
  if (out.length === 0) {
    // The limits leave nothing (a strong head current, heavy weather): sail at the engine's bound that works.
    const vMax = speedAtPowerKn(ship, maxP, leg.courseRad, leg.weather);
    const s = sailLeg(ship, leg, Math.max(lo, Math.min(hi, vMax)));
    if (s) out.push(s);
  }
  return out;
}

/** Hs (m) or wind (m/s, Beaufort 7) from which a leg counts as rough for the constant-power rule. */
export const ROUGH_HS_M = 4;
export const ROUGH_WIND_MS = 13.9;

/** True when a leg's forecast makes it rough: the plan then holds power there instead of chasing speed. */
export function isRoughLeg(leg: Leg): boolean {
  return leg.weather.waveHsM >= ROUGH_HS_M || leg.weather.windSpeedMs >= ROUGH_WIND_MS;
}

/**
 * The least-fuel speeds per leg that arrive within `hoursAvailable` (see the module comment), with the
 * constant-power rule of heavy weather: a rough leg ({@link isRoughLeg}) is not sailed at more power than the plan
 * uses on the other legs — the master holds the load and lets the speed drop rather than push into the seas
 * (the added resistance of the model's wave formula does not grow with speed, so fuel alone would not say so).
 */
export function optimiseVoyage(
  ship: SpeedShip,
  legs: readonly Leg[],
  options: VoyageOptions,
): VoyagePlanResult {
  const first = optimiseOnGrid(ship, legs, options, undefined);
  if (!options.holdPowerInRoughLegs) return first;
  const rough = legs.map(isRoughLeg);
  if (!rough.some(Boolean) || rough.every(Boolean) || !first.onTime) return first;
  const calmMax = (r: VoyagePlanResult) =>
    Math.max(...r.legs.filter((_, i) => !rough[i]).map((s) => s.powerKw));
  if (first.legs.every((s, i) => !rough[i] || s.powerKw <= calmMax(first) + 1e-6)) return first;
  // Cap the rough legs' power at c. The calm legs' power p(c) falls as c rises: bisect for the one power
  // c = p(c) that both kinds of leg then sail at, keeping the plan found at the upper end.
  let lo = calmMax(first);
  let hi = Math.max(...first.legs.filter((_, i) => rough[i]).map((s) => s.powerKw));
  let best: VoyagePlanResult | undefined;
  for (let round = 0; round < 14 && hi - lo > 0.005 * hi; round++) {
    const cap = (lo + hi) / 2;
    const r = optimiseOnGrid(ship, legs, options, (i, s) => !rough[i] || s.powerKw <= cap + 1e-6);
    if (r.onTime && calmMax(r) <= cap) {
      hi = cap;
      best = r;
    } else lo = cap;
  }
  return best ? { ...best, roughLegsHeld: true } : first;
}

function optimiseOnGrid(
  ship: SpeedShip,
  legs: readonly Leg[],
  options: VoyageOptions,
  allowed: ((leg: number, s: LegSailing) => boolean) | undefined,
): VoyagePlanResult {
  if (!(options.hoursAvailable > 0)) {
    throw new DomainInputError(
      'invalid_range',
      'hoursAvailable',
      options.hoursAvailable,
      'the required arrival must be after now',
    );
  }
  if (legs.length === 0) {
    return { legs: [], hours: 0, fuelT: 0, onTime: true, earlyHours: 0, lateHours: 0, floorBinds: false };
  }
  const maxStates = options.maxStates ?? 1500;
  const T = options.hoursAvailable;
  const optionsPerLeg = legs.map((leg, i) => {
    const all = legOptions(ship, leg, options);
    const kept = allowed ? all.filter((s) => allowed(i, s)) : all;
    return kept.length > 0 ? kept : all.slice(0, 1);
  });
  if (optionsPerLeg.some((o) => o.length === 0)) {
    throw new DomainInputError(
      'invalid_range',
      'legs',
      legs.length,
      'a leg cannot be sailed against its current',
    );
  }
  // The fastest finish from each leg on, to drop states that can no longer arrive in time.
  const fastestFrom = new Float64Array(legs.length + 1);
  for (let i = legs.length - 1; i >= 0; i--) {
    fastestFrom[i] = fastestFrom[i + 1]! + Math.min(...optionsPerLeg[i]!.map((s) => s.hours));
  }
  const late = fastestFrom[0]! > T + 1e-9;
  const fronts: State[][] = [];
  let front: State[] = [{ t: 0, f: 0, parent: -1, option: -1 }];
  let approximate = false;
  for (let i = 0; i < legs.length; i++) {
    const opts = optionsPerLeg[i]!;
    if (!late && front.length * opts.length > EXACT_LIMIT) {
      approximate = true;
      front = bucketed(front, opts, T, T - fastestFrom[i + 1]!, maxStates);
    } else if (late) {
      // When the time cannot be met, keep only the fastest way (it is the answer).
      front = fastestOnly(front, opts);
    } else {
      front = paretoOfSum(front, opts, T, fastestFrom[i + 1]!, maxStates);
    }
    if (front.length === 0) {
      throw new DomainInputError(
        'invalid_range',
        'legs',
        i,
        `leg ${i + 1} has no speed with a finite fuel figure`,
      );
    }
    fronts.push(front);
  }
  let best = 0;
  for (let j = 1; j < front.length; j++) {
    const a = front[j]!;
    const b = front[best]!;
    if (late ? a.t < b.t : a.f < b.f - 1e-12 || (Math.abs(a.f - b.f) <= 1e-12 && a.t < b.t)) best = j;
  }
  let chosen: LegSailing[] = new Array(legs.length);
  let idx = best;
  for (let i = legs.length - 1; i >= 0; i--) {
    const s = fronts[i]![idx]!;
    chosen[i] = optionsPerLeg[i]![s.option]!;
    idx = s.parent;
  }
  if (approximate && !late) {
    // The bucketed fronts settle near-equal plans arbitrarily, so the advice could swing from one minute to the
    // next. The Lagrangian plan (each leg at its own best speed for one price of time) is as good within the
    // buckets' error and moves smoothly with the voyage: take it when it is.
    const smooth = lagrangianPlan(optionsPerLeg, T);
    const dpFuel = chosen.reduce((a, s) => a + s.fuelT, 0);
    if (smooth && smooth.reduce((a, s) => a + s.fuelT, 0) <= dpFuel * (1 + SMOOTH_TOLERANCE)) chosen = smooth;
  }
  const hours = chosen.reduce((a, s) => a + s.hours, 0);
  const fuelT = chosen.reduce((a, s) => a + s.fuelT, 0);
  const floor = options.floorKn ?? 0;
  const floorBinds =
    floor > options.minKn &&
    !late &&
    T - hours > 0.05 &&
    chosen.some((s) => Math.abs(s.stwKn - floor) < 1e-6);
  return {
    legs: chosen,
    hours,
    fuelT,
    onTime: !late,
    earlyHours: late ? 0 : Math.max(0, T - hours),
    lateHours: late ? hours - T : 0,
    floorBinds,
  };
}

/** How much more fuel the smooth Lagrangian plan may burn than the bucketed one (the buckets' own error). */
const SMOOTH_TOLERANCE = 2e-4;

/**
 * Every leg at the speed that minimises `fuel + λ·hours`, with the least price of time λ that arrives by `T`
 * (bisection; hours fall as λ rises). Undefined when even the fastest choice is late.
 */
function lagrangianPlan(
  optionsPerLeg: readonly (readonly LegSailing[])[],
  T: number,
): LegSailing[] | undefined {
  const pick = (lambda: number) =>
    optionsPerLeg.map((opts) => {
      let best = opts[0]!;
      for (const o of opts) if (o.fuelT + lambda * o.hours < best.fuelT + lambda * best.hours) best = o;
      return best;
    });
  const hoursOf = (p: readonly LegSailing[]) => p.reduce((a, s) => a + s.hours, 0);
  let hi = 1;
  while (hoursOf(pick(hi)) > T && hi < 1e6) hi *= 2;
  if (hoursOf(pick(hi)) > T) return undefined;
  let lo = 0;
  if (hoursOf(pick(lo)) <= T) return pick(lo);
  for (let i = 0; i < 50; i++) {
    const mid = (lo + hi) / 2;
    if (hoursOf(pick(mid)) <= T) hi = mid;
    else lo = mid;
  }
  return pick(hi);
}

/** Up to this many candidate states per leg the front is kept exact (every non-dominated state). */
const EXACT_LIMIT = 20_000;

/**
 * The next front without sorting every candidate: candidates fall into `max/2` time buckets over [0, T], each
 * bucket keeps its least-fuel and its earliest candidate, then the non-dominated ones are kept in time order.
 * Candidates after `limit` (they could not arrive in time) are dropped.
 */
function bucketed(
  front: readonly State[],
  opts: readonly LegSailing[],
  T: number,
  limit: number,
  max: number,
): State[] {
  const n = Math.max(1, Math.floor(max / 2));
  const width = T / n;
  const leastF = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const leastT = new Float64Array(n);
  const leastP = new Int32Array(n);
  const leastK = new Int32Array(n);
  const firstT = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const firstF = new Float64Array(n);
  const firstP = new Int32Array(n);
  const firstK = new Int32Array(n);
  for (let p = 0; p < front.length; p++) {
    const s = front[p]!;
    for (let k = 0; k < opts.length; k++) {
      const o = opts[k]!;
      const t = s.t + o.hours;
      if (t > limit + 1e-9) continue;
      const f = s.f + o.fuelT;
      const b = Math.min(n - 1, Math.floor(t / width));
      if (f < leastF[b]!) {
        leastF[b] = f;
        leastT[b] = t;
        leastP[b] = p;
        leastK[b] = k;
      }
      if (t < firstT[b]! || (t === firstT[b] && f < firstF[b]!)) {
        firstT[b] = t;
        firstF[b] = f;
        firstP[b] = p;
        firstK[b] = k;
      }
    }
  }
  const out: State[] = [];
  let bestF = Number.POSITIVE_INFINITY;
  for (let b = 0; b < n; b++) {
    if (leastF[b] === Number.POSITIVE_INFINITY) continue;
    const a = { t: firstT[b]!, f: firstF[b]!, parent: firstP[b]!, option: firstK[b]! };
    const c = { t: leastT[b]!, f: leastF[b]!, parent: leastP[b]!, option: leastK[b]! };
    for (const st of a.t < c.t ? [a, c] : [c]) {
      if (st.f < bestF - 1e-12) {
        out.push(st);
        bestF = st.f;
      }
    }
  }
  return out;
}

/**
 * The non-dominated states after one more leg: of every state of the front with every option of the leg that can
 * still arrive in time (elapsed hours plus the fastest finish `rest` within `T`), sorted by time then fuel, each
 * one that burns less than every earlier one — without making and sorting an object per pair (a leg of a long
 * passage has ~20,000 pairs, and sorting them, with the garbage collector's work, was most of its optimisation).
 *
 * The pairs of one option are already in order: the front runs later and burning less, so the option's pairs do too.
 * They are merged option by option through a heap of each option's next pair; an option's pairs that burn no less
 * than the best so far could never be kept, so a binary search skips them at once. Ties in time and fuel go to the
 * earlier state, then the earlier option: the states kept are the ones a stable sort of all pairs would keep.
 */
function paretoOfSum(
  front: readonly State[],
  opts: readonly LegSailing[],
  T: number,
  rest: number,
  max: number,
): State[] {
  const limit = T + 1e-9;
  const K = opts.length;
  const P = front.length;
  // Each option's pairs that arrive in time: a first run of the front (its times only grow).
  const end = new Int32Array(K);
  for (let k = 0; k < K; k++) {
    const h = opts[k]!.hours;
    let lo = 0;
    let hi = P;
    while (lo < hi) {
      const m = (lo + hi) >> 1;
      if (front[m]!.t + h + rest > limit) hi = m;
      else lo = m + 1;
    }
    end[k] = lo;
    // Rounding can make two states' sums the same time with the later one burning less: sort those instead.
    for (let p = 1; p < lo; p++) {
      if (front[p]!.t + h === front[p - 1]!.t + h)
        return thin(paretoSorted(front, opts, limit, rest), T, max);
    }
  }
  const pos = new Int32Array(K);
  const headT = new Float64Array(K);
  const headF = new Float64Array(K);
  const heap = new Int32Array(K);
  let size = 0;
  const before = (a: number, b: number) =>
    headT[a]! < headT[b]! ||
    (headT[a] === headT[b] &&
      (headF[a]! < headF[b]! || (headF[a] === headF[b] && pos[a]! * K + a < pos[b]! * K + b)));
  const down = (from: number) => {
    let j = from;
    for (;;) {
      const l = 2 * j + 1;
      if (l >= size) return;
      const c = l + 1 < size && before(heap[l + 1]!, heap[l]!) ? l + 1 : l;
      if (!before(heap[c]!, heap[j]!)) return;
      [heap[c], heap[j]] = [heap[j]!, heap[c]!];
      j = c;
    }
  };
  const setHead = (k: number) => {
    const s = front[pos[k]!]!;
    headT[k] = s.t + opts[k]!.hours;
    headF[k] = s.f + opts[k]!.fuelT;
  };
  for (let k = 0; k < K; k++) {
    if (end[k] === 0) continue;
    setHead(k);
    heap[size++] = k;
  }
  for (let j = (size >> 1) - 1; j >= 0; j--) down(j);
  // The kept states (parent and option packed into one number) in typed arrays until it is known which to keep.
  let keptT = new Float64Array(1024);
  let keptF = new Float64Array(1024);
  let keptId = new Int32Array(1024);
  let n = 0;
  let bestF = Number.POSITIVE_INFINITY;
  while (size > 0) {
    const k = heap[0]!;
    const f = headF[k]!;
    if (f < bestF - 1e-12) {
      if (n === keptT.length) {
        keptT = grown(keptT);
        keptF = grown(keptF);
        keptId = grown(keptId);
      }
      keptT[n] = headT[k]!;
      keptF[n] = f;
      keptId[n] = pos[k]! * K + k;
      n++;
      bestF = f;
      pos[k]! += 1;
    } else {
      // This pair and the option's next ones down to the first burning less than the best are never kept.
      const c = opts[k]!.fuelT;
      let lo = pos[k]! + 1;
      let hi = end[k]!;
      while (lo < hi) {
        const m = (lo + hi) >> 1;
        if (front[m]!.f + c < bestF - 1e-12) hi = m;
        else lo = m + 1;
      }
      pos[k] = lo;
    }
    if (pos[k]! < end[k]!) setHead(k);
    else heap[0] = heap[--size]!;
    down(0);
  }
  const out: State[] = [];
  const keep = (j: number) =>
    out.push({ t: keptT[j]!, f: keptF[j]!, parent: Math.floor(keptId[j]! / K), option: keptId[j]! % K });
  if (n <= max) {
    for (let j = 0; j < n; j++) keep(j);
    return out;
  }
  // As {@link thin}: per time bucket the earliest state and the least-fuel one (the last: fuel falls with time).
  const width = T / (max / 2);
  for (let j = 0; j < n; j++) {
    const b = Math.floor(keptT[j]! / width);
    if (j === 0 || b !== Math.floor(keptT[j - 1]! / width)) keep(j);
    else if (j + 1 === n || Math.floor(keptT[j + 1]! / width) !== b) keep(j);
  }
  return out;
}

function grown<A extends Float64Array | Int32Array>(a: A): A {
  const b = new (a.constructor as new (n: number) => A)(a.length * 2);
  b.set(a);
  return b;
}

/** {@link paretoOfSum} by sorting every pair (for fronts whose sums rounding has put out of order). */
function paretoSorted(
  front: readonly State[],
  opts: readonly LegSailing[],
  T: number,
  rest: number,
): State[] {
  const next: State[] = [];
  for (let p = 0; p < front.length; p++) {
    const s = front[p]!;
    for (let k = 0; k < opts.length; k++) {
      const t = s.t + opts[k]!.hours;
      if (t + rest > T) continue;
      next.push({ t, f: s.f + opts[k]!.fuelT, parent: p, option: k });
    }
  }
  next.sort((a, b) => a.t - b.t || a.f - b.f);
  const out: State[] = [];
  let bestF = Number.POSITIVE_INFINITY;
  for (const s of next) {
    if (s.f < bestF - 1e-12) {
      out.push(s);
      bestF = s.f;
    }
  }
  return out;
}

/** At most `max` states: per time bucket the least-fuel state and the earliest one. */
function thin(front: State[], hours: number, max: number): State[] {
  if (front.length <= max) return front;
  const width = hours / (max / 2);
  const out: State[] = [];
  let bucket = -1;
  let first: State | undefined;
  let least: State | undefined;
  const flush = () => {
    if (!first || !least) return;
    out.push(first);
    if (least !== first) out.push(least);
  };
  for (const s of front) {
    const b = Math.floor(s.t / width);
    if (b !== bucket) {
      flush();
      bucket = b;
      first = s;
      least = s;
    } else if (least && s.f < least.f) least = s;
  }
  flush();
  return out;
}

/** The one fastest way on after a leg (the least fuel of equally fast ones), when the time cannot be met. */
function fastestOnly(front: readonly State[], opts: readonly LegSailing[]): State[] {
  let best: State | undefined;
  for (let p = 0; p < front.length; p++) {
    const s = front[p]!;
    for (let k = 0; k < opts.length; k++) {
      const t = s.t + opts[k]!.hours;
      const f = s.f + opts[k]!.fuelT;
      if (!best || t < best.t || (t === best.t && f < best.f)) best = { t, f, parent: p, option: k };
    }
  }
  return best ? [best] : [];
}

/** A voyage of sailings: the legs with their total hours and fuel. */
export type SailedVoyage = { legs: LegSailing[]; hours: number; fuelT: number };

const totals = (legs: LegSailing[]): SailedVoyage => ({
  legs,
  hours: legs.reduce((a, s) => a + s.hours, 0),
  fuelT: legs.reduce((a, s) => a + s.fuelT, 0),
});

/** Every leg sailed at the speed through water `stwOf` gives it, held within the leg's own limits. */
function sailEachLeg(
  ship: SpeedShip,
  legs: readonly Leg[],
  stwOf: (leg: Leg) => number,
): SailedVoyage | undefined {
  const out: LegSailing[] = [];
  for (const leg of legs) {
    const s = sailLeg(
      ship,
      leg,
      Math.max(leg.minKn ?? 0, Math.min(leg.maxKn ?? Number.POSITIVE_INFINITY, stwOf(leg))),
    );
    if (!s) return undefined;
    out.push(s);
  }
  return totals(out);
}

/** Every leg at one speed through water (the speed the ship sails now, for the saving's baseline). */
export function constantSpeedVoyage(
  ship: SpeedShip,
  legs: readonly Leg[],
  stwKn: number,
): SailedVoyage | undefined {
  return sailEachLeg(ship, legs, () => stwKn);
}

/** Every leg at one shaft power (the propeller at one RPM): what the RPM simulation predicts. */
export function constantPowerVoyage(
  ship: SpeedShip,
  legs: readonly Leg[],
  powerKw: number,
): SailedVoyage | undefined {
  return sailEachLeg(ship, legs, (leg) => speedAtPowerKn(ship, powerKw, leg.courseRad, leg.weather));
}

/**
 * Just-in-time speed (methods README §3): the slowest constant speed over ground that covers `distanceNm` in
 * `hours`; `V_jit = D/(D/V_full + t_wait)` is the same with `hours = D/V_full + t_wait`.
 */
export function jitSpeedKn(distanceNm: number, hours: number): number {
  if (!(hours > 0))
    throw new DomainInputError('invalid_range', 'hours', hours, 'the time to go must be positive');
  return distanceNm / hours;
}

/**
 * The legs at the start of a plan sailed at its first rpm (within `toleranceRpm`): the advice holds that rpm
 * until the first leg that asks for another.
 */
export function legsAtFirstRpm(plan: readonly LegSailing[], toleranceRpm = 1): number {
  const first = plan[0];
  if (!first) return 0;
  let n = 0;
  while (n < plan.length && Math.abs(plan[n]!.rpm - first.rpm) <= toleranceRpm) n++;
  return n;
}

/**
 * The RPM simulation: one shaft power (the crew's rpm) on the first `heldLegs` legs, the plan's sailings after
 * them (all legs at that power without a plan). At the plan's first rpm it is the plan itself, so the simulation
 * and the macro plan give the same arrival for the same rpm.
 */
export function heldPowerThenPlanVoyage(
  ship: SpeedShip,
  legs: readonly Leg[],
  powerKw: number,
  plan: readonly LegSailing[] | undefined,
  heldLegs: number,
): SailedVoyage | undefined {
  const usePlan = plan && plan.length === legs.length;
  const held = usePlan ? Math.min(legs.length, Math.max(1, heldLegs)) : legs.length;
  const first = constantPowerVoyage(ship, legs.slice(0, held), powerKw);
  if (!first) return undefined;
  return totals([...first.legs, ...(usePlan ? plan.slice(held) : [])]);
}

/**
 * A plan's speeds sailed over the legs as they are now (the same passage a little further on: a shorter first leg,
 * the weather a moment later): each leg at its planned speed through water, with its hours and fuel worked out anew.
 * Undefined when a leg cannot be sailed or the arrival by `hoursAvailable` no longer holds as it did (on time, or
 * late): the plan is then to be optimised again.
 */
export function replanAtSpeeds(
  ship: SpeedShip,
  legs: readonly Leg[],
  plan: VoyagePlanResult,
  hoursAvailable: number,
): VoyagePlanResult | undefined {
  if (legs.length !== plan.legs.length) return undefined;
  const speeds = new Map(legs.map((leg, i) => [leg, plan.legs[i]!.stwKn]));
  const sailed = sailEachLeg(ship, legs, (leg) => speeds.get(leg)!);
  if (!sailed) return undefined;
  const late = sailed.hours > hoursAvailable + 1e-9;
  if (late === plan.onTime) return undefined;
  return {
    ...plan,
    legs: sailed.legs,
    hours: sailed.hours,
    fuelT: sailed.fuelT,
    earlyHours: late ? 0 : Math.max(0, hoursAvailable - sailed.hours),
    lateHours: late ? sailed.hours - hoursAvailable : 0,
  };
}
