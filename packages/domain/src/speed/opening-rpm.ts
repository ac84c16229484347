/**
 * The rpm the speed page's simulation opens on: the advised rpm, else the engine's now, else the middle of the
 * model's range; to 0.1 rpm, as the advice is given, so the simulation of the advised rpm is the macro plan. The
 * server simulates it with the page's answer and the page starts its rpm field there.
 */
export function openingSimulationRpm(at: {
  advisedRpm: number | null | undefined;
  engineRpm: number | null | undefined;
  minRpm: number;
  maxRpm: number;
}): number {
  return Math.round((at.advisedRpm ?? at.engineRpm ?? (at.minRpm + at.maxRpm) / 2) * 10) / 10;
}
