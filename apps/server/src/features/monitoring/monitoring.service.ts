import type {
  BoilerHour,
  GeneratorNowDto,
  MonitoringResponse,
  MonitoringUnit,
  SfocMeasuredPoint,
} from '@ecohelm/contracts';
import {
  CHANNEL,
  channelById,
  type FuelKind,
  fuelClassOfKind,
  fuelFactors,
  fuelMeters,
  fuelMixLookup,
  generatorNow,
  HOUR_MS,
  ISO_LCV_MJ_PER_KG,
  isoSfocGPerKwh,
  referenceCurveSamples,
  referenceSfoc,
  runningShare,
  type ShopTestCurve,
  shopTestCurve,
  toDisplay,
} from '@ecohelm/domain';
import type { RollupRow, TelemetryService } from '../telemetry/index.ts';

const WINDOW_HOURS = 24;
/** An hour counts as a measured SFOC point only when the unit ran all of it (start-ups and stops distort it). */
const FULL_HOUR_SHARE = 0.999;
/** How far back the generators' fuel is looked up when the main engine burnt none in the window. */
const MIX_LOOKBACK_HOURS = 14 * 24;
/** Readings older than this are not "now" (the load assistant's limit too). */
const STALE_MS = 120_000;
/**
 * How long the running hours before a unit's window are kept between reads (a unit's history is a year of hours and
 * more, read in full each time): history imported or synced late counts within this, and a new hour at once.
 */
export const PAST_RUNNING_KEPT_MS = 10 * 60_000;

/** A unit's running hours before its window (the hours in [0, the window's start)) and the first of them. */
interface PastRunning {
  hours: number;
  firstHour: number | null;
}

/** Main-engine fuel meters, one per fuel kind, with the IMO fuel class whose LCV they burn at (MEPC.364(79)). */
const ME_FUEL = fuelMeters.flatMap((m) =>
  m.consumer === 'me' && m.kind
    ? [{ channel: m.channel, kind: m.kind, imoFuel: fuelClassOfKind[m.kind] }]
    : [],
);
const ME_REVOLUTIONS = CHANNEL.meRev;
const ME_POWER = CHANNEL.mePower;

interface UnitChannels {
  /** Signal the running state and hours are taken from, and how to read it. */
  running: { channel: string; kind: 'flag' | 'level' };
  engine?: { curve: ShopTestCurve; power: string; fuel: readonly string[] };
  boiler?: { pressure: string; fuel: string };
}

const generator = (n: 1 | 2 | 3): UnitChannels => {
  const base = `electrical.generators.ge${n}`;
  return {
    running: { channel: `${base}.running`, kind: 'flag' },
    engine: { curve: shopTestCurve('ge'), power: `${base}.realPower`, fuel: [`${base}.fuel.massFlow`] },
  };
};
const boiler = (n: 1 | 2): UnitChannels => {
  const base = `steam.boilers.boiler${n}`;
  return {
    running: { channel: `${base}.running`, kind: 'flag' },
    boiler: { pressure: `${base}.steamPressure`, fuel: `${base}.fuel.massFlow` },
  };
};

/** Which channels describe each unit. The main engine has no running flag: it runs while the shaft turns. */
const UNITS: Record<MonitoringUnit, UnitChannels> = {
  me: {
    running: { channel: ME_REVOLUTIONS, kind: 'level' },
    engine: { curve: shopTestCurve('me'), power: ME_POWER, fuel: ME_FUEL.map((f) => f.channel) },
  },
  ge1: generator(1),
  ge2: generator(2),
  ge3: generator(3),
  boiler1: boiler(1),
  boiler2: boiler(2),
};

const lcvMj = (imoFuel: string) => (fuelFactors(imoFuel).lcvKjPerKg ?? ISO_LCV_MJ_PER_KG * 1000) / 1000;
const ME_LCV = ME_FUEL.map((f) => lcvMj(f.imoFuel));

const byHour = (rows: readonly RollupRow[]) => new Map(rows.map((r) => [r.t * 1000, r]));
const stats = (r: RollupRow) => ({ mean: r.sum / r.n, min: r.min, max: r.max });

/** Status, running hours and fuel-efficiency curves of the monitored equipment, from the hourly rollups. */
export class MonitoringService {
  readonly #telemetry: TelemetryService;
  readonly #now: () => number;

  readonly #curves: ((unit: 'me' | 'ge1' | 'ge2' | 'ge3') => ShopTestCurve) | undefined;
  readonly #pastRunning = new Map<
    MonitoringUnit,
    /** The read of the hours in [0, `until`), started at `readAt`. */
    { until: number; readAt: number; read: Promise<PastRunning> }
  >();

  constructor(options: {
    telemetry: TelemetryService;
    now?: () => number;
    /** The engines' reference curves (equipment parameters); the product's shop-test data when absent. */
    curves?: (unit: 'me' | 'ge1' | 'ge2' | 'ge3') => ShopTestCurve;
  }) {
    this.#telemetry = options.telemetry;
    this.#now = options.now ?? Date.now;
    this.#curves = options.curves;
  }

  /** One unit over the last `windowHours` hours (24 on the monitoring pages). */
  async unit(unit: MonitoringUnit, windowHours = WINDOW_HOURS): Promise<MonitoringResponse> {
    const def = UNITS[unit];
    const now = this.#now();
    const to = Math.floor(now / HOUR_MS) * HOUR_MS + HOUR_MS;
    const from = to - windowHours * HOUR_MS;
    const tel = this.#telemetry;

    // Running hours: every stored hour of the running signal, each counted for the share it ran; the hours before
    // the window as kept (`#runningBefore`), the window's read now.
    const past = await this.#runningBefore(unit, from, now);
    const window = await tel.rollups('1h', def.running.channel, from, to);
    let runningHoursWindow = 0;
    const thisHour = to - HOUR_MS;
    for (const r of window) {
      // The hour in progress counts only for the part of it already gone.
      const elapsed = r.t * 1000 === thisHour ? (now - thisHour) / HOUR_MS : 1;
      runningHoursWindow += runningShare(stats(r), def.running.kind) * elapsed;
    }
    const latest = (await tel.latest([def.running.channel])).get(def.running.channel);
    const firstHour = past.firstHour ?? (window[0] ? window[0].t * 1000 : null);
    const status = {
      running: latest ? latest.value > 0 : null,
      lastSampleAt: latest ? new Date(latest.t).toISOString() : null,
      runningHours: past.hours + runningHoursWindow,
      runningHoursWindow,
      countedFrom: firstHour === null ? null : new Date(firstHour).toISOString(),
    };
    const runningByHour = byHour(window);
    const base = { unit, from: new Date(from).toISOString(), to: new Date(to).toISOString(), status };

    if (def.boiler) {
      const pressure = byHour(await tel.rollups('1h', def.boiler.pressure, from, to));
      const fuel = byHour(await tel.rollups('1h', def.boiler.fuel, from, to));
      const pDef = channelById(def.boiler.pressure)!;
      const fDef = channelById(def.boiler.fuel)!;
      const hours: BoilerHour[] = [];
      for (let t = from; t < to; t += HOUR_MS) {
        const p = pressure.get(t);
        const f = fuel.get(t);
        const r = runningByHour.get(t);
        if (!p && !f && !r) continue;
        hours.push({
          t: new Date(t).toISOString(),
          steamPressureBar: p ? toDisplay(pDef, p.sum / p.n) : null,
          fuelKgPerH: f ? toDisplay(fDef, f.sum / f.n) : null,
          runningShare: r ? runningShare(stats(r), 'flag') : null,
        });
      }
      return { ...base, sfoc: null, boiler: hours };
    }

    const engine = def.engine!;
    const curve =
      this.#curves && unit !== 'boiler1' && unit !== 'boiler2' ? this.#curves(unit) : engine.curve;
    const power = byHour(await tel.rollups('1h', engine.power, from, to));
    const fuels = await Promise.all(
      engine.fuel.map(async (c) => byHour(await tel.rollups('1h', c, from, to))),
    );
    // Generators have one meter and no fuel kind: they burn what the main engine's meters showed in the
    // latest hour it burnt fuel (one service system; in port the last fuel burnt at sea), else the next such
    // hour in the window, else fuel at the ISO LCV.
    const gensetLcv = unit === 'me' ? undefined : await this.#mixLcv(from - MIX_LOOKBACK_HOURS * HOUR_MS, to);
    const measured: SfocMeasuredPoint[] = [];
    for (let t = from; t < to; t += HOUR_MS) {
      const hourLcv = gensetLcv?.(t);
      const run = runningByHour.get(t);
      const p = power.get(t);
      if (!run || !p || runningShare(stats(run), def.running.kind) < FULL_HOUR_SHARE) continue;
      const powerW = p.sum / p.n;
      const flows = fuels.map((m, i) => {
        const r = m.get(t);
        const kgPerS = r ? r.sum / r.n : 0;
        return { kgPerS, lcvMjPerKg: hourLcv ?? ME_LCV[i]! };
      });
      const sfoc = isoSfocGPerKwh(flows, powerW);
      const fuelKgPerH = flows.reduce((s, f) => s + f.kgPerS, 0) * 3600;
      if (sfoc === null || fuelKgPerH <= 0) continue;
      const loadPct = (powerW / 1000 / curve.ratedPowerKw) * 100;
      const reference = referenceSfoc(curve, loadPct);
      measured.push({
        t: new Date(t).toISOString(),
        loadPct,
        powerKw: powerW / 1000,
        fuelKgPerH,
        sfocGPerKwh: sfoc,
        referenceSfocGPerKwh: reference,
        deviationPct: ((sfoc - reference) / reference) * 100,
      });
    }
    const now_ = unit === 'me' ? undefined : await this.#generatorNow(unit, engine, curve, gensetLcv!, now);
    return {
      ...base,
      ...(now_ === undefined ? {} : { now: now_ }),
      sfoc: {
        ratedPowerKw: curve.ratedPowerKw,
        reference: [...curve.points],
        referenceCurve: referenceCurveSamples(curve),
        referenceSource: curve.source,
        measured,
      },
      boiler: null,
    };
  }

  /**
   * The running hours of a unit before `from` (whole hours, each for the share it ran), kept while the window stays
   * and for PAST_RUNNING_KEPT_MS at most. Reads side by side share one.
   */
  #runningBefore(unit: MonitoringUnit, from: number, now: number): Promise<PastRunning> {
    const kept = this.#pastRunning.get(unit);
    if (kept && kept.until === from && now - kept.readAt < PAST_RUNNING_KEPT_MS) return kept.read;
    const { channel, kind } = UNITS[unit].running;
    const read = this.#telemetry.rollups('1h', channel, 0, from).then((rows) => ({
      hours: rows.reduce((a, r) => a + runningShare(stats(r), kind), 0),
      firstHour: rows[0] ? rows[0].t * 1000 : null,
    }));
    const entry = { until: from, readAt: now, read };
    this.#pastRunning.set(unit, entry);
    // A failed read is not kept; a newer read that has taken its place since is left alone.
    read.catch(() => {
      if (this.#pastRunning.get(unit) === entry) this.#pastRunning.delete(unit);
    });
    return read;
  }

  /**
   * A generator now: the latest running flag, power and fuel meter (none older than 2 minutes), with the LCV of the
   * fuel of this hour, through the domain's `generatorNow` (the one computation the load assistant shows too).
   */
  async #generatorNow(
    unit: MonitoringUnit,
    engine: NonNullable<UnitChannels['engine']>,
    curve: ShopTestCurve,
    lcvAt: (t: number) => number,
    now: number,
  ): Promise<GeneratorNowDto | null> {
    const run = UNITS[unit].running.channel;
    const fuelChannel = engine.fuel[0]!;
    const latest = await this.#telemetry.latest([run, engine.power, fuelChannel]);
    const fresh = (c: string) => {
      const v = latest.get(c);
      return v && now - v.t <= STALE_MS ? v : null;
    };
    const r = fresh(run);
    const p = fresh(engine.power);
    if (!r || !p) return null;
    const running = r.value > 0.5;
    const f = fresh(fuelChannel);
    const lcvMjPerKg = lcvAt(Math.floor(now / HOUR_MS) * HOUR_MS);
    const figures = generatorNow({
      powerW: running ? p.value : 0,
      fuelKgPerS: running && f ? f.value : 0,
      lcvMjPerKg,
      ratedKw: curve.ratedPowerKw,
    });
    return {
      t: new Date(Math.max(r.t, p.t)).toISOString(),
      running,
      powerKw: figures.powerKw,
      loadPct: figures.loadPct,
      fuelKgPerH: running ? (f ? figures.fuelKgPerH : null) : 0,
      sfocGPerKwh: running && f ? figures.sfocGPerKwh : null,
      lcvMjPerKg,
    };
  }

  /**
   * The LCV (MJ/kg) of the fuel the generators burn, per hour: the main engine's fuel shares of that hour, else of
   * the latest hour before it that burnt fuel, else of the next (the domain's `fuelMixLookup`, as the consumption
   * distribution splits the single meters), weighted by each fuel kind's LCV.
   */
  async #mixLcv(fromMs: number, toMs: number): Promise<(t: number) => number> {
    const rows = await Promise.all(
      ME_FUEL.map((f) => this.#telemetry.rollups('1h', f.channel, fromMs, toMs)),
    );
    const hours = new Map<number, Record<FuelKind, number>>();
    rows.forEach((list, i) => {
      const kind = ME_FUEL[i]!.kind;
      for (const r of list) {
        const t = r.t * 1000;
        const kg = hours.get(t) ?? { hfo: 0, lfo: 0, mgo: 0 };
        kg[kind] += Math.max(0, r.sum / r.n);
        hours.set(t, kg);
      }
    });
    const mix = fuelMixLookup([...hours].map(([t, kg]) => ({ t, kg })));
    return (t) => {
      const shares = mix(t);
      return ME_FUEL.reduce((lcv, f, i) => lcv + shares[f.kind] * ME_LCV[i]!, 0);
    };
  }
}
