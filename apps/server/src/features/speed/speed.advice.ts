import {
  type ForecastSource,
  type SlipResponse,
  type SpeedAdjustmentInput,
  type SpeedHistory,
  type SpeedModel,
  type SpeedResponse,
  speedMessages,
} from '@ecohelm/contracts';
import { apparentSlip, DAY_MS, HOUR_MS, isRoughLeg, msToKnots, theoreticalSpeedKn } from '@ecohelm/domain';
import { validationFailed } from '../../platform/errors.ts';
import type { TelemetryService } from '../telemetry/index.ts';
import { CH, type Live, round } from './speed.live.ts';
import type { SpeedRepository } from './speed.repository.ts';
import type { MainEngine, Worked } from './speed.types.ts';

/** The advice is kept for its history this often. */
export const ADVICE_EVERY_MS = 10 * 60_000;
/** The `speed.advice` job's schedule: every ten minutes ({@link ADVICE_EVERY_MS}). */
export const ADVICE_SCHEDULE = '*/10 * * * *';

export interface AdviceDeps {
  repo: SpeedRepository;
  telemetry: TelemetryService;
  mainEngine: () => MainEngine;
  now: () => number;
}

/** The rpm to run now, its history against the actual rpm, the crew's decisions on it, and the propeller's slip. */
export class SpeedAdvice {
  readonly #d: AdviceDeps;

  constructor(deps: AdviceDeps) {
    this.#d = deps;
  }

  async advice(w: Worked, live: Live, now: number): Promise<SpeedResponse['advice']> {
    const o = w.optimum!;
    const first = o.legs[0]!;
    const rev = live.value(CH.rev);
    const currentRpm = rev == null ? null : round(rev * 60, 1);
    const optimized = currentRpm == null ? null : Math.abs(currentRpm - first.rpm) <= 1;
    // Apply now when the engine is off the advice; otherwise when the next leg asks for another rpm.
    let applyAt = now;
    if (optimized) {
      let t = w.startMs;
      for (let i = 0; i < o.legs.length; i++) {
        t += (o.legs[i]!.hours + w.stayAfter[i]!) * HOUR_MS;
        const nextLeg = o.legs[i + 1];
        if (nextLeg && Math.abs(nextLeg.rpm - first.rpm) > 1) {
          applyAt = t;
          break;
        }
      }
    }
    const recent = await this.#d.repo.adjustments(new Date(now - 12 * HOUR_MS).toISOString());
    const last = recent.at(-1);
    return {
      rpm: round(first.rpm, 1),
      stwKn: round(first.stwKn, 2),
      applyAt: new Date(applyAt).toISOString(),
      currentRpm,
      optimized,
      basis: {
        remainingNm: round(
          w.route.reduce((a, l) => a + l.distanceNm, 0),
          1,
        ),
        hoursToRta: round(w.hoursToRta, 2),
        stayH: round(w.stayH, 1),
        legs: w.legs.length,
        forecastSource: dominant(w.sources),
        roughLegs: w.legs.filter(isRoughLeg).length,
        floorKn: w.floorKn,
      },
      adjustment: last
        ? { decision: last.decision, rpm: last.rpm, reason: last.reason, at: last.at, by: last.by }
        : null,
    };
  }

  /** Keeps an advice for the history, at most once every {@link ADVICE_EVERY_MS}. */
  async record(now: number, advisedRpm: number, actualRpm: number | null): Promise<void> {
    const last = await this.#d.repo.lastAdviceTime();
    if (last !== undefined && now - last < ADVICE_EVERY_MS) return;
    await this.#d.repo.insertAdvice({ t: Math.floor(now / 60_000) * 60_000, advisedRpm, actualRpm });
  }

  async history(hours: number): Promise<SpeedHistory> {
    const now = this.#d.now();
    const from = now - hours * HOUR_MS;
    const [advice, adjustments, rpm] = await Promise.all([
      this.#d.repo.advice(from, now),
      this.#d.repo.adjustments(new Date(from).toISOString()),
      this.#d.telemetry.rollupMeans(hours > 72 ? '1h' : '1m', CH.rev, from, now),
    ]);
    // Actual rpm every 10 minutes (or hourly over long ranges), the advice where it was given.
    const step = hours > 72 ? HOUR_MS : ADVICE_EVERY_MS;
    const actual = new Map<number, { sum: number; n: number }>();
    for (let i = 0; i < rpm.t.length; i++) {
      const k = Math.floor((rpm.t[i]! * 1000) / step) * step;
      const a = actual.get(k) ?? { sum: 0, n: 0 };
      a.sum += rpm.v[i]! * 60;
      a.n += 1;
      actual.set(k, a);
    }
    const advised = new Map<number, number>();
    for (const a of advice) advised.set(Math.floor(a.t / step) * step, a.advisedRpm);
    const keys = [...new Set([...actual.keys(), ...advised.keys()])].sort((a, b) => a - b);
    return {
      points: keys.map((k) => {
        const a = actual.get(k);
        return {
          t: new Date(k).toISOString(),
          advisedRpm: advised.get(k) ?? null,
          actualRpm: a ? round(a.sum / a.n, 1) : null,
        };
      }),
      adjustments: adjustments.map((a) => ({ ...a })),
    };
  }

  /** The crew's decision on the advice, within the engine's range of the model. */
  async adjust(
    input: SpeedAdjustmentInput,
    by: string | null,
    model: SpeedModel,
  ): Promise<SpeedHistory['adjustments'][number]> {
    if (input.rpm < model.minRpm || input.rpm > model.maxRpm) {
      const message = `${speedMessages.rpmOutOfRange} (${model.minRpm}–${model.maxRpm} rpm)`;
      throw validationFailed(message, [{ path: 'body.rpm', message }]);
    }
    const now = this.#d.now();
    const last = (await this.#d.repo.advice(now - DAY_MS, now)).at(-1);
    const row = {
      at: new Date(now).toISOString(),
      decision: input.decision,
      rpm: input.rpm,
      advisedRpm: last?.advisedRpm ?? null,
      reason: input.reason.trim(),
      by,
    };
    await this.#d.repo.insertAdjustment(row);
    return row;
  }

  /** The apparent slip hour by hour on passage over the last days, and now. */
  async slip(days: number, live: Live): Promise<SlipResponse> {
    const now = this.#d.now();
    const from = now - days * DAY_MS;
    const pitchM = this.#d.mainEngine().pitchM;
    const [stw, rev] = await Promise.all([
      this.#d.telemetry.rollupMeans('1h', CH.stw, from, now),
      this.#d.telemetry.rollupMeans('1h', CH.rev, from, now),
    ]);
    const revAt = new Map<number, number>();
    for (let i = 0; i < rev.t.length; i++) revAt.set(rev.t[i]!, rev.v[i]! * 60);
    const points: SlipResponse['points'] = [];
    for (let i = 0; i < stw.t.length; i++) {
      const rpm = revAt.get(stw.t[i]!);
      const stwKn = msToKnots(stw.v[i]!);
      // Slip means something on passage only: manoeuvring and stops are left out.
      if (rpm == null || rpm < 30 || stwKn < 5) continue;
      points.push({
        t: new Date(stw.t[i]! * 1000).toISOString(),
        slipPct: round(apparentSlip(stwKn, pitchM, rpm) * 100, 2),
        stwKn: round(stwKn, 2),
        rpm: round(rpm, 1),
      });
    }
    const liveStw = live.value(CH.stw);
    const liveRev = live.value(CH.rev);
    const nowPoint =
      liveStw != null && liveRev != null && liveRev * 60 >= 30 && msToKnots(liveStw) >= 3
        ? {
            slipPct: round(apparentSlip(msToKnots(liveStw), pitchM, liveRev * 60) * 100, 2),
            stwKn: round(msToKnots(liveStw), 2),
            rpm: round(liveRev * 60, 1),
            theoreticalKn: round(theoreticalSpeedKn(pitchM, liveRev * 60), 2),
          }
        : null;
    const meanPct =
      points.length > 0 ? round(points.reduce((a, p) => a + p.slipPct, 0) / points.length, 2) : null;
    return { pitchM, now: nowPoint, points, meanPct };
  }
}

/** The forecast most legs were planned on. */
function dominant(sources: readonly ForecastSource[]): ForecastSource {
  const count = (s: ForecastSource) => sources.filter((x) => x === s).length;
  if (count('grib') > 0 && count('grib') >= count('simulated')) return 'grib';
  if (count('simulated') > 0) return 'simulated';
  return 'none';
}
