import {
  type AlarmStatisticsResponse,
  type CiiPeriod,
  MAX_OVERVIEW_FACTORS,
  type OverviewFactorsResponse,
  type OverviewPageResponse,
  type OverviewResponse,
  type OverviewSettings,
  overviewMessages,
  overviewNavigation,
  type Ship,
} from '@ecohelm/contracts';
import {
  CHANNEL,
  type CiiResult,
  type CiiShip,
  calculateCii,
  channelById,
  ciiApplicability,
  co2FromFuel,
  DAY_MS,
  displayDigitsOf,
  displayUnitOf,
  fuelChannels,
  type Geofence,
  HOUR_MS,
  legalGeofence,
  metresToNm,
  msToKnots,
  toDisplay,
} from '@ecohelm/domain';
import { AppError, validationFailed } from '../../platform/errors.ts';
import type { RecordsService } from '../records/index.ts';
import type { ShipService } from '../ship/index.ts';
import type { TelemetryService } from '../telemetry/index.ts';
import { lastLubeReceipt } from './lube-receipts.ts';
import type { DeviceSettingsRepository } from './overview.repository.ts';

/**
 * Fuel-flow channels (kg/s) by the IMO fuel class their fuel burns as (MEPC.364(79) Cf): main engine,
 * generators and boilers, so the day's fuel is the sum over every consumer.
 */
const SOG = CHANNEL.sog;

/** The navigation panel's channels, whose latest values the page's answer carries. */
const NAVIGATION_DEFS = overviewNavigation.map((n) => channelById(n.channel)!);

/** Fuel oil / diesel oil / lubricating oil: product fuel ids of bunker records and the ROB channel. */
const LUBE_TANKS = [CHANNEL.sysOil, CHANNEL.cylOil] as const;
/** How far back the overview looks for a lube oil delivery. */
const LUBE_LOOKBACK_DAYS = 180;
const BUNKER_KINDS = [
  {
    kind: 'fuel_oil',
    unit: 't',
    fuels: ['hs_hfo', 'ls_hfo', 'uls_hfo', 'hs_lfo', 'ls_lfo', 'uls_lfo'],
    rob: [CHANNEL.robHfo, CHANNEL.robLfo],
    scale: 1e-3,
  },
  { kind: 'diesel_oil', unit: 't', fuels: ['mdo_mgo'], rob: [CHANNEL.robMgo], scale: 1e-3 },
  {
    kind: 'lube_oil',
    unit: 'm3',
    fuels: [],
    rob: [CHANNEL.sysOil, CHANNEL.cylOil],
    scale: 1,
  },
] as const;

/** One UTC day of measured operation. */
export interface DayTotals {
  start: number;
  distanceNm: number;
  fuelT: Record<string, number>;
}

/** Reads a channel's daily means between two times (epoch ms): bucket starts `t` (epoch s) and means `v`, in order. */
export type DailyRollups = (
  channel: string,
  fromMs: number,
  toMs: number,
) => Promise<{ t: ArrayLike<number>; v: ArrayLike<number> }>;

/**
 * Per-UTC-day distance (from the SOG daily mean) and fuel (from the fuel-flow daily means), from daily rollups: the
 * ship's own (the overview) or the ones it synced to its shore (the fleet page).
 */
export async function dayTotals(read: DailyRollups, fromMs: number, now: number): Promise<DayTotals[]> {
  const byDay = new Map<number, DayTotals>();
  const day = (t: number) => {
    let d = byDay.get(t);
    if (!d) {
      d = { start: t, distanceNm: 0, fuelT: {} };
      byDay.set(t, d);
    }
    return d;
  };
  const seconds = (start: number) => Math.max(0, Math.min(DAY_MS, now - start)) / 1000;
  const sog = await read(SOG, fromMs, now);
  for (let i = 0; i < sog.t.length; i++) {
    const start = sog.t[i]! * 1000;
    day(start).distanceNm += metresToNm(sog.v[i]! * seconds(start));
  }
  for (const { id: channel, fuelClass: imoFuel } of fuelChannels) {
    const flow = await read(channel, fromMs, now);
    for (let i = 0; i < flow.t.length; i++) {
      const start = flow.t[i]! * 1000;
      const d = day(start);
      d.fuelT[imoFuel] = (d.fuelT[imoFuel] ?? 0) + (flow.v[i]! * seconds(start)) / 1000;
    }
  }
  return [...byDay.values()].sort((a, b) => a.start - b.start);
}

/** From when a CII panel of `period` needs its days (the year panel shows up to three years; 30 days for the pace). */
export function daysFrom(period: CiiPeriod, now: number): number {
  const year = new Date(now).getUTCFullYear();
  return Math.min(Date.UTC(period === 'year' ? year - 2 : year, 0, 1), now - 30 * DAY_MS);
}

/** Figures of the overview dashboard, all from the store: telemetry rollups, records and the ship. */
export class OverviewService {
  readonly #telemetry: TelemetryService;
  readonly #ships: ShipService;
  readonly #records: RecordsService;
  readonly #settings: DeviceSettingsRepository;
  readonly #now: () => number;
  readonly #geofence: Geofence;
  readonly #alarmStatistics: () => Promise<AlarmStatisticsResponse>;
  readonly #ciiPanel: ((period: CiiPeriod) => Promise<NonNullable<OverviewResponse['cii']>>) | undefined;
  /**
   * Answers being worked out, by what was asked: consoles asking the same at the same time (fifty bridge and
   * office screens opening at once) share one computation instead of holding fifty copies of its rows.
   */
  readonly #inFlight = new Map<string, Promise<unknown>>();
  #lube: { hour: number; receipt: Promise<ReturnType<typeof lastLubeReceipt>> } | undefined;

  constructor(deps: {
    telemetry: TelemetryService;
    ships: ShipService;
    records: RecordsService;
    settings: DeviceSettingsRepository;
    now?: () => number;
    /** The ECA watch with the crew's zones and distances; the legal zones at 10 nm / 2 nm when absent. */
    geofence?: Geofence;
    /** The alarm statistics panel's figures (the alarms feature's last 30 days). */
    alarmStatistics: () => Promise<AlarmStatisticsResponse>;
    /**
     * The CII panel from the voyage ledger (the CII feature's), the figures CII statistics and the reports give;
     * absent: worked out from the metered daily totals.
     */
    ciiPanel?: (period: CiiPeriod) => Promise<NonNullable<OverviewResponse['cii']>>;
  }) {
    this.#telemetry = deps.telemetry;
    this.#ships = deps.ships;
    this.#records = deps.records;
    this.#settings = deps.settings;
    this.#now = deps.now ?? Date.now;
    this.#geofence = deps.geofence ?? legalGeofence;
    this.#alarmStatistics = deps.alarmStatistics;
    this.#ciiPanel = deps.ciiPanel;
  }

  /** Every panel's figures for one console in one answer: what the overview draws when it opens. */
  async page(period: CiiPeriod, deviceId: string): Promise<OverviewPageResponse> {
    const [summary, factors, settings, alarmStatistics, navigation] = await Promise.all([
      this.overview(period),
      this.factors(deviceId),
      this.settings(deviceId),
      this.#shared('alarm-statistics', () => this.#alarmStatistics()),
      this.#telemetry.latestForDisplay(NAVIGATION_DEFS),
    ]);
    return { summary, factors, settings, alarmStatistics, navigation: { values: navigation } };
  }

  overview(period: CiiPeriod): Promise<OverviewResponse> {
    return this.#shared(`overview:${period}`, () => this.#overview(period));
  }

  /** `work`'s answer, or the answer of the same work already under way. */
  #shared<T>(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.#inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const started = work().finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, started);
    return started;
  }

  async #overview(period: CiiPeriod): Promise<OverviewResponse> {
    const now = this.#now();
    const { ship } = await this.#ships.getShip();
    const ciiShip = ciiShipOf(ship);
    const days = ciiShip
      ? await dayTotals(
          (channel, fromMs, toMs) => this.#telemetry.rollupMeans('1d', channel, fromMs, toMs),
          daysFrom(period, now),
          now,
        )
      : [];
    return {
      cii: ciiShip ? await this.#cii(ciiShip, period, days, now) : null,
      co2: ciiShip ? co2Panel(ciiShip, days, now) : null,
      bunker: await this.#bunker(),
      eca: await this.#eca(now),
    };
  }

  async #cii(
    ship: CiiShip,
    period: CiiPeriod,
    days: readonly DayTotals[],
    now: number,
  ): Promise<OverviewResponse['cii']> {
    if (!this.#ciiPanel) return ciiPanel(ship, period, days, now);
    try {
      return await this.#ciiPanel(period);
    } catch (e) {
      if (e instanceof AppError && e.statusCode === 409) return null;
      throw e;
    }
  }

  async #bunker(): Promise<OverviewResponse['bunker']> {
    const bunkers = await this.#records.listBunker({ limit: 500 });
    const latest = await this.#telemetry.latest(BUNKER_KINDS.flatMap((k) => [...k.rob]));
    const lube = await this.#lubeReceipt();
    return {
      items: BUNKER_KINDS.map((k) => {
        const last = bunkers
          .filter((b) => (k.fuels as readonly string[]).includes(b.fuelType))
          .sort((a, b) => b.endTime.localeCompare(a.endTime))[0];
        const robs = k.rob.map((c) => latest.get(c)?.value).filter((v) => v !== undefined);
        const received = k.kind === 'lube_oil' ? lube : null;
        return {
          kind: k.kind,
          unit: k.unit,
          lastBunkerQuantity: received ? received.quantityM3 : (last?.quantityT ?? null),
          lastBunkerTime: received ? new Date(received.atMs).toISOString() : (last?.endTime ?? null),
          remainingOnBoard: robs.length > 0 ? robs.reduce((a, b) => a + b, 0) * k.scale : null,
        };
      }),
    };
  }

  /**
   * The newest lube oil delivery seen in the tanks over the last LUBE_LOOKBACK_DAYS (no bunker record holds it),
   * read once an hour: the overview is polled by every console and months of hourly rows change only by the hour.
   */
  #lubeReceipt(): Promise<ReturnType<typeof lastLubeReceipt>> {
    const now = this.#now();
    const hour = Math.floor(now / HOUR_MS);
    if (this.#lube?.hour === hour) return this.#lube.receipt;
    const from = now - LUBE_LOOKBACK_DAYS * DAY_MS;
    const receipt = Promise.all(LUBE_TANKS.map((c) => this.#telemetry.rollups('1h', c, from, now))).then(
      lastLubeReceipt,
    );
    this.#lube = { hour, receipt };
    receipt.catch(() => {
      if (this.#lube?.receipt === receipt) this.#lube = undefined;
    });
    return receipt;
  }

  async #eca(now: number): Promise<OverviewResponse['eca']> {
    const latest = await this.#telemetry.latest([CHANNEL.lat, CHANNEL.lon, SOG, CHANNEL.cog]);
    const lat = latest.get(CHANNEL.lat)?.value;
    const lon = latest.get(CHANNEL.lon)?.value;
    const base = {
      warningDistanceNm: this.#geofence.warningNm,
      tipDistanceNm: this.#geofence.tipNm,
    };
    if (lat === undefined || lon === undefined) {
      return {
        ...base,
        position: null,
        inside: false,
        insideZone: null,
        nearestZone: null,
        distanceNm: null,
        hours: null,
        state: 'normal',
        changeOverTip: false,
      };
    }
    // Positions are stored in degrees (the catalogue's SI for positions); SOG m/s, COG rad.
    const sogKn = msToKnots(latest.get(SOG)?.value ?? 0);
    const cogDeg = ((latest.get(CHANNEL.cog)?.value ?? 0) * 180) / Math.PI;
    const s = this.#geofence.status({ lat, lon, at: now, sogKn, cogDeg });
    const insideZone = s.zones.find((z) => z.inside) ?? null;
    const outside = s.zones.filter((z) => !z.inside);
    const nearest = insideZone ?? outside.sort((a, b) => a.distanceToBoundaryNm - b.distanceToBoundaryNm)[0];
    return {
      ...base,
      position: { lat, lon, sogKn, cogDeg },
      inside: insideZone !== null,
      insideZone: insideZone?.name ?? null,
      nearestZone: nearest?.name ?? null,
      distanceNm: nearest?.distanceToBoundaryNm ?? null,
      hours: nearest?.hoursToBoundary ?? null,
      state: s.state,
      changeOverTip: s.changeOverTip,
    };
  }

  async settings(deviceId: string): Promise<OverviewSettings> {
    const stored = await this.#settings.get(deviceId, 'overview');
    const parsed = stored ? (JSON.parse(stored) as Partial<OverviewSettings>) : {};
    return { factors: parsed.factors ?? DEFAULT_FACTORS, hiddenPanels: parsed.hiddenPanels ?? [] };
  }

  async saveSettings(deviceId: string, settings: OverviewSettings): Promise<OverviewSettings> {
    if (settings.factors.length > MAX_OVERVIEW_FACTORS) {
      throw validationFailed(overviewMessages.tooManyFactors, [
        { path: 'factors', message: overviewMessages.tooManyFactors },
      ]);
    }
    const unknown = settings.factors.filter((f) => !channelById(f));
    if (unknown.length > 0) {
      throw validationFailed(overviewMessages.unknownFactor, [
        { path: 'factors', message: `${overviewMessages.unknownFactor}: ${unknown.join(', ')}` },
      ]);
    }
    const clean = {
      factors: [...new Set(settings.factors)],
      hiddenPanels: [...new Set(settings.hiddenPanels)],
    };
    await this.#settings.put(
      deviceId,
      'overview',
      JSON.stringify(clean),
      new Date(this.#now()).toISOString(),
    );
    return clean;
  }

  /** The device's factors: value now and hourly means of the last 24 hours, in display units. */
  factors(deviceId: string): Promise<OverviewFactorsResponse> {
    return this.#shared(`factors:${deviceId}`, () => this.#factors(deviceId));
  }

  async #factors(deviceId: string): Promise<OverviewFactorsResponse> {
    const { factors } = await this.settings(deviceId);
    const now = this.#now();
    const latest = await this.#telemetry.latest(factors);
    const out: OverviewFactorsResponse['factors'] = [];
    for (const channel of factors) {
      const def = channelById(channel);
      if (!def) continue;
      const trend = await this.#telemetry.trend(channel, now - DAY_MS, now, 24, now);
      const v = latest.get(channel)?.value;
      out.push({
        channel,
        label: def.label,
        unit: displayUnitOf(def),
        digits: displayDigitsOf(def),
        value: v === undefined ? null : toDisplay(def, v),
        points: trend.points.map((p) => ({ t: new Date(p.t).toISOString(), mean: toDisplay(def, p.mean) })),
      });
    }
    return { factors: out };
  }
}

/** What a new console shows until its crew chooses: speed, shaft power, main-engine speed and fuel flow. */
export const DEFAULT_FACTORS = [CHANNEL.sog, CHANNEL.mePower, CHANNEL.meRev, CHANNEL.meFuelHfo];

function ciiShipOf(ship: Ship | null): CiiShip | undefined {
  if (!ship) return undefined;
  const cii = ciiApplicability(ship);
  return cii.applies ? cii.ship : undefined;
}

/** CII of a distance and fuel in `year`; attained is null below 1 nm (no meaningful intensity). */
function ciiOf(ship: CiiShip, year: number, distanceNm: number, fuelT: Record<string, number>) {
  const result: CiiResult = calculateCii({
    ...ship,
    year,
    distanceNm: Math.max(distanceNm, 1),
    fuelTonnes: fuelT,
  });
  const moving = distanceNm >= 1;
  return {
    co2T: co2FromFuel(fuelT),
    attained: moving ? result.attainedCii : null,
    required: result.requiredCii,
    rating: moving ? result.rating : null,
    boundaries: result.boundaries,
    capacity: result.capacity,
  };
}

function sumDays(days: readonly DayTotals[]): { distanceNm: number; fuelT: Record<string, number> } {
  const fuelT: Record<string, number> = {};
  let distanceNm = 0;
  for (const d of days) {
    distanceNm += d.distanceNm;
    for (const [f, t] of Object.entries(d.fuelT)) fuelT[f] = (fuelT[f] ?? 0) + t;
  }
  return { distanceNm, fuelT };
}

function periodStart(t: number, period: CiiPeriod): number {
  const d = new Date(t);
  if (period === 'day') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  if (period === 'month') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  return Date.UTC(d.getUTCFullYear(), 0, 1);
}

/** The overview's CII panel: per-period points, and the year to date with its year-end projection. */
export function ciiPanel(
  ship: CiiShip,
  period: CiiPeriod,
  days: readonly DayTotals[],
  now: number,
): NonNullable<OverviewResponse['cii']> {
  const year = new Date(now).getUTCFullYear();
  const first = period === 'day' ? now - 29 * DAY_MS : period === 'month' ? Date.UTC(year, 0, 1) : 0;
  const groups = new Map<number, DayTotals[]>();
  for (const d of days) {
    if (d.start < periodStart(first, period)) continue;
    const k = periodStart(d.start, period);
    const group = groups.get(k);
    if (group) group.push(d);
    else groups.set(k, [d]);
  }
  const points = [...groups.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([start, list]) => {
      const s = sumDays(list);
      const c = ciiOf(ship, new Date(start).getUTCFullYear(), s.distanceNm, s.fuelT);
      return {
        start: new Date(start).toISOString(),
        distanceNm: s.distanceNm,
        co2T: c.co2T,
        attained: c.attained,
        required: c.required,
        rating: c.rating,
      };
    });
  const yearDays = days.filter((d) => d.start >= Date.UTC(year, 0, 1));
  const ytd = sumDays(yearDays);
  const c = ciiOf(ship, year, ytd.distanceNm, ytd.fuelT);
  // Heading: the year's remaining days at the year-to-date daily averages keep the same intensity
  // only if the mix stays; projected from the averages of the last 30 days instead.
  const recent = sumDays(days.filter((d) => d.start >= now - 30 * DAY_MS));
  const recentDays = Math.max(1, Math.min(30, days.filter((d) => d.start >= now - 30 * DAY_MS).length));
  const left = (Date.UTC(year + 1, 0, 1) - now) / DAY_MS;
  const projectedFuel: Record<string, number> = { ...ytd.fuelT };
  for (const [f, t] of Object.entries(recent.fuelT))
    projectedFuel[f] = (projectedFuel[f] ?? 0) + (t / recentDays) * left;
  const projected = ciiOf(
    ship,
    year,
    ytd.distanceNm + (recent.distanceNm / recentDays) * left,
    projectedFuel,
  );
  return {
    period,
    points,
    yearToDate: {
      year,
      attained: c.attained,
      required: c.required,
      rating: c.rating,
      boundaries: c.boundaries,
      projectedAttained: projected.attained,
      projectedRating: projected.rating,
    },
  };
}

function co2Panel(
  ship: CiiShip,
  days: readonly DayTotals[],
  now: number,
): NonNullable<OverviewResponse['co2']> {
  const year = new Date(now).getUTCFullYear();
  // The required CII and the capacity are the year's, whatever a day sailed and burnt: worked out once.
  const { required, capacity } = ciiOf(ship, year, 0, {});
  let cumulative = 0;
  let allowance = 0;
  const out: NonNullable<OverviewResponse['co2']>['days'] = [];
  for (const d of days) {
    if (d.start < Date.UTC(year, 0, 1)) continue;
    const co2T = co2FromFuel(d.fuelT);
    cumulative += co2T;
    // The CO2 the required CII allows for the distance sailed: CII_req [g/(capacity·nm)] × capacity × nm / 1e6.
    allowance += (required * capacity * d.distanceNm) / 1e6;
    out.push({
      day: new Date(d.start).toISOString().slice(0, 10),
      co2T,
      cumulativeCo2T: cumulative,
      cumulativeAllowanceT: allowance,
    });
  }
  return { year, days: out };
}
