/**
 * Added power for weather and hull fouling on top of the calm-water curve.
 *
 * - Wind: ISO 19030-2 Annex G / ISO 15016 form `R_AA = ½·ρ_A·A_XV·(C_X(ψ_WR)·V_WR² − C_X(0)·V_G²)`, with the
 *   simple cosine wind-coefficient model `C_X(ψ) = C_X0·cos ψ` (C_X0 ≈ 0.8 for bulk carriers, ITTC tables).
 * - Waves: STAwave-1 (ITTC 7.5-04-01-01.1, van den Boom et al.) `R_AWL = (1/16)·ρ·g·H²·B·√(B/L_BWL)` for head
 *   seas, scaled by a heading factor (1 head, 0 following) as in Kwon's direction coefficient.
 * - Power: `ΔP = ΔR·V/η_D` (ISO 15016), η_D ≈ 0.70 for a Supramax.
 * - Fouling: `P·(1 + r·days)`, r = 0.01–0.03 %/day (methods README §9.2); reset on hull cleaning.
 */

/** Sea-water density (kg/m³) and gravity (m/s²) for resistance formulas. */
export const RHO_SEA_WATER = 1025;
export const GRAVITY = 9.80665;
/** Air density at 15 °C, 1013.25 hPa (kg/m³). */
export const RHO_AIR = 1.225;

/** Apparent wind (relative to the ship) from true wind and ship motion; angles in radians, 0 = from ahead. */
export function apparentWind(
  trueWindSpeedMs: number,
  trueWindAngleOffBowRad: number,
  shipSpeedMs: number,
): { speedMs: number; angleRad: number } {
  // Wind "from" the angle: the relative wind vector adds the head wind of the ship's own speed.
  const x = trueWindSpeedMs * Math.cos(trueWindAngleOffBowRad) + shipSpeedMs;
  const y = trueWindSpeedMs * Math.sin(trueWindAngleOffBowRad);
  return { speedMs: Math.hypot(x, y), angleRad: Math.atan2(y, x) };
}

/**
 * Added wind resistance (N) relative to still air, ISO 15016 form with `C_X(ψ) = C_X0·cos ψ`.
 * Positive means extra resistance (head wind), negative a push (following wind).
 */
export function windResistanceN(
  apparentWindSpeedMs: number,
  apparentWindAngleRad: number,
  shipSpeedMs: number,
  transverseAreaM2: number,
  cx0 = 0.8,
): number {
  const cxPsi = cx0 * Math.cos(apparentWindAngleRad);
  return 0.5 * RHO_AIR * transverseAreaM2 * (cxPsi * apparentWindSpeedMs ** 2 - cx0 * shipSpeedMs ** 2);
}

/**
 * Added resistance in waves (N), STAwave-1 for head seas times a heading factor
 * `(1 + cos θ)/2` where θ is the wave direction off the bow (0 = head seas).
 */
export function waveResistanceN(
  significantHeightM: number,
  waveAngleOffBowRad: number,
  beamM: number,
  lengthWaterlineM: number,
): number {
  const head =
    (1 / 16) *
    RHO_SEA_WATER *
    GRAVITY *
    significantHeightM ** 2 *
    beamM *
    Math.sqrt(beamM / lengthWaterlineM);
  return head * ((1 + Math.cos(waveAngleOffBowRad)) / 2);
}

/** Power (kW) to overcome an added resistance (N) at a speed (m/s): `ΔP = ΔR·V/η_D`. */
export function addedPowerKw(addedResistanceN: number, speedMs: number, propulsiveEfficiency = 0.7): number {
  return (addedResistanceN * speedMs) / propulsiveEfficiency / 1000;
}

/** Hull and propeller fouling factor `1 + r·days` (r per day, default 0.02 %/day). */
export function foulingFactor(daysSinceCleaning: number, ratePerDay = 0.0002): number {
  return 1 + ratePerDay * Math.max(0, daysSinceCleaning);
}
