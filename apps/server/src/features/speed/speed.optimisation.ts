import type {
  ForecastSource,
  MacroOptimisation,
  ShipCondition,
  SpeedModel,
  SpeedResponse,
  VoyagePlan,
  WeatherPoint,
} from '@ecohelm/contracts';
import {
  CALM,
  calmFuelLaw,
  ciiSpeedFloorKn,
  co2FactorTPerT,
  constantSpeedVoyage,
  HOUR_MS,
  isRoughLeg,
  type Leg,
  msToKnots,
  optimiseVoyage,
  radToDeg,
  replanAtSpeeds,
  type SeaWeather,
  type SpeedShip,
} from '@ecohelm/domain';
import { CH, type Live, measuredWeather, round, weatherPoint } from './speed.live.ts';
import type { SpeedModelFit } from './speed.model-fit.ts';
import { type LonLat, remainingLegs, staysAfterLegs } from './speed.route-legs.ts';
import {
  type CiiYearEnd,
  type ForecastProviders,
  type MainEngine,
  roundCii,
  type Worked,
} from './speed.types.ts';

/** How long an optimisation is used again for the same inputs (see VoyageOptimisation#optimise). */
const OPTIMUM_KEPT_MS = 60_000;
/** The forecast horizons the page shows. */
const HORIZONS_H = [0, 24, 48, 96] as const;
/** CO2 per tonne of the heavy fuel oil the ship burns at sea (MEPC.364(79) C_F). */
export const CF_HFO = co2FactorTPerT('hfo');

export interface OptimisationDeps {
  fit: SpeedModelFit;
  mainEngine: () => MainEngine;
  cii: CiiYearEnd;
  now: () => number;
}

/** An optimisation kept (see VoyageOptimisation#optimise): what it was worked out for, and when. */
interface KeptOptimum {
  key: string;
  /** The ship's model and engine and the speed floor, as JSON. */
  fixed: string;
  legs: readonly Leg[];
  hoursToRta: number;
  at: number;
  optimum: ReturnType<typeof optimiseVoyage>;
}

/**
 * The same passage a little further on than `kept`'s: the same legs (courses within ~0.5°, the same limits), each
 * within 1 nm of its distance then, the hours to the RTA within 0.1 h, and the weather on each leg within 1 m/s of
 * wind, 0.2 m of waves and swell, 0.1 m/s of current and ~6° of each direction.
 */
function nearlyTheSame(kept: KeptOptimum, legs: readonly Leg[], hoursToRta: number): boolean {
  if (legs.length !== kept.legs.length || Math.abs(hoursToRta - kept.hoursToRta) > 0.1) return false;
  const angle = (a: number, b: number) => Math.abs(Math.atan2(Math.sin(a - b), Math.cos(a - b))) <= 0.1;
  return legs.every((l, i) => {
    const k = kept.legs[i]!;
    const w = l.weather;
    const kw = k.weather;
    return (
      Math.abs(l.distanceNm - k.distanceNm) < 1 &&
      Math.abs(l.courseRad - k.courseRad) <= 0.01 &&
      l.minKn === k.minKn &&
      l.maxKn === k.maxKn &&
      Math.abs(w.windSpeedMs - kw.windSpeedMs) <= 1 &&
      angle(w.windFromRad, kw.windFromRad) &&
      Math.abs(w.waveHsM - kw.waveHsM) <= 0.2 &&
      angle(w.waveFromRad, kw.waveFromRad) &&
      Math.abs(w.swellHsM - kw.swellHsM) <= 0.2 &&
      angle(w.swellFromRad, kw.swellFromRad) &&
      Math.abs(w.currentMs - kw.currentMs) <= 0.1 &&
      angle(w.currentSetRad, kw.currentSetRad)
    );
  });
}

/**
 * The plan worked out from now: the legs ahead with the forecast weather where the ship will be, the least-fuel
 * speeds for the required arrival (voyage optimiser, kept a minute), the constant-speed baseline, the forecast
 * horizons and the macro plan with its year-end CII.
 */
export class VoyageOptimisation {
  readonly #d: OptimisationDeps;
  #forecasts: ForecastProviders = {};
  #cache: KeptOptimum | undefined;

  constructor(deps: OptimisationDeps) {
    this.#d = deps;
  }

  /** Sets where forecasts come from (the app: GRIB imports; the simulator: its own weather). */
  useForecasts(providers: ForecastProviders): void {
    this.#forecasts = { ...this.#forecasts, ...providers };
  }

  async work(plan: VoyagePlan, live: Live, condition: ShipCondition, optimise = true): Promise<Worked> {
    const now = this.#d.now();
    const lat = live.value(CH.lat);
    const lon = live.value(CH.lon);
    const sog = live.value(CH.sog);
    const rev = live.value(CH.rev);
    const etdMs = Date.parse(plan.etd);
    const departed = now >= etdMs;
    const position: LonLat | undefined = departed && lat != null && lon != null ? { lat, lon } : undefined;
    const underWay = departed && sog != null && msToKnots(sog) >= 3 && (rev ?? 0) > 0;
    const startMs = departed ? now : etdMs;
    const route = remainingLegs(plan.waypoints, position);
    const model = await this.#d.fit.model(live, condition);
    const ship = this.#d.fit.ship(model);
    const sources: ForecastSource[] = [];
    // Weather on each leg where the ship will be, timed at the average speed the required arrival asks for.
    const total = route.reduce((a, l) => a + l.distanceNm, 0);
    // Planned stops ahead (canal convoy, waiting at anchor) are not sailing time.
    const stayAfter = staysAfterLegs(plan.specialPoints, route);
    const stayH = stayAfter.reduce((a, b) => a + b, 0);
    const hoursToRta = (Date.parse(plan.rta) - startMs) / HOUR_MS - stayH;
    const pace = Math.min(15, Math.max(8, total / Math.max(1, hoursToRta)));
    let run = 0;
    const legs: Leg[] = route.map((r) => {
      const mid = { lat: (r.from.lat + r.to.lat) / 2, lon: (r.from.lon + r.to.lon) / 2 };
      const t = startMs + ((run + r.distanceNm / 2) / pace) * HOUR_MS;
      run += r.distanceNm;
      const f = this.#forecast(mid.lat, mid.lon, t, now);
      sources.push(f.source);
      return {
        distanceNm: r.distanceNm,
        courseRad: r.courseRad,
        weather: f.weather ?? CALM,
        ...(r.minKn != null ? { minKn: r.minKn } : {}),
        ...(r.maxKn != null ? { maxKn: r.maxKn } : {}),
      };
    });
    const law = calmFuelLaw(ship);
    const floorKn = round(ciiSpeedFloorKn(law.k, law.n, ship.auxTPerDay), 2);
    let optimum: Worked['optimum'];
    let constant: Worked['constant'];
    if (optimise && legs.length > 0 && hoursToRta > 0) {
      optimum = this.#optimise(model, ship, legs, hoursToRta, floorKn);
      const stw = live.value(CH.stw);
      if (underWay && stw != null && msToKnots(stw) > 3) {
        const stwKn = round(msToKnots(stw), 1);
        const c = constantSpeedVoyage(ship, legs, stwKn);
        if (c) constant = { stwKn, ...c };
      }
    }
    return {
      startMs,
      underWay,
      route,
      legs,
      stayAfter,
      stayH,
      sources,
      ship,
      model,
      floorKn,
      hoursToRta,
      optimum,
      constant,
    };
  }

  /**
   * The least-fuel speeds for the legs ahead (`optimiseVoyage`), kept for a minute: the page's answer every 10 s on
   * each console, the simulation, the RTZ export and the advice's record ask for it again and again, and a passage
   * with rough legs takes 0.2–0.5 s of the one server thread. For the same inputs (the ship's model and engine, and
   * every leg's distance, course, limits and forecast weather and the hours to the RTA, to within 0.1 nm and 0.01 h)
   * the kept plan is the answer. For the same passage a little further on (a shorter first leg, the weather at each
   * leg a moment later: `nearlyTheSame`), which under way is every 10–15 s, the kept plan's speeds are sailed over
   * the legs as they are now (`replanAtSpeeds`: hours, fuel and arrival worked out anew) until the minute is out: a
   * request no longer waits for a new optimisation that would change the advice by nothing. A ship a mile or more on,
   * another plan, condition, model, RTA or forecast, or an arrival that no longer holds is worked out anew at once.
   */
  #optimise(model: SpeedModel, ship: SpeedShip, legs: readonly Leg[], hoursToRta: number, floorKn: number) {
    const now = this.#d.now();
    const r = (x: number, step: number) => Math.round(x / step);
    const fixed = JSON.stringify([model, this.#d.mainEngine(), floorKn]);
    const key = JSON.stringify([
      fixed,
      r(hoursToRta, 0.01),
      legs.map((l) => [
        r(l.distanceNm, 0.1),
        r(l.courseRad, 0.001),
        l.minKn,
        l.maxKn,
        r(l.weather.windSpeedMs, 0.1),
        r(l.weather.windFromRad, 0.01),
        r(l.weather.waveHsM, 0.01),
        r(l.weather.waveFromRad, 0.01),
        r(l.weather.swellHsM, 0.01),
        r(l.weather.swellFromRad, 0.01),
        r(l.weather.currentMs, 0.01),
        r(l.weather.currentSetRad, 0.01),
      ]),
    ]);
    const kept = this.#cache;
    const fresh = kept !== undefined && now - kept.at >= 0 && now - kept.at < OPTIMUM_KEPT_MS;
    if (fresh && kept.key === key) return kept.optimum;
    if (fresh && kept.fixed === fixed && nearlyTheSame(kept, legs, hoursToRta)) {
      const replanned = replanAtSpeeds(ship, legs, kept.optimum, hoursToRta);
      if (replanned) return replanned;
    }
    const optimum = optimiseVoyage(ship, legs, {
      hoursAvailable: hoursToRta,
      minKn: 6,
      maxKn: 16,
      stepKn: 0.1,
      floorKn,
      holdPowerInRoughLegs: true,
    });
    this.#cache = { key, fixed, legs, hoursToRta, at: now, optimum };
    return optimum;
  }

  #forecast(
    lat: number,
    lon: number,
    tMs: number,
    now: number,
  ): { source: ForecastSource; weather: (SeaWeather & { swellPeriodS?: number | undefined }) | undefined } {
    const grib = this.#forecasts.grib?.(lat, lon, tMs, now);
    if (grib) return { source: 'grib', weather: grib };
    const sim = this.#forecasts.simulated?.(lat, lon, tMs, now);
    if (sim) return { source: 'simulated', weather: sim };
    return { source: 'none', weather: undefined };
  }

  /** The weather now (measured) and where the advised plan has the ship in 24, 48 and 96 h (forecast). */
  horizons(worked: Worked | undefined, live: Live, now: number): SpeedResponse['forecast'] {
    const lat = live.value(CH.lat);
    const lon = live.value(CH.lon);
    const here = lat != null && lon != null ? { lat, lon } : undefined;
    return HORIZONS_H.map((h) => {
      const t = now + h * HOUR_MS;
      let pos = here;
      if (worked?.optimum && h > 0) pos = positionAt(worked, t) ?? pos;
      if (!pos)
        return {
          hours: h,
          time: new Date(t).toISOString(),
          lat: 0,
          lon: 0,
          source: 'none' as const,
          weather: null,
        };
      let weather: WeatherPoint | null = null;
      let source: ForecastSource = 'none';
      const measured = h === 0 ? measuredWeather(live) : null;
      if (measured) {
        // Real time: what the ship's own sensors measure.
        weather = measured;
        source = 'measured';
      } else {
        const f = this.#forecast(pos.lat, pos.lon, t, now);
        source = f.source;
        weather = f.weather ? weatherPoint(f.weather) : null;
      }
      return {
        hours: h,
        time: new Date(t).toISOString(),
        lat: round(pos.lat, 4),
        lon: round(pos.lon, 4),
        source,
        weather,
      };
    });
  }

  /** The macro plan: each leg's speed, rpm, power, fuel and ETA, against the constant speed, with the year-end CII. */
  async macro(w: Worked, ciiYearEnd: CiiYearEnd = this.#d.cii): Promise<MacroOptimisation | null> {
    const o = w.optimum;
    if (!o) return null;
    const legs = [];
    let t = w.startMs;
    for (let i = 0; i < o.legs.length; i++) {
      const s = o.legs[i]!;
      const r = w.route[i]!;
      t += (s.hours + w.stayAfter[i]!) * HOUR_MS;
      legs.push({
        from: r.fromName,
        to: r.toName,
        distanceNm: round(r.distanceNm, 1),
        courseDeg: round(radToDeg(r.courseRad), 0),
        stwKn: round(s.stwKn, 2),
        sogKn: round(s.sogKn, 2),
        rpm: round(s.rpm, 1),
        powerKw: round(s.powerKw, 0),
        fuelT: round(s.fuelT, 3),
        eta: new Date(t).toISOString(),
        weather: weatherPoint(w.legs[i]!.weather),
        rough: isRoughLeg(w.legs[i]!),
      });
    }
    const distanceNm = w.route.reduce((a, l) => a + l.distanceNm, 0);
    const optEnd = w.startMs + (o.hours + w.stayH) * HOUR_MS;
    const constEnd = w.constant ? w.startMs + (w.constant.hours + w.stayH) * HOUR_MS : undefined;
    let cii: MacroOptimisation['cii'] = null;
    let ciiUnavailable: string | null = null;
    try {
      const options = [{ distanceNm, fuelT: o.fuelT, endMs: optEnd }];
      if (w.constant && constEnd) options.push({ distanceNm, fuelT: w.constant.fuelT, endMs: constEnd });
      const r = await ciiYearEnd.yearEndWithPassage(options);
      cii = {
        year: r.year,
        optimised: roundCii(r.outcomes[0]!),
        constant: r.outcomes[1] ? roundCii(r.outcomes[1]) : null,
      };
    } catch (error) {
      ciiUnavailable = (error as Error).message;
    }
    return {
      legs,
      optimised: {
        fuelT: round(o.fuelT, 2),
        co2T: round(o.fuelT * CF_HFO, 1),
        hours: round(o.hours, 2),
        eta: new Date(optEnd).toISOString(),
      },
      constant:
        w.constant && constEnd
          ? {
              stwKn: w.constant.stwKn,
              fuelT: round(w.constant.fuelT, 2),
              co2T: round(w.constant.fuelT * CF_HFO, 1),
              hours: round(w.constant.hours, 2),
              eta: new Date(constEnd).toISOString(),
            }
          : null,
      savingT: w.constant ? round(w.constant.fuelT - o.fuelT, 2) : null,
      savingCo2T: w.constant ? round((w.constant.fuelT - o.fuelT) * CF_HFO, 1) : null,
      onTime: o.onTime,
      earlyHours: round(o.earlyHours, 2),
      lateHours: round(o.lateHours, 2),
      floorKn: w.floorKn,
      floorBinds: o.floorBinds,
      roughLegsHeld: o.roughLegsHeld ?? false,
      cii,
      ciiUnavailable,
    };
  }
}

/** Where the advised plan has the ship at a time (the destination once arrived). */
function positionAt(w: Worked, tMs: number): LonLat | undefined {
  const o = w.optimum;
  if (!o) return undefined;
  let t = w.startMs;
  for (let i = 0; i < o.legs.length; i++) {
    const h = o.legs[i]!.hours * HOUR_MS;
    const r = w.route[i]!;
    if (tMs <= t + h) {
      const f = h > 0 ? Math.max(0, (tMs - t) / h) : 0;
      return { lat: r.from.lat + (r.to.lat - r.from.lat) * f, lon: r.from.lon + (r.to.lon - r.from.lon) * f };
    }
    t += h + w.stayAfter[i]! * HOUR_MS;
    if (tMs <= t) return r.to;
  }
  return w.route.at(-1)?.to;
}
