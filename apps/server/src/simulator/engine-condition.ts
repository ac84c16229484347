/**
 * Each simulated engine's condition: how far its SFOC lies above its shop-test curve. A real engine never burns
 * exactly its test-bed figure: injectors, turbocharger fouling and the test's own tolerance put every unit a little
 * above it, and the gap grows between overhauls. Without this the monitored SFOC equals the reference to the
 * decimal and every engine read "0.0 %" on the equipment assessment and the load page (issue 26).
 *
 * Per engine: a lasting offset plus a rise that grows linearly over its overhaul cycle and falls back at each
 * overhaul. The three generators are sister sets overhauled together: G/E 1 a little the best, G/E 3 a little the
 * worst, never more than 0.2 % apart (the load assistant's tie share), so the advice between them follows the
 * crew's priorities as the simulated power management does; the main engine drifts over a year.
 */
export type SimulatedEngine = 'me' | 'ge1' | 'ge2' | 'ge3';

const DAY_MS = 86_400_000;

const CONDITION: Record<
  SimulatedEngine,
  { offsetPct: number; risePct: number; cycleDays: number; phase: number }
> = {
  me: { offsetPct: 0.8, risePct: 3.4, cycleDays: 365, phase: 0.55 },
  ge1: { offsetPct: 1.0, risePct: 0.45, cycleDays: 150, phase: 0.3 },
  ge2: { offsetPct: 1.05, risePct: 0.45, cycleDays: 150, phase: 0.3 },
  ge3: { offsetPct: 1.1, risePct: 0.45, cycleDays: 150, phase: 0.3 },
};

/** The engine's SFOC above its shop test at time `t`, in % (M/E 0.8–4.2, G/E 1.0–1.55). */
export function engineDeviationPct(engine: SimulatedEngine, t: number): number {
  const c = CONDITION[engine];
  const cycle = (t / DAY_MS / c.cycleDays + c.phase) % 1;
  return c.offsetPct + c.risePct * cycle;
}

/** The factor to multiply the shop-test SFOC by. */
export const engineConditionFactor = (engine: SimulatedEngine, t: number): number =>
  1 + engineDeviationPct(engine, t) / 100;
