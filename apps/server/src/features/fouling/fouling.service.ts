import type { FoulingQuery, FoulingResponse, HullCleaningRecord } from '@ecohelm/contracts';
import {
  type BlockResult,
  CHANNEL,
  channelById,
  circularMean,
  co2FactorTPerT,
  DAY_MS,
  type FoulingSample,
  type FoulingShip,
  foulingPenalty,
  foulingRating,
  foulingTip,
  type Indicator,
  ISO19030_FILTERS,
  type MaintenanceEvent,
  minDeepWaterM,
  msToKnots,
  type PvPoint,
  performanceIndicators,
  performanceValues,
  pvTrend,
} from '@ecohelm/domain';
import { letOthersRun } from '../../platform/let-others-run.ts';
import type { RecordsService } from '../records/index.ts';
import type { ShipService } from '../ship/index.ts';
import type { TelemetryService } from '../telemetry/index.ts';

/** ISO 19030-2 block length. */
const BLOCK_MS = 600_000;
/** CO2 per tonne of HFO (MEPC.364(79)), for the fuel penalty of a fouled hull. */
const CO2_PER_T_HFO = co2FactorTPerT('hfo');

/**
 * The reference ship's figures where the ship particulars have none: the Lab021 ISO 19030 sample ship the
 * reference speed–power curves come from (transverse area 1,508.4 m² at the ballast draught), ITTC's C_X0 0.8,
 * η_D 0.7.
 */
const REFERENCE_SHIP: FoulingShip = {
  beamM: 32.26,
  transverseAreaM2: 1508.4,
  areaDraftM: 7.287,
  etaD: 0.7,
  cx0: 0.8,
};

/** Channels read every minute (1-min rollups) and the slower ones read hourly. */
const MINUTE = {
  stw: CHANNEL.stw,
  sog: CHANNEL.sog,
  power: CHANNEL.mePower,
  rev: CHANNEL.meRev,
  heading: CHANNEL.heading,
  wind: CHANNEL.windSpeedTrue,
} as const;
const HOURLY = {
  windFrom: CHANNEL.windDirTrue,
  draftFore: CHANNEL.draftFore,
  draftAft: CHANNEL.draftAft,
  rudder: CHANNEL.rudder,
  depth: CHANNEL.depthSurface,
  seaTemp: CHANNEL.seaTemp,
  trim: CHANNEL.trim,
  wave: CHANNEL.waveHs,
  swell: CHANNEL.swellHs,
  fuelHfo: CHANNEL.meFuelHfo,
  fuelMgo: CHANNEL.meFuelMgo,
} as const;

/**
 * Blocks of a range, kept ten minutes: the analysis reads a year of minutes. Only the blocks are kept; the
 * maintenance records and everything derived from them are read on every request.
 */
interface Cached {
  key: string;
  at: number;
  value: Promise<FoulingAnalysis>;
}

export interface FoulingAnalysis {
  blocks: BlockResult[];
  /** Mean ME fuel at sea, t/day, and the mean sea speed, kn (for the hull-condition price). */
  usualFuelTPerDay: number | undefined;
  usualSpeedKn: number | undefined;
}

/**
 * Hull fouling (ISO 19030-2) on the stored telemetry: minute means as the samples of 10-minute blocks, the
 * slower channels (draughts, rudder, depth, wind direction) as hourly means; maintenance events from the
 * hull cleaning records.
 */
export class FoulingService {
  readonly #telemetry: TelemetryService;
  readonly #records: RecordsService;
  readonly #ship: ShipService;
  readonly #now: () => number;
  #cache: Cached | undefined;

  constructor(
    telemetry: TelemetryService,
    records: RecordsService,
    ship: ShipService,
    now: () => number = Date.now,
  ) {
    this.#telemetry = telemetry;
    this.#records = records;
    this.#ship = ship;
    this.#now = now;
  }

  async #shipFigures(): Promise<FoulingShip> {
    const ship = (await this.#ship.getShip()).ship;
    return { ...REFERENCE_SHIP, beamM: ship?.breadthM ?? REFERENCE_SHIP.beamM };
  }

  /**
   * Minute samples of [fromMs, toMs) with the hourly channels filled in; only inside `ranges` (ms, in time order)
   * when given, the stretches worth reading.
   */
  async samples(
    fromMs: number,
    toMs: number,
    ranges?: readonly [number, number][],
  ): Promise<FoulingSample[]> {
    const minute = async (channel: string) => {
      const parts = await Promise.all(
        (ranges ?? [[fromMs, toMs]]).map(([a, b]) => this.#telemetry.rollupMeans('1m', channel, a, b)),
      );
      if (parts.length === 1) return parts[0]!;
      const n = parts.reduce((sum, p) => sum + p.t.length, 0);
      const t = new Float64Array(n);
      const v = new Float64Array(n);
      let at = 0;
      for (const p of parts) {
        t.set(p.t, at);
        v.set(p.v, at);
        at += p.t.length;
      }
      return { t, v };
    };
    const hourly = async (channel: string) => {
      const { t, v } = await this.#telemetry.rollupMeans('1h', channel, fromMs, toMs);
      const out = new Map<number, number>();
      for (let i = 0; i < t.length; i++) out.set(t[i]!, v[i]!);
      return out;
    };
    const [stw, sog, power, rev, heading, wind] = await Promise.all(Object.values(MINUTE).map(minute));
    const [draftFore, draftAft, rudder, depth, seaTemp, wave, swell, trim] = await Promise.all(
      [
        HOURLY.draftFore,
        HOURLY.draftAft,
        HOURLY.rudder,
        HOURLY.depth,
        HOURLY.seaTemp,
        HOURLY.wave,
        HOURLY.swell,
        HOURLY.trim,
      ].map(hourly),
    );
    const windFrom = await this.#hourlyDirection(HOURLY.windFrom, fromMs, toMs);
    // Every series is in time order: one cursor per series walks along the speed's minutes.
    const cursor = (series: { t: Float64Array; v: Float64Array }) => {
      let i = 0;
      return (t: number): number | undefined => {
        while (i < series.t.length && series.t[i]! < t) i++;
        return series.t[i] === t ? series.v[i] : undefined;
      };
    };
    const [sogAt, powerAt, revAt, headingAt, windAt] = [sog!, power!, rev!, heading!, wind!].map(cursor);
    const out: FoulingSample[] = [];
    for (let k = 0; k < stw!.t.length; k++) {
      const t = stw!.t[k]!;
      const stwMs = stw!.v[k]!;
      const p = powerAt!(t);
      const hour = t - (t % 3600);
      const fore = draftFore!.get(hour);
      const aft = draftAft!.get(hour);
      const sogMs = sogAt!(t);
      const revS = revAt!(t);
      const hdg = headingAt!(t);
      const ws = windAt!(t);
      if (p === undefined || fore === undefined || aft === undefined) continue;
      out.push({
        t: t * 1000,
        stwKn: msToKnots(stwMs),
        sogKn: msToKnots(sogMs ?? stwMs),
        powerKw: p / 1000,
        rpm: (revS ?? 0) * 60,
        headingRad: hdg ?? 0,
        windSpeedMs: ws ?? 0,
        windFromRad: windFrom.get(hour) ?? 0,
        draftM: (fore + aft) / 2,
        rudderRad: rudder!.get(hour),
        depthM: depth!.get(hour),
        seaTempC: seaTemp!.has(hour) ? seaTemp!.get(hour)! - 273.15 : undefined,
        waveHsM: wave!.has(hour) ? Math.hypot(wave!.get(hour)!, swell!.get(hour) ?? 0) : undefined,
        trimM: trim!.get(hour),
      });
    }
    return out;
  }

  /** Hourly circular means of a direction channel (its Σ sin/Σ cos rollups; plain means where none). */
  async #hourlyDirection(channel: string, fromMs: number, toMs: number): Promise<Map<number, number>> {
    const def = channelById(channel)!;
    const [plain, sin, cos] = await Promise.all([
      this.#telemetry.rollups('1h', channel, fromMs, toMs),
      this.#telemetry.rollups('1h', `${channel}#sin`, fromMs, toMs),
      this.#telemetry.rollups('1h', `${channel}#cos`, fromMs, toMs),
    ]);
    const out = new Map(plain.map((r) => [r.t, r.sum / r.n]));
    const cosAt = new Map(cos.map((r) => [r.t, r.sum]));
    for (const r of sin) {
      const c = cosAt.get(r.t);
      if (c !== undefined) out.set(r.t, circularMean(def, r.sum, c));
    }
    return out;
  }

  /**
   * The 10-minute blocks of a range, read in 30-day slices to bound memory. The store first gives each block's
   * sample count and the highest speed and power in it: a block with too few samples, or whose highest speed or
   * power is under the filter's minimum (so no subset of its samples can pass), is rejected as such without
   * reading its minutes; the minutes of the other blocks are read and evaluated in full.
   */
  async analyse(fromMs: number, toMs: number): Promise<FoulingAnalysis> {
    const ship = await this.#shipFigures();
    const blocks: BlockResult[] = [];
    for (let from = fromMs; from < toMs; from += 30 * DAY_MS) {
      // A year is ~4 s of work on a ship PC: the consoles' requests go on between its months.
      await letOthersRun();
      const to = Math.min(toMs, from + 30 * DAY_MS);
      const { rejected, ranges } = await this.#sailingRanges(from, to, ship);
      await letOthersRun();
      const samples = ranges.length > 0 ? await this.samples(from, to, ranges) : undefined;
      await letOthersRun();
      const evaluated = samples ? performanceValues(samples, ship) : [];
      blocks.push(...[...rejected, ...evaluated].sort((a, b) => a.t - b.t));
    }
    const [fuelHfo, fuelMgo, stw] = await Promise.all([
      this.#telemetry.rollups('1h', HOURLY.fuelHfo, fromMs, toMs),
      this.#telemetry.rollups('1h', HOURLY.fuelMgo, fromMs, toMs),
      this.#telemetry.rollups('1h', MINUTE.stw, fromMs, toMs),
    ]);
    const mgo = new Map(fuelMgo.map((r) => [r.t, r.sum / r.n]));
    const speed = new Map(stw.map((r) => [r.t, msToKnots(r.sum / r.n)]));
    let fuel = 0;
    let kn = 0;
    let hours = 0;
    for (const r of fuelHfo) {
      const v = speed.get(r.t);
      if (v === undefined || v < 8) continue; // at sea, not manoeuvring
      fuel += (r.sum / r.n + (mgo.get(r.t) ?? 0)) * 86.4; // kg/s → t/day
      kn += v;
      hours += 1;
    }
    return {
      blocks,
      usualFuelTPerDay: hours > 24 ? fuel / hours : undefined,
      usualSpeedKn: hours > 24 ? kn / hours : undefined,
    };
  }

  /**
   * Blocks of [fromMs, toMs) that need no minute to be rejected, and the stretches of the others (ms). Each test is
   * exact for any subset Chauvenet could keep: too few samples; highest speed or power under the minimum; lowest
   * wind minute over the limit; the hour's waves over the limit (one value for the whole block); the hour's depth
   * under the deep-water depth at the block's lowest speed.
   */
  async #sailingRanges(
    fromMs: number,
    toMs: number,
    ship: FoulingShip,
  ): Promise<{ rejected: BlockResult[]; ranges: [number, number][] }> {
    const hourly = async (channel: string) => {
      const { t, v } = await this.#telemetry.rollupMeans('1h', channel, fromMs, toMs);
      const out = new Map<number, number>();
      for (let i = 0; i < t.length; i++) out.set(t[i]! * 1000, v[i]!);
      return out;
    };
    const [speed, power, wind, wave, swell, depth, fore, aft] = await Promise.all([
      this.#telemetry.rollupBuckets('1m', MINUTE.stw, fromMs, toMs, BLOCK_MS),
      this.#telemetry.rollupBuckets('1m', MINUTE.power, fromMs, toMs, BLOCK_MS),
      this.#telemetry.rollupBuckets('1m', MINUTE.wind, fromMs, toMs, BLOCK_MS),
      hourly(HOURLY.wave),
      hourly(HOURLY.swell),
      hourly(HOURLY.depth),
      hourly(HOURLY.draftFore),
      hourly(HOURLY.draftAft),
    ]);
    const powerAt = new Map(power.map((b) => [b.b, b]));
    const windAt = new Map(wind.map((b) => [b.b, b]));
    const f = ISO19030_FILTERS;
    const rejected: BlockResult[] = [];
    const ranges: [number, number][] = [];
    const reason = (b: (typeof speed)[number], t: number): BlockResult['rejected'] => {
      if (b.n < f.minSamples) return 'too_few_samples';
      const p = powerAt.get(b.b);
      if (msToKnots(b.max) < f.minStwKn || (p !== undefined && p.max / 1000 < f.minPowerKw))
        return 'not_sailing';
      const w = windAt.get(b.b);
      if (w && w.n >= b.n && w.min > f.maxWindMs) return 'wind';
      const hour = t - (t % 3_600_000);
      const hs = wave.get(hour);
      if (hs !== undefined && Math.hypot(hs, swell.get(hour) ?? 0) > f.maxWaveHsM) return 'waves';
      const d = depth.get(hour);
      const draft = (fore.get(hour)! + aft.get(hour)!) / 2;
      if (d !== undefined && draft > 0 && d < minDeepWaterM(ship.beamM, draft, msToKnots(b.min))) {
        return 'shallow_water';
      }
      return undefined;
    };
    for (const b of speed) {
      const t = fromMs + b.b * BLOCK_MS;
      const why = reason(b, t);
      if (why) rejected.push({ t, rejected: why });
      else {
        const last = ranges.at(-1);
        if (last && last[1] === t) last[1] = t + BLOCK_MS;
        else ranges.push([t, t + BLOCK_MS]);
      }
    }
    return { rejected, ranges };
  }

  async #analyseCached(fromMs: number, toMs: number): Promise<FoulingAnalysis> {
    const key = `${fromMs}/${toMs}`;
    const now = this.#now();
    if (this.#cache?.key === key && now - this.#cache.at < 10 * 60_000) return this.#cache.value;
    const value = this.analyse(fromMs, toMs);
    this.#cache = { key, at: now, value };
    value.catch(() => {
      if (this.#cache?.value === value) this.#cache = undefined;
    });
    return value;
  }

  async report(query: FoulingQuery): Promise<FoulingResponse> {
    const now = this.#now();
    // Whole hours, so a page reloaded within the hour reads the cached analysis.
    const toMs = query.to ? Date.parse(query.to) : Math.ceil(now / 3_600_000) * 3_600_000;
    const fromMs = query.from ? Date.parse(query.from) : toMs - 365 * DAY_MS;
    const [analysis, records] = await Promise.all([
      this.#analyseCached(fromMs, toMs),
      this.#records.listHullCleaning({ limit: 1000 }),
    ]);
    const valid: PvPoint[] = analysis.blocks.flatMap((b) =>
      b.pv === undefined ? [] : [{ t: b.t, pv: b.pv }],
    );
    const rejected: Record<string, number> = {};
    for (const b of analysis.blocks) if (b.rejected) rejected[b.rejected] = (rejected[b.rejected] ?? 0) + 1;

    const events: (MaintenanceEvent & { record: HullCleaningRecord })[] = records
      .map((r) => ({ t: Date.parse(r.endTime), kind: r.kind, record: r }))
      .filter((e) => e.t < toMs)
      .sort((a, b) => a.t - b.t);
    const indicators = performanceIndicators(valid, events, Math.min(now, toMs));
    const lastEvent = events.filter((e) => e.t >= fromMs).at(-1);
    const sinceEvent = valid.filter((p) => p.t >= (lastEvent?.t ?? fromMs));
    const recentFrom = Math.max(toMs - 30 * DAY_MS, lastEvent?.t ?? fromMs);
    const recent = valid.filter((p) => p.t >= recentFrom);
    const trend = pvTrend(sinceEvent);
    let current: FoulingResponse['current'] = null;
    let hullCondition: FoulingResponse['hullCondition'] = null;
    if (recent.length >= 12) {
      const pv = recent.reduce((a, p) => a + p.pv, 0) / recent.length;
      const speedLossPct = Math.max(0, -pv);
      const rating = foulingRating(speedLossPct);
      current = {
        pv,
        speedLossPct,
        rating,
        tip: foulingTip(rating, trend),
        from: iso(recentFrom),
        blocks: recent.length,
      };
      if (analysis.usualFuelTPerDay !== undefined && analysis.usualSpeedKn !== undefined) {
        const price = foulingPenalty(speedLossPct, analysis.usualFuelTPerDay, CO2_PER_T_HFO);
        hullCondition = {
          speedLossPct,
          addedPowerPct: price.addedPowerPct,
          usualSpeedKn: analysis.usualSpeedKn,
          usualFuelTPerDay: analysis.usualFuelTPerDay,
          fuelPenaltyTPerDay: price.fuelTPerDay,
          co2PenaltyTPerYear: price.co2TPerYear,
        };
      }
    }

    const byDay = new Map<string, { sum: number; n: number }>();
    for (const p of valid) {
      const date = iso(p.t).slice(0, 10);
      const d = byDay.get(date) ?? { sum: 0, n: 0 };
      d.sum += p.pv;
      d.n += 1;
      byDay.set(date, d);
    }
    const effects = new Map(indicators.maintenanceEffects.map((e) => [e.event.t, e]));
    return {
      from: iso(fromMs),
      to: iso(toMs),
      daily: [...byDay].map(([date, d]) => ({ date, pv: d.sum / d.n, blocks: d.n })),
      blocks: { total: analysis.blocks.length, valid: valid.length, rejected },
      current,
      trend: trend ? { ...trend, since: iso(lastEvent?.t ?? fromMs), points: trend.n } : null,
      hullCondition,
      indicators: {
        dryDocking: toContract(indicators.dryDocking),
        inService: toContract(indicators.inService),
        maintenanceTrigger: toContract(indicators.maintenanceTrigger),
      },
      maintenance: events
        .filter((e) => e.t >= fromMs)
        .reverse()
        .map((e) => ({
          id: e.record.id,
          kind: e.record.kind,
          place: e.record.place,
          startTime: e.record.startTime,
          endTime: e.record.endTime,
          remark: e.record.remark,
          effect: toContract(effects.get(e.t)),
        })),
    };
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

function toContract(i: Indicator | undefined) {
  if (!i) return null;
  const period = (p: Indicator['reference']) => ({
    from: iso(p.from),
    to: iso(p.to),
    mean: p.mean,
    blocks: p.blocks,
  });
  return { value: i.value, reference: period(i.reference), evaluation: period(i.evaluation) };
}
