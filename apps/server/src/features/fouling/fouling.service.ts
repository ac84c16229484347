import type { FoulingQuery, FoulingResponse, HullCleaningRecord } from '@ecohelm/contracts';
import {
  type BlockResult,
  channelById,
  circularMean,
  type FoulingSample,
  type FoulingShip,
  foulingPenalty,
  foulingRating,
  foulingTip,
  type Indicator,
  type MaintenanceEvent,
  type PvPoint,
  performanceIndicators,
  performanceValues,
  pvTrend,
} from '@ecohelm/domain';
import type { RecordsService } from '../records/records.service.ts';
import type { ShipService } from '../ship/ship.service.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';

const DAY = 86_400_000;
const MS_TO_KN = 3600 / 1852;
/** CO2 per tonne of HFO (MEPC.364(79)), for the fuel penalty of a fouled hull. */
const CO2_PER_T_HFO = 3.114;

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
  stw: 'navigation.speedThroughWater',
  sog: 'navigation.speedOverGround',
  power: 'propulsion.main.shaftPower',
  rev: 'propulsion.main.revolutions',
  heading: 'navigation.headingTrue',
  wind: 'environment.wind.speedTrue',
} as const;
const HOURLY = {
  windFrom: 'environment.wind.directionTrue',
  draftFore: 'navigation.draft.fore',
  draftAft: 'navigation.draft.aft',
  rudder: 'steering.rudderAngle',
  depth: 'environment.depth.belowSurface',
  seaTemp: 'environment.water.temperature',
  trim: 'navigation.trim',
  wave: 'environment.wave.significantHeight',
  swell: 'environment.swell.significantHeight',
  fuelHfo: 'propulsion.main.fuel.hfo.massFlow',
  fuelMgo: 'propulsion.main.fuel.mgo.massFlow',
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

  /** Minute samples of [fromMs, toMs) with the hourly channels filled in. */
  async samples(fromMs: number, toMs: number): Promise<FoulingSample[]> {
    const minute = async (channel: string) => {
      const rows = await this.#telemetry.rollups('1m', channel, fromMs, toMs);
      return new Map(rows.map((r) => [r.t, r.sum / r.n]));
    };
    const hourly = async (channel: string) => {
      const rows = await this.#telemetry.rollups('1h', channel, fromMs, toMs);
      return new Map(rows.map((r) => [r.t, r.sum / r.n]));
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
    const out: FoulingSample[] = [];
    for (const [t, stwMs] of stw!) {
      const p = power!.get(t);
      const hour = t - (t % 3600);
      const fore = draftFore!.get(hour);
      const aft = draftAft!.get(hour);
      if (p === undefined || fore === undefined || aft === undefined) continue;
      out.push({
        t: t * 1000,
        stwKn: stwMs * MS_TO_KN,
        sogKn: (sog!.get(t) ?? stwMs) * MS_TO_KN,
        powerKw: p / 1000,
        rpm: (rev!.get(t) ?? 0) * 60,
        headingRad: heading!.get(t) ?? 0,
        windSpeedMs: wind!.get(t) ?? 0,
        windFromRad: windFrom.get(hour) ?? 0,
        draftM: (fore + aft) / 2,
        rudderRad: rudder!.get(hour),
        depthM: depth!.get(hour),
        seaTempC: seaTemp!.has(hour) ? seaTemp!.get(hour)! - 273.15 : undefined,
        waveHsM: wave!.has(hour) ? Math.hypot(wave!.get(hour)!, swell!.get(hour) ?? 0) : undefined,
        trimM: trim!.get(hour),
      });
    }
    return out.sort((a, b) => a.t - b.t);
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

  /** The 10-minute blocks of a range (read in 30-day slices to bound memory), and the usual sea fuel and speed. */
  async analyse(fromMs: number, toMs: number): Promise<FoulingAnalysis> {
    const ship = await this.#shipFigures();
    const blocks: BlockResult[] = [];
    for (let from = fromMs; from < toMs; from += 30 * DAY) {
      const slice = await this.samples(from, Math.min(toMs, from + 30 * DAY));
      blocks.push(...performanceValues(slice, ship));
    }
    const [fuelHfo, fuelMgo, stw] = await Promise.all([
      this.#telemetry.rollups('1h', HOURLY.fuelHfo, fromMs, toMs),
      this.#telemetry.rollups('1h', HOURLY.fuelMgo, fromMs, toMs),
      this.#telemetry.rollups('1h', MINUTE.stw, fromMs, toMs),
    ]);
    const mgo = new Map(fuelMgo.map((r) => [r.t, r.sum / r.n]));
    const speed = new Map(stw.map((r) => [r.t, (r.sum / r.n) * MS_TO_KN]));
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
    const fromMs = query.from ? Date.parse(query.from) : toMs - 365 * DAY;
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
    const recentFrom = Math.max(toMs - 30 * DAY, lastEvent?.t ?? fromMs);
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
