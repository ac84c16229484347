import { msToKnots } from '../units/index.ts';
/**
 * Fixed-pitch propeller relations.
 *
 * - Propeller law `P = P_MCR·(N/N_MCR)³` (MAN "Basic principles of ship propulsion"; methods README §2), with a
 *   heavy-running factor H: the same power is absorbed at a lower speed of rotation when hull resistance grows
 *   (fouling, weather), `N = N_MCR·(P/(H·P_MCR))^(1/3)`.
 * - Apparent slip `1 − STW/V_t`, with theoretical speed `V_t = pitch·N·60/1852` kn (methods README §2).
 */

/** Shaft speed (rpm) for a shaft power (kW) on the propeller curve, optionally heavy-running (H > 1). */
export function propellerRpm(powerKw: number, mcrKw: number, mcrRpm: number, heavyRunning = 1): number {
  if (powerKw <= 0) return 0;
  return mcrRpm * (powerKw / (heavyRunning * mcrKw)) ** (1 / 3);
}

/** Shaft power (kW) absorbed by the propeller at a shaft speed: the inverse of {@link propellerRpm}. */
export function propellerPowerKw(rpm: number, mcrKw: number, mcrRpm: number, heavyRunning = 1): number {
  if (rpm <= 0) return 0;
  return heavyRunning * mcrKw * (rpm / mcrRpm) ** 3;
}

/** Theoretical (no-slip) propeller advance speed in knots: `pitch·rpm·60/1852`. */
export function theoreticalSpeedKn(pitchM: number, rpm: number): number {
  return msToKnots((pitchM * rpm) / 60);
}

/** Apparent slip ratio `1 − STW/V_t` (STW, not SOG, so that current does not enter); 0 when the shaft is stopped. */
export function apparentSlip(stwKn: number, pitchM: number, rpm: number): number {
  const vt = theoreticalSpeedKn(pitchM, rpm);
  return vt > 0 ? 1 - stwKn / vt : 0;
}

/** Shaft torque (N·m) from power (kW) and speed (rpm): `Q = P/(2π·n)`. */
export function shaftTorqueNm(powerKw: number, rpm: number): number {
  return rpm > 0 ? (powerKw * 1000) / ((2 * Math.PI * rpm) / 60) : 0;
}
