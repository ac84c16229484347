import {
  type RpmSimulation,
  type ShipCondition,
  type ShipConditionInput,
  type SlipResponse,
  type SpeedAdjustmentInput,
  type SpeedHistory,
  type SpeedResponse,
  speedMessages,
  type VoyagePlan,
  type VoyagePlanInput,
} from '@ecohelm/contracts';
import { HOUR_MS, openingSimulationRpm } from '@ecohelm/domain';
import { AppError, notFound } from '../../platform/errors.ts';
import { exportRtz } from './rtz.ts';
import { SpeedAdvice } from './speed.advice.ts';
import { CH, type Live, navigationOf, readLive } from './speed.live.ts';
import { SpeedModelFit } from './speed.model-fit.ts';
import { VoyageOptimisation } from './speed.optimisation.ts';
import { VoyagePlans } from './speed.plan.ts';
import type { PlanSource } from './speed.repository.ts';
import { simulateRpm } from './speed.simulation.ts';
import { voyageStatistics } from './speed.statistics.ts';
import { type ForecastProviders, oneLedgerRead, type SpeedDeps } from './speed.types.ts';

export { ADVICE_EVERY_MS, ADVICE_SCHEDULE } from './speed.advice.ts';
export type {
  CiiYearEnd,
  ForecastLookup,
  ForecastProviders,
  Hull,
  MainEngine,
  SpeedDeps,
} from './speed.types.ts';

/**
 * Speed optimisation (SPEC §2): the navigation now, the crew's ship and loading status, the voyage plan (with RTZ
 * import and export), the least-fuel speed per leg for the required arrival under forecast weather, the rpm to run
 * now and its history, the crew's decisions, slip, voyage statistics and the rpm simulation. This class composes
 * the parts, each in its own file: the plan and condition (speed.plan.ts), the model fit (speed.model-fit.ts), the
 * optimisation (speed.optimisation.ts), the advice and its history (speed.advice.ts), the rpm simulation
 * (speed.simulation.ts) and the voyage statistics (speed.statistics.ts), over the live values (speed.live.ts).
 */
export class SpeedService {
  readonly #d: SpeedDeps;
  readonly #now: () => number;
  readonly #fit: SpeedModelFit;
  readonly #plans: VoyagePlans;
  readonly #optimisation: VoyageOptimisation;
  readonly #advice: SpeedAdvice;

  constructor(deps: SpeedDeps) {
    this.#d = deps;
    const now = deps.now ?? Date.now;
    this.#now = now;
    this.#fit = new SpeedModelFit({
      telemetry: deps.telemetry,
      mainEngine: deps.mainEngine,
      hull: deps.hull,
      now,
    });
    this.#plans = new VoyagePlans({
      repo: deps.repo,
      hull: deps.hull,
      live: () => this.#live(),
      conditionChanged: () => this.#fit.forget(),
      now,
    });
    this.#optimisation = new VoyageOptimisation({
      fit: this.#fit,
      mainEngine: deps.mainEngine,
      cii: deps.cii,
      now,
    });
    this.#advice = new SpeedAdvice({
      repo: deps.repo,
      telemetry: deps.telemetry,
      mainEngine: deps.mainEngine,
      now,
    });
  }

  /** Sets where forecasts come from (the app: GRIB imports; the simulator: its own weather). */
  useForecasts(providers: ForecastProviders): void {
    this.#optimisation.useForecasts(providers);
  }

  // ---------------------------------------------------------------- plan and condition

  plan(): Promise<VoyagePlan | null> {
    return this.#plans.plan();
  }

  savePlan(input: VoyagePlanInput, by: string | null, source: PlanSource = 'crew'): Promise<VoyagePlan> {
    return this.#plans.savePlan(input, by, source);
  }

  offerSimulatorPlan(input: VoyagePlanInput): Promise<boolean> {
    return this.#plans.offerSimulatorPlan(input);
  }

  importRtz(_fileName: string, xml: string, by: string | null): Promise<VoyagePlan> {
    return this.#plans.importRtz(xml, by);
  }

  /** The plan as an RTZ route, with the advised ETA at each waypoint the optimum reaches. */
  async exportRtz(): Promise<{ fileName: string; xml: string }> {
    const plan = await this.plan();
    if (!plan) throw notFound(speedMessages.noPlan);
    const worked = await this.#optimisation.work(plan, await this.#live(), await this.condition());
    const etas: (string | undefined)[] = plan.waypoints.map(() => undefined);
    if (worked.optimum) {
      let t = worked.startMs;
      worked.optimum.legs.forEach((s, i) => {
        t += (s.hours + worked.stayAfter[i]!) * HOUR_MS;
        const leg = worked.route[i]!;
        if (leg.toName === plan.waypoints[leg.toIndex]!.name) etas[leg.toIndex] = new Date(t).toISOString();
      });
    }
    const fileName = `${plan.voyageNo}-${plan.departurePort}-${plan.destination}.rtz`.replace(
      /[^\w.-]+/g,
      '_',
    );
    return { fileName, xml: exportRtz(plan, etas) };
  }

  condition(): Promise<ShipCondition> {
    return this.#plans.condition();
  }

  resetCondition(): Promise<ShipCondition> {
    return this.#plans.resetCondition();
  }

  saveCondition(input: ShipConditionInput, by: string | null): Promise<ShipCondition> {
    return this.#plans.saveCondition(input, by);
  }

  // ---------------------------------------------------------------- the page

  async report(): Promise<SpeedResponse> {
    const now = this.#now();
    const [live, condition, plan] = await Promise.all([this.#live(), this.condition(), this.plan()]);
    const base = {
      generatedAt: new Date(now).toISOString(),
      navigation: navigationOf(live, now),
      condition,
      plan,
      statistics: plan ? await voyageStatistics(this.#d.telemetry, plan, now) : null,
    };
    if (!plan) {
      return {
        ...base,
        progress: null,
        model: await this.#fit.model(live, condition),
        advice: null,
        macro: null,
        forecast: this.#optimisation.horizons(undefined, live, now),
        simulation: null,
        noAdviceReason: 'no_plan',
      };
    }
    const worked = await this.#optimisation.work(plan, live, condition);
    const distanceToGoNm = worked.route.reduce((a, l) => a + l.distanceNm, 0);
    const arrived = distanceToGoNm < 1 || worked.route.length === 0;
    // One ledger read for the answer's two year-end CIIs (the macro plan's, the opening simulation's).
    const cii = oneLedgerRead(this.#d.cii);
    const macro = arrived ? null : await this.#optimisation.macro(worked, cii);
    const advice =
      arrived || !worked.underWay || !worked.optimum ? null : await this.#advice.advice(worked, live, now);
    if (advice) await this.#advice.record(now, advice.rpm, advice.currentRpm);
    // The simulation the page opens on, from the plan just worked out (the page draws it with the rest).
    const simulation = arrived
      ? null
      : await simulateRpm(
          plan,
          worked,
          openingSimulationRpm({
            advisedRpm: advice?.rpm,
            engineRpm: base.navigation.rpm,
            minRpm: worked.model.minRpm,
            maxRpm: worked.model.maxRpm,
          }),
          cii,
        ).catch((error: unknown) => {
          // An rpm the model's range does not hold (the engine's, off the plan): the page asks for another.
          if (error instanceof AppError && error.statusCode === 400) return null;
          throw error;
        });
    const eta = worked.optimum
      ? worked.startMs + (worked.optimum.hours + worked.stayH) * HOUR_MS
      : Date.parse(plan.eta);
    return {
      ...base,
      progress: arrived
        ? null
        : {
            distanceToGoNm,
            advisedSpeedKn: worked.optimum
              ? distanceToGoNm / Math.max(0.1, worked.optimum.hours)
              : distanceToGoNm / Math.max(0.1, worked.hoursToRta),
            advisedEta: new Date(eta).toISOString(),
          },
      model: worked.model,
      advice,
      macro,
      forecast: this.#optimisation.horizons(worked, live, now),
      simulation,
      noAdviceReason: arrived ? 'arrived' : worked.underWay ? null : 'not_under_way',
    };
  }

  /** Keeps the advice for its history while nobody has the page open (the `speed.advice` job, every 10 minutes). */
  async recordAdviceNow(): Promise<void> {
    const plan = await this.plan();
    if (!plan) return;
    const live = await this.#live();
    const worked = await this.#optimisation.work(plan, live, await this.condition());
    if (!worked.underWay || !worked.optimum || worked.route.length === 0) return;
    const rev = live.value(CH.rev);
    await this.#advice.record(this.#now(), worked.optimum.legs[0]!.rpm, rev == null ? null : rev * 60);
  }

  history(hours: number): Promise<SpeedHistory> {
    return this.#advice.history(hours);
  }

  async adjust(input: SpeedAdjustmentInput, by: string | null): Promise<SpeedHistory['adjustments'][number]> {
    const model = await this.#fit.model(await this.#live(), await this.condition());
    return this.#advice.adjust(input, by, model);
  }

  async slip(days: number): Promise<SlipResponse> {
    return this.#advice.slip(days, await this.#live());
  }

  async simulate(rpm: number): Promise<RpmSimulation> {
    const plan = await this.plan();
    if (!plan) throw notFound(speedMessages.noPlan);
    // The plan's speeds are kept a minute, so a simulation is cheap.
    const worked = await this.#optimisation.work(plan, await this.#live(), await this.condition());
    return simulateRpm(plan, worked, rpm, this.#d.cii);
  }

  #live(): Promise<Live> {
    return readLive(this.#d.telemetry, this.#now());
  }
}
