import type { NavigationNow, WeatherPoint } from '@ecohelm/contracts';
import { CHANNEL, msToKnots, radToDeg, type SeaWeather } from '@ecohelm/domain';
import type { TelemetryService } from '../telemetry/index.ts';

/** Live values older than this are not "now" (as on the overview). */
export const STALE_MS = 120_000;

/** The channels the speed optimisation reads. */
export const CH = {
  lat: CHANNEL.lat,
  lon: CHANNEL.lon,
  sog: CHANNEL.sog,
  stw: CHANNEL.stw,
  cog: CHANNEL.cog,
  heading: CHANNEL.heading,
  rot: CHANNEL.rot,
  roll: CHANNEL.heel,
  trim: CHANNEL.trim,
  draftFore: CHANNEL.draftFore,
  draftAft: CHANNEL.draftAft,
  draftPort: CHANNEL.draftPort,
  draftStbd: CHANNEL.draftStbd,
  windSpeed: CHANNEL.windSpeedTrue,
  windDir: CHANNEL.windDirTrue,
  waveHs: CHANNEL.waveHs,
  waveDir: CHANNEL.waveDir,
  swellHs: CHANNEL.swellHs,
  swellDir: CHANNEL.swellDir,
  swellPeriod: CHANNEL.swellPeriod,
  currentDrift: CHANNEL.currentDrift,
  currentSet: CHANNEL.currentSet,
  rev: CHANNEL.meRev,
  power: CHANNEL.mePower,
  meHfo: CHANNEL.meFuelHfo,
  meMgo: CHANNEL.meFuelMgo,
} as const;

/** The generators' and boilers' fuel flows (auxiliary consumption). */
export const AUX_FUEL = [CHANNEL.ge1Fuel, CHANNEL.ge2Fuel, CHANNEL.ge3Fuel, CHANNEL.b1Fuel, CHANNEL.b2Fuel];

/** The live values of the channels above: a value when fresh and finite, else null. */
export interface Live {
  value(channel: string): number | null;
  /** The newest sample's time, ms. */
  at: number | null;
}

export async function readLive(telemetry: TelemetryService, now: number): Promise<Live> {
  const latest = await telemetry.latest(Object.values(CH));
  let at: number | null = null;
  for (const v of latest.values()) at = Math.max(at ?? 0, v.t);
  return {
    at,
    value: (c) => {
      const v = latest.get(c);
      return v && now - v.t <= STALE_MS && Number.isFinite(v.value) ? v.value : null;
    },
  };
}

export function meanDraft(live: Live): number | undefined {
  const f = live.value(CH.draftFore);
  const a = live.value(CH.draftAft);
  return f != null && a != null ? (f + a) / 2 : undefined;
}

/** A direction in radians as whole or tenth degrees, 0–360. */
const compass = (rad: number, digits: number) => round(((radToDeg(rad) % 360) + 360) % 360, digits);

export function navigationOf(live: Live, now: number): NavigationNow {
  const v = (c: string, scale = 1, digits = 2) => {
    const x = live.value(c);
    return x == null ? null : round(x * scale, digits);
  };
  const deg = (c: string) => {
    const x = live.value(c);
    return x == null ? null : compass(x, 1);
  };
  return {
    at: live.at == null ? null : new Date(live.at).toISOString(),
    stale: live.at == null || now - live.at > STALE_MS,
    sogKn: v(CH.sog, msToKnots(1)),
    stwKn: v(CH.stw, msToKnots(1)),
    windKn: v(CH.windSpeed, msToKnots(1), 1),
    windFromDeg: deg(CH.windDir),
    draftForeM: v(CH.draftFore),
    draftAftM: v(CH.draftAft),
    draftPortM: v(CH.draftPort),
    draftStarboardM: v(CH.draftStbd),
    courseDeg: deg(CH.cog),
    heelDeg: v(CH.roll, radToDeg(1), 1),
    trimM: v(CH.trim),
    rateOfTurnDegMin: v(CH.rot, radToDeg(1) * 60, 1),
    rpm: v(CH.rev, 60, 1),
    lat: v(CH.lat, 1, 5),
    lon: v(CH.lon, 1, 5),
  };
}

/** The weather the ship's own sensors measure now, or null without a wind reading. */
export function measuredWeather(live: Live): WeatherPoint | null {
  const ws = live.value(CH.windSpeed);
  if (ws == null) return null;
  const d = (c: string) => {
    const x = live.value(c);
    return x == null ? 0 : compass(x, 0);
  };
  const period = live.value(CH.swellPeriod);
  return {
    windKn: round(msToKnots(ws), 1),
    windFromDeg: d(CH.windDir),
    waveHsM: round(live.value(CH.waveHs) ?? 0, 1),
    waveFromDeg: d(CH.waveDir),
    swellHsM: round(live.value(CH.swellHs) ?? 0, 1),
    swellPeriodS: period == null ? null : round(period, 1),
    swellFromDeg: d(CH.swellDir),
    currentKn: round(msToKnots(live.value(CH.currentDrift) ?? 0), 2),
    currentSetDeg: d(CH.currentSet),
  };
}

/** A forecast's weather as the page shows it. */
export function weatherPoint(w: SeaWeather & { swellPeriodS?: number | undefined }): WeatherPoint {
  return {
    windKn: round(msToKnots(w.windSpeedMs), 1),
    windFromDeg: compass(w.windFromRad, 0),
    waveHsM: round(w.waveHsM, 1),
    waveFromDeg: compass(w.waveFromRad, 0),
    swellHsM: round(w.swellHsM, 1),
    swellPeriodS: w.swellPeriodS == null ? null : round(w.swellPeriodS, 1),
    swellFromDeg: compass(w.swellFromRad, 0),
    currentKn: round(msToKnots(w.currentMs), 2),
    currentSetDeg: compass(w.currentSetRad, 0),
  };
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function round(x: number, digits: number): number {
  const k = 10 ** digits;
  return Math.round(x * k) / k;
}
