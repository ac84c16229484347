import type { TrimBinDto, TrimResponse } from '@ecohelm/contracts';
import {
  binOf,
  fitTrimBins,
  removeHullDrift,
  type TrimBin,
  type TrimObservation,
  trimSaving,
} from '@ecohelm/domain';
import type { FoulingService } from '../fouling/fouling.service.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';

const DAY = 86_400_000;
const MS_TO_KN = 3600 / 1852;
/** Live values older than this are not "now". */
const STALE_MS = 120_000;

const LIVE = {
  trim: 'navigation.trim',
  heel: 'navigation.attitude.roll',
  stw: 'navigation.speedThroughWater',
  fore: 'navigation.draft.fore',
  aft: 'navigation.draft.aft',
  hfo: 'propulsion.main.fuel.hfo.massFlow',
  mgo: 'propulsion.main.fuel.mgo.massFlow',
} as const;

/**
 * Trim optimisation from the ship's own history: the ISO 19030-filtered 10-minute blocks of the hull analysis
 * (wind-corrected power, speed, draught, trim), the hull's slow drift taken out, fitted per speed × draught
 * bin; the advice for the live speed, draught and trim.
 */
export class TrimService {
  readonly #fouling: FoulingService;
  readonly #telemetry: TelemetryService;
  readonly #now: () => number;
  #cache:
    | { at: number; from: number; to: number; observations: TrimObservation[]; bins: TrimBin[] }
    | undefined;

  constructor(fouling: FoulingService, telemetry: TelemetryService, now: () => number = Date.now) {
    this.#fouling = fouling;
    this.#telemetry = telemetry;
    this.#now = now;
  }

  /** Observations and fitted bins of the last 12 months (kept for an hour: trim habits change slowly). */
  async bins(): Promise<{ from: number; to: number; observations: TrimObservation[]; bins: TrimBin[] }> {
    const now = this.#now();
    if (this.#cache && now - this.#cache.at < 3_600_000) return this.#cache;
    const to = Math.ceil(now / 3_600_000) * 3_600_000;
    const from = to - 365 * DAY;
    const { blocks } = await this.#fouling.analyse(from, to);
    const observations = removeHullDrift(
      blocks.flatMap((b) =>
        b.pv !== undefined && b.trimM !== undefined && b.draftM !== undefined
          ? [{ t: b.t, speedKn: b.stwKn!, draftM: b.draftM, trimM: b.trimM, powerKw: b.correctedPowerKw! }]
          : [],
      ),
    );
    this.#cache = { at: now, from, to, observations, bins: fitTrimBins(observations) };
    return this.#cache;
  }

  async report(): Promise<TrimResponse> {
    const { from, to, observations, bins } = await this.bins();
    const now = this.#now();
    const latest = await this.#telemetry.latest(Object.values(LIVE));
    const fresh = (channel: string) => {
      const v = latest.get(channel);
      return v && now - v.t < STALE_MS ? v : undefined;
    };
    const trim = fresh(LIVE.trim);
    const heel = fresh(LIVE.heel);
    const stw = fresh(LIVE.stw);
    const fore = fresh(LIVE.fore);
    const aft = fresh(LIVE.aft);
    const speedKn = stw ? stw.value * MS_TO_KN : null;
    const draftM = fore && aft ? (fore.value + aft.value) / 2 : null;
    const current = {
      at: trim ? new Date(trim.t).toISOString() : null,
      trimM: trim?.value ?? null,
      heelDeg: heel ? (heel.value * 180) / Math.PI : null,
      speedKn,
      draftM,
    };
    let advice: TrimResponse['advice'] = null;
    let reason: TrimResponse['reason'] = null;
    let points: TrimResponse['points'] = [];
    if (current.trimM === null || speedKn === null || draftM === null) reason = 'no_live_data';
    else if (speedKn < 5) reason = 'not_sailing';
    else {
      const bin = binOf(bins, speedKn, draftM);
      if (!bin) reason = 'no_bin';
      else {
        // At most 400 of the bin's blocks, spread over its whole history.
        const inBin = observations.filter((o) => binOf([bin], o.speedKn, o.draftM) === bin);
        const stride = Math.max(1, Math.ceil(inBin.length / 400));
        points = inBin
          .filter((_, i) => i % stride === 0)
          .map((o) => ({ trimM: o.trimM, excessPct: o.excessPct! }));
        const saving = trimSaving(bin, current.trimM);
        if (!saving) reason = bin.status === 'ok' ? 'uncertain' : bin.status;
        else {
          const fuelKgS = (fresh(LIVE.hfo)?.value ?? 0) + (fresh(LIVE.mgo)?.value ?? 0);
          advice = {
            speedKn: bin.speedKn,
            draftM: bin.draftM,
            optimumM: saving.optimumM,
            interval: bin.interval!,
            savingPct: saving.savingPct,
            savingTPerDay: fuelKgS > 0 ? (fuelKgS * 86.4 * saving.savingPct) / 100 : null,
          };
        }
      }
    }
    return {
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      blocks: observations.length,
      current,
      advice,
      reason,
      bins: bins.map(toDto),
      points,
    };
  }
}

const toDto = (b: TrimBin): TrimBinDto => ({
  speedKn: b.speedKn,
  draftM: b.draftM,
  samples: b.samples,
  trimRange: b.trimRange,
  status: b.status,
  optimumM: b.optimumM ?? null,
  interval: b.interval ?? null,
  r2: b.r2 ?? null,
  fit: b.fit ?? null,
});
