import { HOUR_MS } from '@ecohelm/domain';
import { fbm, valueNoise } from './random.ts';

/** Weather at a place and time, SI units; directions are "from" (wind, waves) or "towards" (current set), rad. */
export interface Weather {
  windSpeedMs: number;
  windFromRad: number;
  waveHsM: number;
  waveFromRad: number;
  wavePeriodS: number;
  swellHsM: number;
  swellFromRad: number;
  swellPeriodS: number;
  currentMs: number;
  currentSetRad: number;
  airTempK: number;
  seaTempK: number;
  pressurePa: number;
}

const DEG = Math.PI / 180;
const TWO_PI = 2 * Math.PI;

/** Day of year 0..365 for seasonal terms. */
const dayOfYear = (tMs: number) => ((tMs / 86_400_000) % 365.2425) - 0;

/**
 * A smooth seeded weather field: climatology by latitude, region and season (westerlies with winter gales in
 * the North Atlantic and North Sea, trade winds, the Indian Ocean south-west monsoon from June to September)
 * plus value noise over space and time with a correlation of about a day and a few hundred miles.
 * Waves follow the wind (fetch-limited `Hs ≈ 0.016·U² + 0.3`), swell is independent.
 */
export function weatherAt(seed: number, lon: number, lat: number, tMs: number): Weather {
  const h = tMs / HOUR_MS;
  const doy = dayOfYear(tMs);
  // +1 in northern winter (mid-January), −1 in July.
  const winter = Math.cos(((doy - 15) / 365.25) * TWO_PI);
  const absLat = Math.abs(lat);
  const northIndian = lat > 0 && lat < 22 && lon > 45 && lon < 100;
  const monsoonSw = northIndian && doy > 152 && doy < 273;

  let meanWind = 6 + Math.max(0, absLat - 35) * 0.12 + (absLat > 40 ? 2.5 * winter : 0);
  let prevailing = absLat < 30 ? 45 * DEG : 250 * DEG; // trades from NE, westerlies from WSW
  if (northIndian) {
    prevailing = monsoonSw ? 225 * DEG : 40 * DEG;
    meanWind += monsoonSw ? 5 : 0.5;
  }
  if (lon > 32 && lon < 44 && lat > 12 && lat < 30) prevailing = lat > 20 ? 340 * DEG : 160 * DEG; // Red Sea

  const sx = lon / 6;
  const sy = lat / 5;
  const gust = fbm(seed + 1, h / 30 + sx + sy);
  const windSpeedMs = Math.max(0.3, meanWind * (1 + 0.55 * gust) + 1.5 * valueNoise(seed + 2, h / 5 + sx));
  const windFromRad = (prevailing + 1.2 * fbm(seed + 3, h / 40 - sx + sy) + TWO_PI) % TWO_PI;

  const waveHsM = Math.min(9, 0.3 + 0.016 * windSpeedMs * windSpeedMs);
  const waveFromRad = (windFromRad + 0.2 * valueNoise(seed + 4, h / 12) + TWO_PI) % TWO_PI;
  const wavePeriodS = 3.5 + 1.6 * Math.sqrt(waveHsM) * 2;
  const swellHsM = Math.max(
    0.2,
    1.2 + 0.9 * fbm(seed + 5, h / 60 + sx - sy) + (absLat > 40 ? 0.6 * winter : 0),
  );
  const swellFromRad = (prevailing + 0.5 + 0.8 * valueNoise(seed + 6, h / 90 + sy) + TWO_PI) % TWO_PI;
  const swellPeriodS = 9 + 3 * valueNoise(seed + 7, h / 50);

  const currentMs = Math.max(0, 0.35 + 0.3 * fbm(seed + 8, h / 48 + sx * 2 + sy));
  const currentSetRad = ((valueNoise(seed + 9, h / 120 + sx) + 1) * Math.PI + TWO_PI) % TWO_PI;

  const seaC = 29 - 0.0075 * absLat * absLat - (lat > 0 ? 1 : -1) * winter * Math.min(1, absLat / 35) * 5;
  const diurnal = Math.sin(((h % 24) / 24) * TWO_PI + (lon / 15) * (TWO_PI / 24) - Math.PI / 2);
  const airC = seaC + 1.5 * diurnal - (absLat > 40 ? 2 * winter : 0) + valueNoise(seed + 10, h / 20);
  const pressurePa = 101_325 + 1_200 * valueNoise(seed + 11, h / 50 + sx) - 60 * (windSpeedMs - meanWind);

  return {
    windSpeedMs,
    windFromRad,
    waveHsM,
    waveFromRad,
    wavePeriodS,
    swellHsM,
    swellFromRad,
    swellPeriodS,
    currentMs,
    currentSetRad,
    airTempK: airC + 273.15,
    seaTempK: Math.max(-1.5, seaC) + 273.15,
    pressurePa,
  };
}

/** Water depth below the surface (m) by region along the route: shelf seas, straits and the deep ocean. */
export function depthAt(seed: number, lon: number, lat: number, nearPort: boolean): number {
  const n = valueNoise(seed + 20, lon * 3 + lat * 2);
  if (nearPort) return 17 + 3 * n;
  if (lat > 48.5 && lon > -5 && lon < 31) return 45 + 20 * n; // Channel, North Sea, Baltic
  if (lon > 98 && lon < 105 && lat > -1 && lat < 7) return 40 + 20 * n; // Malacca and Singapore Straits
  if (lon > 117 && lon < 126 && lat > 24 && lat < 37) return 55 + 25 * n; // East China and Yellow Seas
  if (lon > 32 && lon < 34 && lat > 27.5 && lat < 31.5) return 24 + 8 * n; // Gulf of Suez and the canal
  return 2500 + 1500 * n;
}
