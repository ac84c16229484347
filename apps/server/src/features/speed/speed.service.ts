import {
  type ForecastSource,
  type MacroOptimisation,
  type NavigationNow,
  type RpmSimulation,
  type ShipCondition,
  type ShipConditionInput,
  type SlipResponse,
  type SpeedAdjustmentInput,
  type SpeedHistory,
  type SpeedModel,
  type SpeedResponse,
  speedMessages,
  type VoyagePlan,
  type VoyagePlanInput,
  type VoyageStatistics,
  type WeatherPoint,
} from '@ecohelm/contracts';
import {
  apparentSlip,
  CALM,
  calmFuelLaw,
  calmWaterPowerKw,
  ciiSpeedFloorKn,
  co2FactorTPerT,
  constantSpeedVoyage,
  fuelFactors,
  heldPowerThenPlanVoyage,
  isRoughLeg,
  type Leg,
  type LegSailing,
  legsAtFirstRpm,
  optimiseVoyage,
  powerAtRpm,
  referenceSfoc,
  type SeaWeather,
  type ShopTestCurve,
  type SpeedShip,
  sfocForFuel,
  speedShip,
  theoreticalSpeedKn,
  weatherPowerKw,
} from '@ecohelm/domain';
import { notFound, validationFailed } from '../../platform/errors.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';
import type { VoyageService } from '../voyages/voyages.service.ts';
import { conditionConflicts } from './condition-plausibility.ts';
import { exportRtz, parseRtz, RtzError } from './rtz.ts';
import type { PlanSource, SpeedRepository } from './speed.repository.ts';
import {
  type LonLat,
  type RouteLeg,
  remainingLegs,
  routeLengthNm,
  staysAfterLegs,
} from './speed.route-legs.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const KN = 1852 / 3600;
const DEG = 180 / Math.PI;
/** Live values older than this are not "now" (as on the overview). */
const STALE_MS = 120_000;
/** The advice is kept for its history this often. */
export const ADVICE_EVERY_MS = 10 * 60_000;
/** Hours of history the ship's model is fitted on, and the least it needs. */
const FIT_WINDOW_H = 30 * 24;
const MIN_FIT_HOURS = 24;
/** How long an optimisation is used again for the same inputs (see SpeedService#optimise). */
const OPTIMUM_KEPT_MS = 60_000;
/** The forecast horizons the page shows. */
const HORIZONS_H = [0, 24, 48, 96] as const;
/** CO2 per tonne of the heavy fuel oil the ship burns at sea and of its gas oil (MEPC.364(79) C_F). */
const CF_HFO = co2FactorTPerT('hfo');
const CF_MGO = co2FactorTPerT('diesel_gas_oil');
/** HFO lower calorific value for the SFOC correction, MJ/kg (MEPC.364(79)). */
const LCV_HFO = (fuelFactors('hfo').lcvKjPerKg ?? 40_200) / 1000;
/** The engine's lowest continuous rpm as a share of its MCR rpm (dead slow ahead). */
const MIN_RPM_SHARE = 0.3;

const CH = {
  lat: 'navigation.position.latitude',
  lon: 'navigation.position.longitude',
  sog: 'navigation.speedOverGround',
  stw: 'navigation.speedThroughWater',
  cog: 'navigation.courseOverGroundTrue',
  heading: 'navigation.headingTrue',
  rot: 'navigation.rateOfTurn',
  roll: 'navigation.attitude.roll',
  trim: 'navigation.trim',
  draftFore: 'navigation.draft.fore',
  draftAft: 'navigation.draft.aft',
  draftPort: 'navigation.draft.port',
  draftStbd: 'navigation.draft.starboard',
  windSpeed: 'environment.wind.speedTrue',
  windDir: 'environment.wind.directionTrue',
  waveHs: 'environment.wave.significantHeight',
  waveDir: 'environment.wave.directionTrue',
  swellHs: 'environment.swell.significantHeight',
  swellDir: 'environment.swell.directionTrue',
  swellPeriod: 'environment.swell.period',
  currentDrift: 'environment.current.drift',
  currentSet: 'environment.current.setTrue',
  rev: 'propulsion.main.revolutions',
  power: 'propulsion.main.shaftPower',
  meHfo: 'propulsion.main.fuel.hfo.massFlow',
  meMgo: 'propulsion.main.fuel.mgo.massFlow',
} as const;
const AUX_FUEL = [
  'electrical.generators.ge1.fuel.massFlow',
  'electrical.generators.ge2.fuel.massFlow',
  'electrical.generators.ge3.fuel.massFlow',
  'steam.boilers.boiler1.fuel.massFlow',
  'steam.boilers.boiler2.fuel.massFlow',
];

/** Weather from a forecast at a place and time; `issuedMs` is when the forecast is asked for (now). */
export type ForecastLookup = (
  lat: number,
  lon: number,
  tMs: number,
  issuedMs: number,
) => (SeaWeather & { swellPeriodS?: number | undefined }) | undefined;

/** Forecast providers in order of preference: imported GRIB files first, then the simulator's own. */
export interface ForecastProviders {
  grib?: ForecastLookup;
  simulated?: ForecastLookup;
}

/** The main engine's nameplate and curve, from the equipment parameters. */
export interface MainEngine {
  mcrKw: number;
  mcrRpm: number;
  pitchM: number;
  curve: ShopTestCurve;
}

/** The ship's particulars the model needs (from the ship record; the reference Supramax when not filled in). */
export interface Hull {
  beamM: number;
  lengthWaterlineM: number;
  ladenDraftM: number;
  ballastDraftM: number;
  deadweightT: number;
}

export interface CiiYearEnd {
  yearEndWithPassage(
    options: readonly { distanceNm: number; fuelT: number; endMs: number }[],
  ): Promise<{ year: number; outcomes: { attainedCii: number; rating: 'A' | 'B' | 'C' | 'D' | 'E' }[] }>;
}

export interface SpeedDeps {
  telemetry: TelemetryService;
  repo: SpeedRepository;
  voyages: VoyageService;
  mainEngine: () => MainEngine;
  hull: () => Promise<Hull>;
  cii: CiiYearEnd;
  now?: () => number;
}

interface Position extends LonLat {}

interface Live {
  value(channel: string): number | null;
  at: number | null;
}

/** The plan worked out from now: the legs ahead with their weather, the optimum and the constant-speed baseline. */
interface Worked {
  startMs: number;
  underWay: boolean;
  route: RouteLeg[];
  legs: Leg[];
  /** Planned stops after each leg and in all, h (not sailing time). */
  stayAfter: number[];
  stayH: number;
  sources: ForecastSource[];
  ship: SpeedShip;
  model: SpeedModel;
  floorKn: number;
  hoursToRta: number;
  optimum: ReturnType<typeof optimiseVoyage> | undefined;
  constant: { stwKn: number; legs: LegSailing[]; hours: number; fuelT: number } | undefined;
}

/**
 * Speed optimisation (SPEC §2): the navigation now, the crew's ship and loading status, the voyage plan (with RTZ
 * import and export), the least-fuel speed per leg for the required arrival under forecast weather, the rpm to run
 * now and its history, the crew's decisions, slip, voyage statistics and the rpm simulation.
 */
export class SpeedService {
  readonly #d: SpeedDeps;
  readonly #now: () => number;
  #forecasts: ForecastProviders = {};
  #modelCache: { at: number; draftKey: number; model: SpeedModel } | undefined;
  #optimumCache: { key: string; at: number; optimum: ReturnType<typeof optimiseVoyage> } | undefined;

  constructor(deps: SpeedDeps) {
    this.#d = deps;
    this.#now = deps.now ?? Date.now;
  }

  /** Sets where forecasts come from (the app: GRIB imports; the simulator: its own weather). */
  useForecasts(providers: ForecastProviders): void {
    this.#forecasts = { ...this.#forecasts, ...providers };
  }

  // ---------------------------------------------------------------- plan and condition

  async plan(): Promise<VoyagePlan | null> {
    const p = await this.#d.repo.latestPlan();
    return p ? { ...p.plan, source: p.source, updatedAt: p.updatedAt, updatedBy: p.updatedBy } : null;
  }

  async savePlan(
    input: VoyagePlanInput,
    by: string | null,
    source: PlanSource = 'crew',
  ): Promise<VoyagePlan> {
    const now = this.#now();
    const issues: { path: string; message: string }[] = [];
    if (Date.parse(input.eta) <= now) issues.push({ path: 'body.eta', message: speedMessages.etaBeforeNow });
    if (Date.parse(input.rta) <= now) issues.push({ path: 'body.rta', message: speedMessages.rtaBeforeNow });
    if (issues.length > 0) throw validationFailed(issues[0]!.message, issues);
    const updatedAt = new Date(now).toISOString();
    await this.#d.repo.insertPlan({ plan: input, source, updatedAt, updatedBy: by });
    return { ...input, source, updatedAt, updatedBy: by };
  }

  /**
   * The simulator's plan for its passage: stored when it is a passage the store has no plan for yet (a crew's or
   * an imported plan of the same passage wins).
   */
  async offerSimulatorPlan(input: VoyagePlanInput): Promise<boolean> {
    const current = await this.#d.repo.latestPlan();
    if (current && Date.parse(current.plan.etd) >= Date.parse(input.etd) - 60_000) return false;
    const updatedAt = new Date(this.#now()).toISOString();
    await this.#d.repo.insertPlan({ plan: input, source: 'simulator', updatedAt, updatedBy: 'simulator' });
    return true;
  }

  async importRtz(fileName: string, xml: string, by: string | null): Promise<VoyagePlan> {
    let route: ReturnType<typeof parseRtz>;
    try {
      route = parseRtz(xml);
    } catch (error) {
      if (error instanceof RtzError) {
        throw validationFailed(error.message, [{ path: 'body.xml', message: error.message }]);
      }
      throw error;
    }
    const base = await this.plan();
    const now = this.#now();
    const eta = route.eta ?? base?.eta;
    if (!eta) {
      const message = `${speedMessages.rtzInvalid} The route has no ETA at its last waypoint and there is no plan to take it from.`;
      throw validationFailed(message, [{ path: 'body.xml', message }]);
    }
    const plan: VoyagePlanInput = {
      voyageNo: base?.voyageNo ?? route.routeName.slice(0, 20),
      departurePort: base?.departurePort ?? route.waypoints[0]!.name,
      destination: base?.destination ?? route.waypoints.at(-1)!.name,
      etd: route.etd ?? base?.etd ?? new Date(now).toISOString(),
      rtd: base?.rtd ?? null,
      eta,
      rta: base && Date.parse(base.rta) > now ? base.rta : eta,
      waypoints: route.waypoints,
      specialPoints: base?.specialPoints ?? [],
    };
    void fileName;
    return this.savePlan(plan, by, 'rtz');
  }

  async exportRtz(): Promise<{ fileName: string; xml: string }> {
    const plan = await this.plan();
    if (!plan) throw notFound(speedMessages.noPlan);
    const worked = await this.#work(plan, await this.#live(), await this.condition());
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

  async condition(): Promise<ShipCondition> {
    const set = await this.#d.repo.latestCondition();
    if (set) return { ...set, source: 'crew' };
    const live = await this.#live();
    const hull = await this.#d.hull();
    const sog = live.value(CH.sog);
    const rev = live.value(CH.rev);
    const draft = meanDraft(live);
    let shipStatus: ShipCondition['shipStatus'] = 5;
    if (sog != null) {
      if (sog / KN >= 6) shipStatus = 2;
      else if (sog / KN >= 1 && (rev ?? 0) > 0) shipStatus = 1;
      else if (sog / KN >= 0.3 && (rev ?? 0) === 0) shipStatus = 4;
      else shipStatus = 3;
    }
    const laden = draft != null && draft >= (hull.ladenDraftM + hull.ballastDraftM) / 2;
    const share =
      draft == null ? 0 : (draft - hull.ballastDraftM) / Math.max(0.1, hull.ladenDraftM - hull.ballastDraftM);
    return {
      shipStatus,
      loadingStatus: draft == null ? 3 : laden ? 1 : 2,
      cargoT: Math.round(Math.max(0, Math.min(1, share)) * hull.deadweightT * 0.95),
      source: 'derived',
      setAt: null,
      setBy: null,
    };
  }

  /** Gives the condition back to the sensors (speed, revolutions, draughts): the crew's setting is forgotten. */
  async resetCondition(): Promise<ShipCondition> {
    await this.#d.repo.clearConditions();
    this.#modelCache = undefined;
    return this.condition();
  }

  async saveCondition(input: ShipConditionInput, by: string | null): Promise<ShipCondition> {
    // A cargo the hull cannot carry is a typing error (an extra zero), not a condition to fit the model on.
    const { deadweightT } = await this.#d.hull();
    if (deadweightT > 0 && input.cargoT > deadweightT) {
      const message = `${speedMessages.cargoAboveDeadweight} (${Math.round(deadweightT).toLocaleString('en-US')} t)`;
      throw validationFailed(message, [{ path: 'body.cargoT', message }]);
    }
    // A status the live speed, revolutions or draughts contradict is refused at its field unless confirmed.
    const { confirmed, ...condition } = input;
    if (!confirmed) {
      const live = await this.#live();
      const fresh = live.at != null && this.#now() - live.at <= STALE_MS;
      const conflicts = fresh
        ? conditionConflicts(
            condition,
            {
              sog: live.value(CH.sog) ?? undefined,
              rev: live.value(CH.rev) ?? undefined,
              meanDraftM: meanDraft(live),
            },
            await this.#d.hull(),
          )
        : [];
      if (conflicts.length > 0) throw validationFailed(conflicts[0]!.message, conflicts);
    }
    const setAt = new Date(this.#now()).toISOString();
    await this.#d.repo.insertCondition({ ...condition, setAt, setBy: by });
    this.#modelCache = undefined;
    return { ...condition, source: 'crew', setAt, setBy: by };
  }

  // ---------------------------------------------------------------- the page

  async report(): Promise<SpeedResponse> {
    const now = this.#now();
    const [live, condition, plan] = await Promise.all([this.#live(), this.condition(), this.plan()]);
    const navigation = navigationOf(live, now);
    const base = {
      generatedAt: new Date(now).toISOString(),
      navigation,
      condition,
      plan,
      statistics: plan ? await this.#statistics(plan, now) : null,
    };
    if (!plan) {
      const model = await this.#model(live, condition);
      return {
        ...base,
        progress: null,
        model,
        advice: null,
        macro: null,
        forecast: this.#horizons(undefined, live, now),
        noAdviceReason: 'no_plan',
      };
    }
    const worked = await this.#work(plan, live, condition);
    const distanceToGoNm = worked.route.reduce((a, l) => a + l.distanceNm, 0);
    const arrived = distanceToGoNm < 1 || worked.route.length === 0;
    const macro = arrived ? null : await this.#macro(worked);
    const advice =
      arrived || !worked.underWay || !worked.optimum ? null : await this.#advice(worked, live, now);
    if (advice) await this.#recordAdvice(now, advice.rpm, advice.currentRpm);
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
      forecast: this.#horizons(worked, live, now),
      noAdviceReason: arrived ? 'arrived' : worked.underWay ? null : 'not_under_way',
    };
  }

  /** Keeps the advice for its history while nobody has the page open (the app calls it every 10 minutes). */
  async recordAdviceNow(): Promise<void> {
    const plan = await this.plan();
    if (!plan) return;
    const live = await this.#live();
    const worked = await this.#work(plan, live, await this.condition());
    if (!worked.underWay || !worked.optimum || worked.route.length === 0) return;
    const now = this.#now();
    const rev = live.value(CH.rev);
    await this.#recordAdvice(now, worked.optimum.legs[0]!.rpm, rev == null ? null : rev * 60);
  }

  async #recordAdvice(now: number, advisedRpm: number, actualRpm: number | null): Promise<void> {
    const last = await this.#d.repo.lastAdviceTime();
    if (last !== undefined && now - last < ADVICE_EVERY_MS) return;
    await this.#d.repo.insertAdvice({ t: Math.floor(now / 60_000) * 60_000, advisedRpm, actualRpm });
  }

  async history(hours: number): Promise<SpeedHistory> {
    const now = this.#now();
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

  async adjust(input: SpeedAdjustmentInput, by: string | null): Promise<SpeedHistory['adjustments'][number]> {
    const model = await this.#model(await this.#live(), await this.condition());
    if (input.rpm < model.minRpm || input.rpm > model.maxRpm) {
      const message = `${speedMessages.rpmOutOfRange} (${model.minRpm}–${model.maxRpm} rpm)`;
      throw validationFailed(message, [{ path: 'body.rpm', message }]);
    }
    const last = (await this.#d.repo.advice(this.#now() - DAY_MS, this.#now())).at(-1);
    const row = {
      at: new Date(this.#now()).toISOString(),
      decision: input.decision,
      rpm: input.rpm,
      advisedRpm: last?.advisedRpm ?? null,
      reason: input.reason.trim(),
      by,
    };
    await this.#d.repo.insertAdjustment(row);
    return row;
  }

  async slip(days: number): Promise<SlipResponse> {
    const now = this.#now();
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
      const stwKn = stw.v[i]! / KN;
      // Slip means something on passage only: manoeuvring and stops are left out.
      if (rpm == null || rpm < 30 || stwKn < 5) continue;
      points.push({
        t: new Date(stw.t[i]! * 1000).toISOString(),
        slipPct: round(apparentSlip(stwKn, pitchM, rpm) * 100, 2),
        stwKn: round(stwKn, 2),
        rpm: round(rpm, 1),
      });
    }
    const live = await this.#live();
    const liveStw = live.value(CH.stw);
    const liveRev = live.value(CH.rev);
    const nowPoint =
      liveStw != null && liveRev != null && liveRev * 60 >= 30 && liveStw / KN >= 3
        ? {
            slipPct: round(apparentSlip(liveStw / KN, pitchM, liveRev * 60) * 100, 2),
            stwKn: round(liveStw / KN, 2),
            rpm: round(liveRev * 60, 1),
            theoreticalKn: round(theoreticalSpeedKn(pitchM, liveRev * 60), 2),
          }
        : null;
    const meanPct =
      points.length > 0 ? round(points.reduce((a, p) => a + p.slipPct, 0) / points.length, 2) : null;
    return { pitchM, now: nowPoint, points, meanPct };
  }

  async simulate(rpm: number): Promise<RpmSimulation> {
    const plan = await this.plan();
    if (!plan) throw notFound(speedMessages.noPlan);
    const live = await this.#live();
    // The crew's rpm is held while the plan holds its first rpm, then the plan's speeds (kept a minute, so cheap):
    // at the advised rpm the simulation arrives when the macro plan does.
    const worked = await this.#work(plan, live, await this.condition());
    const { model, ship } = worked;
    if (!(rpm >= model.minRpm && rpm <= model.maxRpm)) {
      const message = `${speedMessages.rpmOutOfRange} (${model.minRpm}–${model.maxRpm} rpm)`;
      throw validationFailed(message, [{ path: 'query.rpm', message }]);
    }
    const powerKw = powerAtRpm(ship, rpm);
    const planLegs = worked.optimum?.legs;
    const heldLegs = planLegs ? legsAtFirstRpm(planLegs) : worked.legs.length;
    const sailed = heldPowerThenPlanVoyage(ship, worked.legs, powerKw, planLegs, heldLegs);
    if (!sailed || sailed.legs.length === 0) {
      throw validationFailed(speedMessages.rpmOutOfRange, [
        { path: 'query.rpm', message: speedMessages.rpmOutOfRange },
      ]);
    }
    const first = sailed.legs[0]!;
    const arrivalMs = worked.startMs + (sailed.hours + worked.stayH) * HOUR_MS;
    const distanceNm = worked.route.reduce((a, l) => a + l.distanceNm, 0);
    let cii: RpmSimulation['cii'] = null;
    try {
      const r = await this.#d.cii.yearEndWithPassage([{ distanceNm, fuelT: sailed.fuelT, endMs: arrivalMs }]);
      cii = { year: r.year, ...roundCii(r.outcomes[0]!) };
    } catch {
      cii = null;
    }
    return {
      rpm,
      powerKw: round(powerKw, 0),
      loadPct: round((powerKw / ship.mcrKw) * 100, 1),
      stwKn: round(first.stwKn, 2),
      sogKn: round(first.sogKn, 2),
      fuelTPerDay: round((first.fuelT / first.hours) * 24, 2),
      fuelT: round(sailed.fuelT, 2),
      co2T: round(sailed.fuelT * CF_HFO, 1),
      hours: round(sailed.hours, 2),
      arrival: new Date(arrivalMs).toISOString(),
      againstRtaH: round((arrivalMs - Date.parse(plan.rta)) / HOUR_MS, 2),
      heldUntil:
        planLegs && heldLegs < worked.legs.length ? heldUntilIso(worked, sailed.legs, heldLegs) : null,
      cii,
      model,
    };
  }

  // ---------------------------------------------------------------- workings

  async #live(): Promise<Live> {
    const channels = Object.values(CH);
    const latest = await this.#d.telemetry.latest(channels);
    const now = this.#now();
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

  async #work(plan: VoyagePlan, live: Live, condition: ShipCondition, optimise = true): Promise<Worked> {
    const now = this.#now();
    const lat = live.value(CH.lat);
    const lon = live.value(CH.lon);
    const sog = live.value(CH.sog);
    const rev = live.value(CH.rev);
    const etdMs = Date.parse(plan.etd);
    const departed = now >= etdMs;
    const position: Position | undefined = departed && lat != null && lon != null ? { lat, lon } : undefined;
    const underWay = departed && sog != null && sog / KN >= 3 && (rev ?? 0) > 0;
    const startMs = departed ? now : etdMs;
    const route = remainingLegs(plan.waypoints, position);
    const model = await this.#model(live, condition);
    const ship = this.#ship(model);
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
      if (underWay && stw != null && stw / KN > 3) {
        const c = constantSpeedVoyage(ship, legs, round(stw / KN, 1));
        if (c) constant = { stwKn: round(stw / KN, 1), ...c };
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
   * The least-fuel speeds for the legs ahead (`optimiseVoyage`), kept for a minute for the same inputs: the page's
   * answer every 10 s on each console, the RTZ export and the advice's record ask for it again and again, and a long
   * passage takes ~100 ms of the one server thread. The same inputs are the ship's model and engine, and every leg's
   * distance, course, limits and forecast weather and the hours to the RTA, to within what moves in half a minute
   * under way (0.1 nm, 0.01 h): a ship moved a mile, another plan, condition, model or forecast is worked out anew.
   */
  #optimise(model: SpeedModel, ship: SpeedShip, legs: readonly Leg[], hoursToRta: number, floorKn: number) {
    const now = this.#now();
    const r = (x: number, step: number) => Math.round(x / step);
    const key = JSON.stringify([
      model,
      this.#d.mainEngine(),
      r(hoursToRta, 0.01),
      floorKn,
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
    const kept = this.#optimumCache;
    if (kept && kept.key === key && now - kept.at >= 0 && now - kept.at < OPTIMUM_KEPT_MS)
      return kept.optimum;
    const optimum = optimiseVoyage(ship, legs, {
      hoursAvailable: hoursToRta,
      minKn: 6,
      maxKn: 16,
      stepKn: 0.1,
      floorKn,
      holdPowerInRoughLegs: true,
    });
    this.#optimumCache = { key, at: now, optimum };
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

  #horizons(worked: Worked | undefined, live: Live, now: number): SpeedResponse['forecast'] {
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

  async #macro(w: Worked): Promise<MacroOptimisation | null> {
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
        courseDeg: round(r.courseRad * DEG, 0),
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
      const r = await this.#d.cii.yearEndWithPassage(options);
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

  async #advice(w: Worked, live: Live, now: number): Promise<SpeedResponse['advice']> {
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

  /**
   * The ship's model from its last weeks under way: the calm-water power factor (fouling, model error) as the
   * median of (measured − weather added power)/reference-curve power per hour, and the propeller law's heavy-running
   * factor as the median of P/(MCR·(N/N_MCR)³). Fit quality is that of the predicted power. Under a day of usable
   * hours it falls back to the sea-trial curves (factor 1).
   */
  async #model(live: Live, condition: ShipCondition): Promise<SpeedModel> {
    const now = this.#now();
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
    if (
      this.#modelCache &&
      now - this.#modelCache.at < 10 * 60_000 &&
      this.#modelCache.draftKey === draftKey
    ) {
      return this.#modelCache.model;
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
      const stwKn = stwMs / KN;
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
    const minRpm = Math.round(me.mcrRpm * MIN_RPM_SHARE);
    let model: SpeedModel;
    if (rows.length >= MIN_FIT_HOURS) {
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
      model = {
        basis: 'history',
        powerFactor: round(powerFactor, 4),
        heavyRunning: round(heavyRunning, 4),
        hours: rows.length,
        r2: ssTot > 0 ? round(1 - ssRes / ssTot, 3) : null,
        mapePct: round((ape / rows.length) * 100, 2),
        draftM: round(draftM, 2),
        auxTPerDay: round(aux.length > 0 ? median(aux) : 2.5, 2),
        minRpm,
        maxRpm: Math.floor(me.mcrRpm * Math.min(1, (1 / heavyRunning) ** (1 / 3))),
      };
    } else {
      model = {
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
    }
    this.#modelCache = { at: now, draftKey, model };
    return model;
  }

  #ship(model: SpeedModel): SpeedShip {
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

  async #statistics(plan: VoyagePlan, now: number): Promise<VoyageStatistics> {
    const departed = plan.rtd ?? plan.etd;
    const from = Date.parse(departed);
    const planned = {
      distanceNm: round(routeLengthNm(plan.waypoints), 1),
      hours: round((Date.parse(plan.eta) - Date.parse(plan.etd)) / HOUR_MS, 2),
      avgSpeedKn: 0,
    };
    planned.avgSpeedKn = round(planned.distanceNm / Math.max(0.1, planned.hours), 2);
    if (now <= from) {
      return {
        voyageNo: plan.voyageNo,
        departedAt: null,
        distanceNm: 0,
        hours: 0,
        avgSogKn: null,
        fuelT: { hfo: 0, mgo: 0 },
        co2T: 0,
        fuelPerNmKg: null,
        plan: planned,
      };
    }
    const [sog, hfo, mgo, ...aux] = await Promise.all(
      [CH.sog, CH.meHfo, CH.meMgo, ...AUX_FUEL].map((c) => this.#d.telemetry.rollupMeans('1m', c, from, now)),
    );
    const sumOf = (s: { v: Float64Array }, scale: number) => {
      let a = 0;
      for (let i = 0; i < s.v.length; i++) a += s.v[i]! * scale;
      return a;
    };
    const distanceNm = sumOf(sog!, 1 / KN / 60);
    const meHfo = sumOf(hfo!, 60 / 1000);
    const meMgo = sumOf(mgo!, 60 / 1000);
    const auxT = aux.reduce((a, s) => a + sumOf(s, 60 / 1000), 0);
    // Generators and boilers burn the main engine's mix (as in the energy reports).
    const share = meHfo + meMgo > 0 ? meHfo / (meHfo + meMgo) : 1;
    const hfoT = meHfo + auxT * share;
    const mgoT = meMgo + auxT * (1 - share);
    const hours = (now - from) / HOUR_MS;
    const fuel = hfoT + mgoT;
    return {
      voyageNo: plan.voyageNo,
      departedAt: new Date(from).toISOString(),
      distanceNm: round(distanceNm, 1),
      hours: round(hours, 2),
      avgSogKn: hours > 0 ? round(distanceNm / hours, 2) : null,
      fuelT: { hfo: round(hfoT, 2), mgo: round(mgoT, 2) },
      co2T: round(hfoT * CF_HFO + mgoT * CF_MGO, 1),
      fuelPerNmKg: distanceNm > 1 ? round((fuel * 1000) / distanceNm, 1) : null,
      plan: planned,
    };
  }
}

function meanDraft(live: Live): number | undefined {
  const f = live.value(CH.draftFore);
  const a = live.value(CH.draftAft);
  return f != null && a != null ? (f + a) / 2 : undefined;
}

function navigationOf(live: Live, now: number): NavigationNow {
  const v = (c: string, scale = 1, digits = 2) => {
    const x = live.value(c);
    return x == null ? null : round(x * scale, digits);
  };
  const deg = (c: string) => {
    const x = live.value(c);
    return x == null ? null : round((((x * DEG) % 360) + 360) % 360, 1);
  };
  return {
    at: live.at == null ? null : new Date(live.at).toISOString(),
    stale: live.at == null || now - live.at > STALE_MS,
    sogKn: v(CH.sog, 1 / KN),
    stwKn: v(CH.stw, 1 / KN),
    windKn: v(CH.windSpeed, 1 / KN, 1),
    windFromDeg: deg(CH.windDir),
    draftForeM: v(CH.draftFore),
    draftAftM: v(CH.draftAft),
    draftPortM: v(CH.draftPort),
    draftStarboardM: v(CH.draftStbd),
    courseDeg: deg(CH.cog),
    heelDeg: v(CH.roll, DEG, 1),
    trimM: v(CH.trim),
    rateOfTurnDegMin: v(CH.rot, DEG * 60, 1),
    rpm: v(CH.rev, 60, 1),
    lat: v(CH.lat, 1, 5),
    lon: v(CH.lon, 1, 5),
  };
}

function measuredWeather(live: Live): WeatherPoint | null {
  const ws = live.value(CH.windSpeed);
  if (ws == null) return null;
  const d = (c: string) => {
    const x = live.value(c);
    return x == null ? 0 : round((((x * DEG) % 360) + 360) % 360, 0);
  };
  return {
    windKn: round(ws / KN, 1),
    windFromDeg: d(CH.windDir),
    waveHsM: round(live.value(CH.waveHs) ?? 0, 1),
    waveFromDeg: d(CH.waveDir),
    swellHsM: round(live.value(CH.swellHs) ?? 0, 1),
    swellPeriodS: live.value(CH.swellPeriod) == null ? null : round(live.value(CH.swellPeriod)!, 1),
    swellFromDeg: d(CH.swellDir),
    currentKn: round((live.value(CH.currentDrift) ?? 0) / KN, 2),
    currentSetDeg: d(CH.currentSet),
  };
}

function weatherPoint(w: SeaWeather & { swellPeriodS?: number | undefined }): WeatherPoint {
  const deg = (r: number) => round((((r * DEG) % 360) + 360) % 360, 0);
  return {
    windKn: round(w.windSpeedMs / KN, 1),
    windFromDeg: deg(w.windFromRad),
    waveHsM: round(w.waveHsM, 1),
    waveFromDeg: deg(w.waveFromRad),
    swellHsM: round(w.swellHsM, 1),
    swellPeriodS: w.swellPeriodS == null ? null : round(w.swellPeriodS, 1),
    swellFromDeg: deg(w.swellFromRad),
    currentKn: round(w.currentMs / KN, 2),
    currentSetDeg: deg(w.currentSetRad),
  };
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

/** When the simulation's held rpm gives way to the plan's: the end of the last held leg. */
function heldUntilIso(w: Worked, sailed: readonly { hours: number }[], heldLegs: number): string {
  let t = w.startMs;
  for (let i = 0; i < heldLegs; i++)
    t += (sailed[i]!.hours + (i < heldLegs - 1 ? w.stayAfter[i]! : 0)) * HOUR_MS;
  return new Date(t).toISOString();
}

function dominant(sources: readonly ForecastSource[]): ForecastSource {
  const count = (s: ForecastSource) => sources.filter((x) => x === s).length;
  if (count('grib') > 0 && count('grib') >= count('simulated')) return 'grib';
  if (count('simulated') > 0) return 'simulated';
  return 'none';
}

function roundCii(o: { attainedCii: number; rating: 'A' | 'B' | 'C' | 'D' | 'E' }) {
  return { attainedCii: round(o.attainedCii, 3), rating: o.rating };
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function round(x: number, digits: number): number {
  const k = 10 ** digits;
  return Math.round(x * k) / k;
}
