import type { Ship } from '@ecohelm/contracts';
import type { WeatherService } from '../weather/index.ts';
import type { ForecastLookup, Hull } from './speed.service.ts';

/** The reference Supramax's hull (the simulator's ship) where the ship record does not say. */
const REFERENCE: Hull = {
  beamM: 32.26,
  lengthWaterlineM: 185,
  ladenDraftM: 11.9,
  ballastDraftM: 7.3,
  deadweightT: 57_000,
};

/**
 * The hull figures the speed model uses, from the ship's particulars: breadth, length (waterline ≈ 97 % of the
 * length overall), the maximum draught as the laden one and 61 % of it as the normal ballast draught (the
 * reference Supramax's ratio).
 */
export function shipHull(ship: Ship | null | undefined): Hull {
  if (!ship) return REFERENCE;
  const laden = ship.maxDraftM ?? REFERENCE.ladenDraftM;
  return {
    beamM: ship.breadthM ?? REFERENCE.beamM,
    lengthWaterlineM: ship.lengthM ? ship.lengthM * 0.97 : REFERENCE.lengthWaterlineM,
    ladenDraftM: laden,
    ballastDraftM: ship.maxDraftM ? laden * 0.61 : REFERENCE.ballastDraftM,
    deadweightT: ship.deadweightT ?? REFERENCE.deadweightT,
  };
}

/**
 * Imported GRIB forecasts as the speed model's weather: a point counts as covered when the file has its wind; what
 * the file lacks (wave direction is not among the decoded fields, so waves come with the wind) is calm.
 */
export function gribForecast(weather: Pick<WeatherService, 'at'>): ForecastLookup {
  return (lat, lon, tMs) => {
    const f = weather.at(lat, lon, tMs);
    if (!f || f.windSpeedMs === undefined) return undefined;
    const windFromRad = f.windFromRad ?? 0;
    return {
      windSpeedMs: f.windSpeedMs,
      windFromRad,
      waveHsM: f.waveHsM ?? 0,
      waveFromRad: windFromRad,
      swellHsM: f.swellHsM ?? 0,
      swellFromRad: f.swellFromRad ?? windFromRad,
      swellPeriodS: f.swellPeriodS,
      currentMs: f.currentMs ?? 0,
      currentSetRad: f.currentSetRad ?? 0,
    };
  };
}
