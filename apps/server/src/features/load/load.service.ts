import {
  type GeneratorId,
  generatorIds,
  type LoadAction,
  type LoadPlanDto,
  type LoadResponse,
  type LoadSettings,
  type LoadSettingsInfo,
  loadMessages,
  loadSettingsSchema,
  type MonitoringResponse,
} from '@ecohelm/contracts';
import {
  type GeneratorSet,
  HOUR_MS,
  type LoadPlan,
  loadPlans,
  optimiseLoad,
  planFuelKgPerH,
  referenceSfoc,
  SHOP_TEST_SOURCE,
  type ShopTestCurve,
  shareLoad,
  shopTestCurve,
} from '@ecohelm/domain';
import { validationFailed } from '../../platform/errors.ts';
import type { MonitoringService } from '../monitoring/index.ts';
import type { TelemetryService } from '../telemetry/index.ts';
import type { LoadRepository } from './load.repository.ts';

/** Live values older than this are not "now". */
const STALE_MS = 120_000;
/** Measured SFOC points are looked for over this many hours. */
const CURVE_WINDOW_H = 30 * 24;
/** A set's own deviation from its shop test is applied once this many full hours were measured. */
const MIN_MEASURED_HOURS = 24;
const MONTH_H = 24 * 30;

/** Defaults of a ship whose crew has not set the limits: methods README §5 (30 % against wet stacking, 85 % plan). */
export const DEFAULT_LOAD_SETTINGS: LoadSettings = {
  sets: generatorIds.map((id, i) => ({
    id,
    priority: i + 1,
    minLoadPct: 30,
    maxLoadPct: 85,
    available: true,
  })),
  reserveKw: 100,
  startDelayS: 30,
  stopDelayS: 300,
};

const channel = (id: GeneratorId, what: 'running' | 'realPower' | 'fuel.massFlow') =>
  `electrical.generators.${id}.${what}`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const toDto = (p: LoadPlan): LoadPlanDto => ({
  running: p.running as GeneratorId[],
  loadsKw: p.loadsKw,
  fuelKgPerH: p.fuelKgPerH,
});

/**
 * The generator load assistant: what the sets do now, which of them should run and at what load for the least fuel
 * within the power management limits, what that saves, the last day hour by hour, and each set's SFOC curves.
 */
export class LoadService {
  readonly #telemetry: TelemetryService;
  readonly #monitoring: MonitoringService;
  readonly #repo: LoadRepository;
  readonly #now: () => number;
  readonly #curves: (unit: GeneratorId) => ShopTestCurve;

  constructor(
    telemetry: TelemetryService,
    monitoring: MonitoringService,
    repo: LoadRepository,
    now: () => number = Date.now,
    curves: (unit: GeneratorId) => ShopTestCurve = () => shopTestCurve('ge'),
  ) {
    this.#telemetry = telemetry;
    this.#monitoring = monitoring;
    this.#repo = repo;
    this.#now = now;
    this.#curves = curves;
  }

  async settings(): Promise<LoadSettingsInfo> {
    const row = await this.#repo.latest();
    if (!row) return { ...DEFAULT_LOAD_SETTINGS, updatedAt: null, updatedBy: null };
    const parsed = loadSettingsSchema.safeParse(JSON.parse(row.value));
    const settings = parsed.success ? parsed.data : DEFAULT_LOAD_SETTINGS;
    return { ...settings, updatedAt: row.updatedAt, updatedBy: row.updatedBy };
  }

  /** Stores new limits after the checks that need the sets' ratings; the advice follows them at once. */
  async saveSettings(input: LoadSettings, by: string | null): Promise<LoadSettingsInfo> {
    const capacity = input.sets
      .filter((s) => s.available)
      .reduce((sum, s) => sum + this.#curves(s.id).ratedPowerKw, 0);
    if (input.reserveKw >= capacity) {
      throw validationFailed(loadMessages.reserveTooLarge, [
        { path: 'body.reserveKw', message: loadMessages.reserveTooLarge },
      ]);
    }
    const sets = generatorIds.map((id) => input.sets.find((s) => s.id === id)!);
    const value: LoadSettings = { ...input, sets };
    const updatedAt = new Date(this.#now()).toISOString();
    await this.#repo.insert({ value: JSON.stringify(value), updatedAt, updatedBy: by });
    return { ...value, updatedAt, updatedBy: by };
  }

  async report(): Promise<LoadResponse> {
    const now = this.#now();
    const settings = await this.settings();
    const units = await Promise.all(generatorIds.map((id) => this.#monitoring.unit(id, CURVE_WINDOW_H)));
    const sets = generatorIds.map((id, i) => this.#generatorSet(id, settings, units[i]!));

    // Now: the latest running flag and power of each set, if fresh.
    const latest = await this.#telemetry.latest(
      generatorIds.flatMap((id) => [
        channel(id, 'running'),
        channel(id, 'realPower'),
        channel(id, 'fuel.massFlow'),
      ]),
    );
    const fresh = (c: string) => {
      const v = latest.get(c);
      return v && now - v.t <= STALE_MS ? v.value : null;
    };
    const live = generatorIds.map((id) => {
      const run = fresh(channel(id, 'running'));
      const w = fresh(channel(id, 'realPower'));
      const fuel = fresh(channel(id, 'fuel.massFlow'));
      return {
        id,
        running: run === null ? null : run > 0.5,
        powerKw: w === null ? null : Math.max(0, w / 1000),
        fuelKgPerH: fuel === null ? null : Math.max(0, fuel * 3600),
      };
    });
    const haveLive = live.some((l) => l.running !== null && l.powerKw !== null);
    const demandKw = haveLive ? live.reduce((s, l) => s + (l.running ? (l.powerKw ?? 0) : 0), 0) : null;
    const actualRunning = live.filter((l) => l.running).map((l) => l.id);
    const actualLoads = Object.fromEntries(live.map((l) => [l.id, l.running ? (l.powerKw ?? 0) : 0]));

    let recommendation: LoadResponse['recommendation'] = null;
    let reason: LoadResponse['reason'] = null;
    let plans: LoadPlanDto[] = [];
    if (demandKw === null) reason = 'no_live_data';
    else if (!(demandKw > 0)) reason = 'no_demand';
    else {
      const advice = await this.#advice(sets, settings, demandKw, actualRunning);
      plans = loadPlans(sets, demandKw, settings.reserveKw).slice(0, 8).map(toDto);
      if (!advice) reason = 'demand_exceeds_capacity';
      else {
        const actualFuel = planFuelKgPerH(sets, actualLoads);
        const saving = actualFuel - advice.plan.fuelKgPerH;
        const priority = (id: string) => settings.sets.find((s) => s.id === id)!.priority;
        const actions: LoadAction[] = [
          ...advice.plan.running
            .filter((id) => !actualRunning.includes(id as GeneratorId))
            .map((id) => ({ kind: 'start' as const, id: id as GeneratorId })),
          ...actualRunning
            .filter((id) => !advice.plan.running.includes(id))
            .map((id) => ({ kind: 'stop' as const, id })),
        ].sort((a, b) => (a.kind === b.kind ? priority(a.id) - priority(b.id) : a.kind === 'start' ? -1 : 1));
        recommendation = {
          plan: toDto(advice.plan),
          actions,
          actualFuelKgPerH: actualFuel,
          measuredFuelKgPerH: measuredFuel(live),
          savingKgPerH: saving,
          savingTPerMonth: (saving * MONTH_H) / 1000,
          demandKw: advice.demandKw,
          held: advice.held,
        };
      }
    }

    // Average SFC over the last 24 h: fuel energy over electrical energy of the full hours each set ran.
    const dayFrom = now - 24 * HOUR_MS;
    let energy = 0;
    let fuel = 0;
    const setStatus = generatorIds.map((id, i) => {
      const unit = units[i]!;
      const day = (unit.sfoc?.measured ?? []).filter((m) => Date.parse(m.t) >= dayFrom - HOUR_MS);
      const e = day.reduce((s, m) => s + m.powerKw, 0);
      const f = day.reduce((s, m) => s + m.powerKw * m.sfocGPerKwh, 0);
      energy += e;
      fuel += f;
      const l = live[i]!;
      const optimisedKw = recommendation ? (recommendation.plan.loadsKw[id] ?? 0) : null;
      return {
        id,
        ratedKw: sets[i]!.ratedKw,
        running: l.running,
        powerKw: l.powerKw,
        loadPct: l.powerKw === null ? null : (100 * l.powerKw) / sets[i]!.ratedKw,
        runningHours: unit.status.runningHours,
        averageSfcGPerKwh: e > 0 ? f / e : null,
        optimisedKw,
        optimisedLoadPct: optimisedKw === null ? null : (100 * optimisedKw) / sets[i]!.ratedKw,
        deviationPct: sets[i]!.deviationPct,
        curveSource: sets[i]!.deviationPct === null ? ('shop_test' as const) : ('measured' as const),
        // The set now exactly as G/E monitoring computes and shows it (one computation, one source).
        now: unit.now ?? null,
      };
    });

    return {
      at: new Date(now).toISOString(),
      settings,
      demandKw,
      sets: setStatus,
      averageSfcGPerKwh: energy > 0 ? fuel / energy : null,
      recommendation,
      reason,
      plans,
      history: await this.#history(sets, settings, now),
      curves: generatorIds.map((id, i) => ({
        id,
        ratedKw: sets[i]!.ratedKw,
        shopTest: [...this.#curves(id).points],
        model: Array.from({ length: 19 }, (_, k) => {
          const loadPct = 10 + 5 * k;
          return { loadPct, sfocGPerKwh: sets[i]!.sfoc(loadPct) };
        }),
        measured: measuredBands(units[i]!),
      })),
      curveSource: SHOP_TEST_SOURCE,
    };
  }

  /** The optimiser's view of a set: its shop-test curve shifted by its own measured deviation, and its limits. */
  #generatorSet(
    id: GeneratorId,
    settings: LoadSettings,
    unit: MonitoringResponse,
  ): GeneratorSet & { deviationPct: number | null } {
    const curve = this.#curves(id);
    const s = settings.sets.find((x) => x.id === id)!;
    const measured = unit.sfoc?.measured ?? [];
    const deviationPct =
      measured.length >= MIN_MEASURED_HOURS ? median(measured.map((m) => m.deviationPct)) : null;
    const factor = 1 + (deviationPct ?? 0) / 100;
    return {
      id,
      ratedKw: curve.ratedPowerKw,
      sfoc: (loadPct) => referenceSfoc(curve, loadPct) * factor,
      minLoadPct: s.minLoadPct,
      maxLoadPct: s.maxLoadPct,
      priority: s.priority,
      available: s.available,
      deviationPct,
    };
  }

  /**
   * The advice with the power management delays: a start only when the demand has needed it for the start delay
   * (the lowest demand of that window), a stop only when the demand has allowed it for the stop delay (the highest
   * demand of that window). The chosen sets then share the demand of now.
   */
  async #advice(
    sets: GeneratorSet[],
    settings: LoadSettings,
    demandKw: number,
    actual: readonly string[],
  ): Promise<{ plan: LoadPlan; demandKw: number; held: 'start' | 'stop' | null } | null> {
    const now = optimiseLoad(sets, demandKw, settings.reserveKw, actual);
    if (!now || actual.length === 0 || now.running.length === actual.length) {
      return now ? { plan: now, demandKw, held: null } : null;
    }
    const starting = now.running.length > actual.length;
    const window = await this.#demandWindow(starting ? settings.startDelayS : settings.stopDelayS);
    const lasting = starting ? Math.min(demandKw, ...window) : Math.max(demandKw, ...window);
    const plan = optimiseLoad(sets, lasting, settings.reserveKw, actual);
    const held =
      plan && (starting ? plan.running.length <= actual.length : plan.running.length >= actual.length);
    if (!plan || !held) return { plan: now, demandKw, held: null };
    // Held: the sets the delay keeps, sharing today's demand where they can carry it.
    const running = sets.filter((s) => plan.running.includes(s.id));
    const loads = shareLoad(running, demandKw);
    if (!loads) return { plan, demandKw: lasting, held: starting ? 'start' : 'stop' };
    const loadsKw: Record<string, number> = Object.fromEntries(sets.map((s) => [s.id, 0]));
    running.forEach((s, i) => {
      loadsKw[s.id] = loads[i]!;
    });
    return {
      plan: { running: plan.running, loadsKw, fuelKgPerH: planFuelKgPerH(sets, loadsKw) },
      demandKw,
      held: starting ? 'start' : 'stop',
    };
  }

  /** Minute means of the total electrical demand over the last `seconds`, kW. */
  async #demandWindow(seconds: number): Promise<number[]> {
    if (seconds < 60) return [];
    const to = this.#now();
    const from = to - seconds * 1000;
    const rows = await Promise.all(
      generatorIds.map((id) => this.#telemetry.rollups('1m', channel(id, 'realPower'), from, to)),
    );
    const byMinute = new Map<number, number>();
    for (const list of rows)
      for (const r of list) byMinute.set(r.t, (byMinute.get(r.t) ?? 0) + r.sum / r.n / 1000);
    return [...byMinute.values()];
  }

  /** The last 24 hours: demand, sets running and their fuel on the curves, against the advice for each hour. */
  async #history(
    sets: GeneratorSet[],
    settings: LoadSettings,
    now: number,
  ): Promise<LoadResponse['history']> {
    const to = Math.floor(now / HOUR_MS) * HOUR_MS;
    const from = to - 24 * HOUR_MS;
    const power = await Promise.all(
      generatorIds.map((id) => this.#telemetry.rollups('1h', channel(id, 'realPower'), from, to)),
    );
    const run = await Promise.all(
      generatorIds.map((id) => this.#telemetry.rollups('1h', channel(id, 'running'), from, to)),
    );
    const hours = new Map<number, { loads: Record<string, number>; running: number }>();
    generatorIds.forEach((id, i) => {
      for (const r of power[i]!) {
        const h = hours.get(r.t) ?? { loads: {}, running: 0 };
        h.loads[id] = Math.max(0, r.sum / r.n / 1000);
        hours.set(r.t, h);
      }
      for (const r of run[i]!) {
        const h = hours.get(r.t) ?? { loads: {}, running: 0 };
        h.running += r.sum / r.n;
        hours.set(r.t, h);
      }
    });
    return [...hours.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([t, h]) => {
        const demandKw = Object.values(h.loads).reduce((s, v) => s + v, 0);
        const best = demandKw > 0 ? optimiseLoad(sets, demandKw, settings.reserveKw) : null;
        return {
          t: new Date(t * 1000).toISOString(),
          demandKw,
          runningSets: Math.round(h.running),
          optimisedSets: best ? best.running.length : null,
          fuelKgPerH: planFuelKgPerH(sets, h.loads),
          optimisedFuelKgPerH: best ? best.fuelKgPerH : null,
        };
      });
  }
}

/** The running sets' metered fuel now, kg/h (what G/E monitoring shows); null when a running set has no reading. */
function measuredFuel(
  live: readonly { running: boolean | null; fuelKgPerH: number | null }[],
): number | null {
  const running = live.filter((l) => l.running);
  if (running.length === 0 || running.some((l) => l.fuelKgPerH === null)) return null;
  return running.reduce((sum, l) => sum + (l.fuelKgPerH ?? 0), 0);
}

/** Measured full hours of one set, median SFOC per 5 % load band. */
function measuredBands(unit: MonitoringResponse): { loadPct: number; sfocGPerKwh: number; hours: number }[] {
  const bands = new Map<number, number[]>();
  for (const m of unit.sfoc?.measured ?? []) {
    const band = Math.round(m.loadPct / 5) * 5;
    bands.set(band, [...(bands.get(band) ?? []), m.sfocGPerKwh]);
  }
  return [...bands.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([loadPct, xs]) => ({ loadPct, sfocGPerKwh: median(xs), hours: xs.length }));
}
