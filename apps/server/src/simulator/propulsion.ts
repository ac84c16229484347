import {
  addedPowerKw,
  apparentWind,
  calmWaterSpeedKn,
  knotsToMs,
  shaftTorqueNm,
  twoStrokeSfoc,
  waveResistanceN,
  windResistanceN,
} from '@ecohelm/domain';
import { CH } from './channels.ts';
import { VESSEL } from './vessel.ts';
import type { Weather } from './weather.ts';

const BAR = 100_000;
const C = (c: number) => c + 273.15;

/**
 * Speed through water at a constant delivered power, kn: calm-water speed of the power left after the wind and
 * wave added power (never below 35 % of it) with the hull's fouling factor, solved by three fixed-point steps
 * from the planned speed.
 */
export function seaSpeedThroughWaterKn(
  w: Weather,
  at: { powerKw: number; plannedKn: number; headingRad: number; draftM: number; fouling: number },
): number {
  let stw = at.plannedKn;
  for (let i = 0; i < 3; i++) {
    const vMs = knotsToMs(stw);
    const windOffBow = w.windFromRad - at.headingRad;
    const app = apparentWind(w.windSpeedMs, windOffBow, vMs);
    const rWind = windResistanceN(app.speedMs, app.angleRad, vMs, VESSEL.transverseAreaM2);
    const rWave =
      waveResistanceN(w.waveHsM, w.waveFromRad - at.headingRad, VESSEL.beamM, VESSEL.lengthWaterlineM) +
      waveResistanceN(
        w.swellHsM * 0.6,
        w.swellFromRad - at.headingRad,
        VESSEL.beamM,
        VESSEL.lengthWaterlineM,
      );
    const added = addedPowerKw(rWind + rWave, vMs);
    const available = Math.max(0.35 * at.powerKw, at.powerKw - added);
    stw = calmWaterSpeedKn(available / at.fouling, at.draftM);
  }
  return stw;
}

/** The main engine's channels at a power, rpm and fuel; `heavy` (≥ 1) is how heavy the propeller runs. */
export function writeMainEngine(
  v: Float64Array,
  at: {
    powerKw: number;
    rpm: number;
    sfoc: number;
    fuelKgS: number;
    mgoShare: number;
    heavy: number;
    airTempK: number;
    slow: number;
    cylinderOffsets: readonly number[];
  },
): void {
  const { powerKw, rpm, sfoc, heavy, airTempK, slow } = at;
  const mcr = VESSEL.meMcrKw;
  const load = powerKw / mcr;
  const running = powerKw > 0;
  v[CH.meRev] = rpm / 60;
  v[CH.meLoad] = load;
  v[CH.mePower] = powerKw * 1000;
  v[CH.meTorque] = shaftTorqueNm(powerKw, rpm);
  v[CH.meFuelHfo] = at.fuelKgS * (1 - at.mgoShare);
  v[CH.meFuelLfo] = 0;
  v[CH.meFuelMgo] = at.fuelKgS * at.mgoShare;
  const fuelPerRev = rpm > 0 ? (powerKw * sfoc) / rpm : 0;
  const fuelPerRevMcr = (mcr * twoStrokeSfoc(1, VESSEL.meSfocBase)) / VESSEL.meMcrRpm;
  v[CH.meRack] = running ? Math.min(1, 0.1 + 0.78 * (fuelPerRev / fuelPerRevMcr)) : 0;
  v[CH.meScav] = running ? (0.08 + 3.3 * load ** 1.35) * BAR : 0;
  v[CH.meTc] = running ? (2500 + 12000 * load ** 0.75) / 60 : 0;
  const excess = (heavy - 1) * 60;
  for (let c = 0; c < 6; c++) {
    v[CH.meCyl1 + c] = running ? C(250 + 125 * load ** 0.8 + at.cylinderOffsets[c]! + excess) : airTempK + 20;
  }
  v[CH.meExhTc] = running ? C(215 + 55 * load + excess * 0.6) : airTempK + 15;
  v[CH.meJwTemp] = running ? C(83 + 0.5 * slow) : C(62);
  v[CH.meJwPress] = (running ? 3.7 : 3.2) * BAR;
  v[CH.meLoTemp] = running ? C(44 + 2 * load) : C(36);
  v[CH.meLoPress] = (running ? 2.4 : 2.1) * BAR;
}

/** The weather sensors' channels (true and apparent wind, sea state, current, air and sea). */
export function writeWeather(
  v: Float64Array,
  w: Weather,
  windOffBowRad: number,
  apparent: { speedMs: number; angleRad: number },
): void {
  v[CH.windSpeedTrue] = w.windSpeedMs;
  v[CH.windAngleTrue] = Math.atan2(Math.sin(windOffBowRad), Math.cos(windOffBowRad));
  v[CH.windDirTrue] = w.windFromRad;
  v[CH.windSpeedApp] = apparent.speedMs;
  v[CH.windAngleApp] = apparent.angleRad;
  v[CH.waveHs] = w.waveHsM;
  v[CH.waveDir] = w.waveFromRad;
  v[CH.wavePeriod] = w.wavePeriodS;
  v[CH.swellHs] = w.swellHsM;
  v[CH.swellDir] = w.swellFromRad;
  v[CH.swellPeriod] = w.swellPeriodS;
  v[CH.currentDrift] = w.currentMs;
  v[CH.currentSet] = w.currentSetRad;
  v[CH.airTemp] = w.airTempK;
  v[CH.airPressure] = w.pressurePa;
  v[CH.seaTemp] = w.seaTempK;
}
