/**
 * Calm-water speed–power of the reference Supramax/Handymax bulk carrier.
 *
 * Source: Lab021/ISO19030 (Apache-2.0) `ISO19030/SAMPLE/speedPower.csv` and `draft.csv`, copied to
 * `shared/data/iso19030_lab021/` — reference curves at ballast (7.287 m) and scantling (12 m) draught for a
 * 183 m × 32.2 m ship with an 8,170 kW MCR main engine. Between the two draughts the power-law coefficients are
 * interpolated linearly in draught (ISO 19030-2 picks the reference curve by displacement; methods README §9.1);
 * outside them power is scaled with displacement^(2/3) (admiralty law, ISO 19030-3), taking Δ ∝ T.
 */

/** One reference curve: shaft power (kW) at speed through water (kn). */
export interface SpeedPowerCurve {
  draftM: number;
  speedKn: readonly number[];
  powerKw: readonly number[];
}

/** The speeds of the Lab021 curves, 8 to 20 kn. */
const LAB021_SPEEDS_KN = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20];

/** A Lab021 curve: its mean draught and the power at each of the Lab021 speeds. */
const lab021Curve = (draftM: number, powerKw: readonly number[]): SpeedPowerCurve => ({
  draftM,
  speedKn: LAB021_SPEEDS_KN,
  powerKw,
});

/** Lab021 ballast curve, mean draught 7.287 m. */
export const BALLAST_CURVE = lab021Curve(
  7.287,
  [
    666.81, 1005.56, 1452.09, 2024.69, 2742.53, 3625.68, 4695.03, 5972.28, 7479.88, 9241.05, 11279.69,
    13620.45, 16288.6,
  ],
);

/** Lab021 scantling curve, mean draught 12 m. */
export const SCANTLING_CURVE = lab021Curve(
  12,
  [
    969.51, 1401.27, 1948.13, 2624.62, 3445.42, 4425.42, 5579.63, 6923.24, 8471.57, 10240.06, 12244.28,
    14499.92, 17022.79,
  ],
);

/** `P = a·V^b` with P in kW and V in kn. */
export interface PowerLaw {
  a: number;
  b: number;
}

/** Least-squares fit of `P = a·V^b` in log space (ISO 19030-2 reference curve form). */
export function fitPowerLaw(curve: SpeedPowerCurve): PowerLaw {
  const n = curve.speedKn.length;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    const x = Math.log(curve.speedKn[i] ?? 1);
    const y = Math.log(curve.powerKw[i] ?? 1);
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
  }
  const b = (n * sxy - sx * sy) / (n * sxx - sx * sx);
  const a = Math.exp((sy - b * sx) / n);
  return { a, b };
}

const ballastLaw = fitPowerLaw(BALLAST_CURVE);
const scantlingLaw = fitPowerLaw(SCANTLING_CURVE);

/** The power law for a mean draught, interpolated between the ballast and scantling fits. */
export function powerLawAtDraft(meanDraftM: number): PowerLaw & { admiraltyScale: number } {
  const t0 = BALLAST_CURVE.draftM;
  const t1 = SCANTLING_CURVE.draftM;
  const clamped = Math.min(t1, Math.max(t0, meanDraftM));
  const f = (clamped - t0) / (t1 - t0);
  const lnA = Math.log(ballastLaw.a) + f * (Math.log(scantlingLaw.a) - Math.log(ballastLaw.a));
  const b = ballastLaw.b + f * (scantlingLaw.b - ballastLaw.b);
  const admiraltyScale = meanDraftM > 0 ? (meanDraftM / clamped) ** (2 / 3) : 1;
  return { a: Math.exp(lnA), b, admiraltyScale };
}

/**
 * Calm-water, clean-hull shaft power (kW) at a speed through water (kn) and mean draught (m).
 * Zero at zero speed; astern speeds are treated by magnitude.
 */
export function calmWaterPowerKw(stwKn: number, meanDraftM: number): number {
  const v = Math.abs(stwKn);
  if (v === 0) return 0;
  const law = powerLawAtDraft(meanDraftM);
  return law.admiraltyScale * law.a * v ** law.b;
}

/** The speed through water (kn) that calm-water power `powerKw` gives at a draught: the inverse of {@link calmWaterPowerKw}. */
export function calmWaterSpeedKn(powerKw: number, meanDraftM: number): number {
  if (powerKw <= 0) return 0;
  const law = powerLawAtDraft(meanDraftM);
  return (powerKw / (law.admiraltyScale * law.a)) ** (1 / law.b);
}

/** Admiralty coefficient `C = Δ^(2/3)·V³/P` (t, kn, kW); methods README §2, about 350–600 for merchant ships. */
export function admiraltyCoefficient(displacementT: number, speedKn: number, powerKw: number): number {
  return (displacementT ** (2 / 3) * speedKn ** 3) / powerKw;
}
