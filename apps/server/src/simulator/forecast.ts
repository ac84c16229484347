import type { SeaWeather } from '@ecohelm/domain';
import { HOUR_MS } from '@ecohelm/domain';
import { valueNoise } from './random.ts';
import { weatherAt } from './weather.ts';

/**
 * The simulator's own forecast when no GRIB file covers the route: its weather field at the place and time, with
 * an error that grows with the horizon (±5 % at issue to about ±35 % at 96 h on wind and waves, a few degrees to
 * ±30° on directions), smooth in space and the same for one issue hour, so a forecast looks like one and is not
 * the truth the simulated ship will meet.
 */
export function simulatedForecast(seed: number) {
  return (lat: number, lon: number, tMs: number, issuedMs: number): SeaWeather & { swellPeriodS: number } => {
    const w = weatherAt(seed, lon, lat, tMs);
    const lead = Math.max(0, (tMs - issuedMs) / HOUR_MS);
    const spread = 0.05 + 0.3 * Math.min(1, lead / 96);
    const issue = Math.floor(issuedMs / (6 * HOUR_MS));
    const n = (k: number) => valueNoise(seed + 300 + k + issue * 7, lon / 4 + lat / 3 + tMs / (18 * HOUR_MS));
    const scale = (x: number, k: number) => Math.max(0, x * (1 + spread * n(k)));
    const turn = (r: number, k: number) => (r + spread * 1.7 * n(k) + 2 * Math.PI) % (2 * Math.PI);
    return {
      windSpeedMs: scale(w.windSpeedMs, 1),
      windFromRad: turn(w.windFromRad, 2),
      waveHsM: scale(w.waveHsM, 3),
      waveFromRad: turn(w.waveFromRad, 4),
      swellHsM: scale(w.swellHsM, 5),
      swellFromRad: turn(w.swellFromRad, 6),
      swellPeriodS: w.swellPeriodS,
      currentMs: scale(w.currentMs, 7),
      currentSetRad: turn(w.currentSetRad, 8),
    };
  };
}
