/**
 * Each simulated engine's condition: how far its SFOC lies above its shop-test curve. A real engine never burns
 * exactly its test-bed figure: injectors, turbocharger fouling and the test's own tolerance put every unit a little
 * above it, and the gap grows between overhauls. Without this the monitored SFOC equals the reference to the
 * decimal and every engine read "0.0 %" on the equipment assessment and the load page (issue 26).
 *
 * Per engine: a lasting offset plus a rise that grows linearly over its overhaul cycle and falls back at each
 * overhaul. The generator ranges do not overlap (G/E 1 always the best, G/E 3 the worst), so the default
 * priorities (G/E 1 first) are also the fuel's choice and the load assistant agrees with the simulated power
 * management; the main engine drifts over a year.
 */
export type SimulatedEngine = 'me' | 'ge1' | 'ge2' | 'ge3';

const DAY_MS = 86_400_000;

const CONDITION: Record<
  SimulatedEngine,
  { offsetPct: number; risePct: number; cycleDays: number; phase: number }
> = {
  me: { offsetPct: 0.8, risePct: 3.4, cycleDays: 365, phase: 0.55 },
  ge1: { offsetPct: 0.3, risePct: 1.2, cycleDays: 120, phase: 0.2 },
  ge2: { offsetPct: 1.7, risePct: 1.8, cycleDays: 150, phase: 0.6 },
  ge3: { offsetPct: 3.6, risePct: 2.6, cycleDays: 90, phase: 0.35 },
};

/** The engine's SFOC above its shop test at time `t`, in % (0.3–7.2). */
export function engineDeviationPct(engine: SimulatedEngine, t: number): number {
  const c = CONDITION[engine];
  const cycle = (t / DAY_MS / c.cycleDays + c.phase) % 1;
  return c.offsetPct + c.risePct * cycle;
}

/** The factor to multiply the shop-test SFOC by. */
export const engineConditionFactor = (engine: SimulatedEngine, t: number): number =>
  1 + engineDeviationPct(engine, t) / 100;
