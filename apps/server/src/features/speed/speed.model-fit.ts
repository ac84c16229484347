import type { ShipCondition, SpeedModel } from '@ecohelm/contracts';
import {
  calmWaterPowerKw,
  fuelFactors,
  HOUR_MS,
  MINUTE_MS,
  msToKnots,
  referenceSfoc,
  type SeaWeather,
  type SpeedShip,
  sfocForFuel,
  speedShip,
  weatherPowerKw,
} from '@ecohelm/domain';
import type { TelemetryService } from '../telemetry/index.ts';
import { AUX_FUEL, CH, type Live, meanDraft, median, round } from './speed.live.ts';
import type { Hull, MainEngine } from './speed.types.ts';

/** Hours of history the ship's model is fitted on, and the least it needs. */
const FIT_WINDOW_H = 30 * 24;
const MIN_FIT_HOURS = 24;
/** A fitted model is used again this long for the same draught. */
const MODEL_KEPT_MS = 10 * MINUTE_MS;
/** HFO lower calorific value for the SFOC correction, MJ/kg (MEPC.364(79)). */
const LCV_HFO = (fuelFactors('hfo').lcvKjPerKg ?? 40_200) / 1000;
/** The engine's lowest continuous rpm as a share of its MCR rpm (dead slow ahead). */
const MIN_RPM_SHARE = 0.3;

export interface ModelFitDeps {
  telemetry: TelemetryService;
  mainEngine: () => MainEngine;
  hull: () => Promise<Hull>;
  now: () => number;
}

/**
 * The ship's model from its last weeks under way: the calm-water power factor (fouling, model error) as the
 * median of (measured − weather added power)/reference-curve power per hour, and the propeller law's heavy-running
 * factor as the median of P/(MCR·(N/N_MCR)³). Fit quality is that of the predicted power. Under a day of usable
 * hours it falls back to the sea-trial curves (factor 1). Kept ten minutes for the same draught.
 */
export class SpeedModelFit {
  readonly #d: ModelFitDeps;
  #cache: { at: number; draftKey: number; model: SpeedModel } | undefined;

  constructor(deps: ModelFitDeps) {
    this.#d = deps;
  }

  /** Forgets the fitted model (the crew changed the loading condition). */
  forget(): void {
    this.#cache = undefined;
  }

  async model(live: Live, condition: ShipCondition): Promise<SpeedModel> {
    const now = this.#d.now();
    const hull = await this.#d.hull();
    const me = this.#d.mainEngine();
    const liveDraft = meanDraft(live);
    const draftM =
      liveDraft ??
      (condition.loadingStatus === 1
        ? hull.ladenDraftM
        : condition.loadingStatus === 2
          ? hull.ballastDraftM
          : (hull.ladenDraftM + hull.ballastDraftM) / 2);
    const draftKey = Math.round(draftM * 2);
    if (this.#cache && now - this.#cache.at < MODEL_KEPT_MS && this.#cache.draftKey === draftKey) {
      return this.#cache.model;
    }
    const from = now - FIT_WINDOW_H * HOUR_MS;
    const names = [
      CH.stw,
      CH.power,
      CH.rev,
      CH.draftFore,
      CH.draftAft,
      CH.heading,
      CH.windSpeed,
      CH.windDir,
      CH.waveHs,
      CH.waveDir,
      CH.swellHs,
      CH.swellDir,
      ...AUX_FUEL,
    ];
    const series = await Promise.all(names.map((c) => this.#d.telemetry.rollupMeans('1h', c, from, now)));
    const maps = series.map((s) => {
      const m = new Map<number, number>();
      for (let i = 0; i < s.t.length; i++) m.set(s.t[i]!, s.v[i]!);
      return m;
    });
    const [stwM, powM, revM, foreM, aftM, hdgM, wsM, wdM, hsM, hdM, shM, sdM] = maps;
    const auxMaps = maps.slice(12);
    const base = speedShip({
      draftM,
      beamM: hull.beamM,
      lengthWaterlineM: hull.lengthWaterlineM,
      mcrKw: me.mcrKw,
      mcrRpm: me.mcrRpm,
    });
    const factors: number[] = [];
    const heavies: number[] = [];
    const rows: { p: number; calm: number; added: number }[] = [];
    const aux: number[] = [];
    for (const [t, stwMs] of stwM!) {
      const p = (powM!.get(t) ?? 0) / 1000;
      const rpm = (revM!.get(t) ?? 0) * 60;
      const stwKn = msToKnots(stwMs);
      if (stwKn < 5 || p < 0.15 * me.mcrKw || rpm < 20) continue;
      const draft = ((foreM!.get(t) ?? draftM) + (aftM!.get(t) ?? draftM)) / 2;
      // The same loading condition as now: within 1.5 m of the draught.
      if (Math.abs(draft - draftM) > 1.5) continue;
      const w: SeaWeather = {
        windSpeedMs: wsM!.get(t) ?? 0,
        windFromRad: wdM!.get(t) ?? 0,
        waveHsM: hsM!.get(t) ?? 0,
        waveFromRad: hdM!.get(t) ?? 0,
        swellHsM: shM!.get(t) ?? 0,
        swellFromRad: sdM!.get(t) ?? 0,
        currentMs: 0,
        currentSetRad: 0,
      };
      const added = weatherPowerKw({ ...base, draftM: draft }, stwKn, hdgM!.get(t) ?? 0, w);
      const calm = calmWaterPowerKw(stwKn, draft);
      factors.push((p - added) / calm);
      heavies.push(p / (me.mcrKw * (rpm / me.mcrRpm) ** 3));
      rows.push({ p, calm, added });
      let a = 0;
      for (const m of auxMaps) a += m.get(t) ?? 0;
      aux.push(a * 86.4);
    }
    const model = rows.length >= MIN_FIT_HOURS ? fitted(rows, factors, heavies, aux) : undefined;
    const minRpm = Math.round(me.mcrRpm * MIN_RPM_SHARE);
    const result: SpeedModel = model
      ? {
          basis: 'history',
          powerFactor: round(model.powerFactor, 4),
          heavyRunning: round(model.heavyRunning, 4),
          hours: rows.length,
          r2: model.r2,
          mapePct: model.mapePct,
          draftM: round(draftM, 2),
          auxTPerDay: model.auxTPerDay,
          minRpm,
          maxRpm: Math.floor(me.mcrRpm * Math.min(1, (1 / model.heavyRunning) ** (1 / 3))),
        }
      : {
          basis: 'trial',
          powerFactor: 1,
          heavyRunning: 1,
          hours: rows.length,
          r2: null,
          mapePct: null,
          draftM: round(draftM, 2),
          auxTPerDay: 2.5,
          minRpm,
          maxRpm: Math.floor(me.mcrRpm),
        };
    this.#cache = { at: now, draftKey, model: result };
    return result;
  }

  /** The ship the optimiser sails: the fitted model on the main engine's nameplate and SFOC curve. */
  ship(model: SpeedModel): SpeedShip {
    const me = this.#d.mainEngine();
    return speedShip({
      draftM: model.draftM,
      mcrKw: me.mcrKw,
      mcrRpm: me.mcrRpm,
      powerFactor: model.powerFactor,
      heavyRunning: model.heavyRunning,
      auxTPerDay: model.auxTPerDay,
      sfoc: (load) => sfocForFuel(referenceSfoc(me.curve, load * 100), LCV_HFO),
    });
  }
}

/** The medians and the fit's quality (of the predicted power) over the usable hours. */
function fitted(
  rows: readonly { p: number; calm: number; added: number }[],
  factors: readonly number[],
  heavies: readonly number[],
  aux: readonly number[],
) {
  const powerFactor = median(factors);
  const heavyRunning = median(heavies);
  const mean = rows.reduce((a, r) => a + r.p, 0) / rows.length;
  let ssRes = 0;
  let ssTot = 0;
  let ape = 0;
  for (const r of rows) {
    const pred = r.calm * powerFactor + r.added;
    ssRes += (r.p - pred) ** 2;
    ssTot += (r.p - mean) ** 2;
    ape += Math.abs(r.p - pred) / r.p;
  }
  return {
    powerFactor,
    heavyRunning,
    r2: ssTot > 0 ? round(1 - ssRes / ssTot, 3) : null,
    mapePct: round((ape / rows.length) * 100, 2),
    auxTPerDay: round(aux.length > 0 ? median(aux) : 2.5, 2),
  };
}
