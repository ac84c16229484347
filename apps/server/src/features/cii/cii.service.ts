import {
  type CiiFigure,
  type CiiReportResponse,
  type CiiSeriesPoint,
  type CiiSimulatorResponse,
  type CiiStatisticsResponse,
  type CiiVoyageRow,
  ciiCorrectiveActions,
  type Ship,
} from '@ecohelm/contracts';
import {
  aggregatePeriod,
  buildVoyages,
  type CiiRating,
  type CiiShip,
  calculateCii,
  ciiApplicability,
  correctiveActionRequired,
  DomainInputError,
  fitSpeedFuelModel,
  fuelChannels,
  maxSpeedForRating,
  msToKnots,
  projectCiiAtSpeed,
  type SpeedFuelModel,
  type SpeedFuelPoint,
  type Stay,
  type VoyageLeg,
} from '@ecohelm/domain';
import { conflict } from '../../platform/errors.ts';
import { dcsReportOf, spreadPassageDistances, toDomainRecords } from '../filling/filling.domain.ts';
import type { FillingService } from '../filling/filling.service.ts';
import type { ShipService } from '../ship/ship.service.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';

const DAY_MS = 86_400_000;
/** Hourly points under this speed are harbour, canal or manoeuvring, not passage sailing; knots. */
export const FIT_MIN_SPEED_KN = 8;
/** History the simulator's speed model is fitted on, days. */
export const FIT_HISTORY_DAYS = 365;
/**
 * Plausible exponents of fuel/day against speed (propeller law ≈ 3; hull and auxiliary load spread it).
 * A fit over the narrow band a ship actually sails is dominated by weather; outside this range b is held.
 */
export const FIT_B_RANGE = [2.5, 4] as const;
/** Speed range of the simulator's chart and its "highest speed" search, knots. */
export const SIM_MIN_KN = 4;
export const SIM_MAX_KN = 20;
const SOG = 'navigation.speedOverGround';
const FUEL_CHANNELS = fuelChannels.map((c) => c.id);

type Voyages = { legs: VoyageLeg[]; stays: Stay[] };
type Range = { from: number; to: number };

const iso = (ms: number) => new Date(ms).toISOString();
const yearOf = (ms: number) => new Date(ms).getUTCFullYear();
const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);

export interface StatisticsInput {
  dimension: 'annual' | 'voyage' | 'custom';
  unit: 'week' | 'month' | 'year';
  year?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
}

/** CII statistics, report samples and the CII simulator, from the IMO DCS filling records (packages/domain). */
export class CiiService {
  readonly #filling: FillingService;
  readonly #ships: ShipService;
  readonly #telemetry: TelemetryService;
  readonly #now: () => Date;

  constructor(
    filling: FillingService,
    ships: ShipService,
    telemetry: TelemetryService,
    now: () => Date = () => new Date(),
  ) {
    this.#filling = filling;
    this.#ships = ships;
    this.#telemetry = telemetry;
    this.#now = now;
  }

  async statistics(q: StatisticsInput): Promise<CiiStatisticsResponse> {
    const { ship, cii } = await this.#ship();
    const voyages = await this.#voyages();
    const nowMs = this.#now().getTime();
    const year = q.year ?? yearOf(nowMs);
    const years = this.#years(voyages, nowMs);
    let range: Range;
    if (q.dimension === 'custom' && q.from && q.to) {
      range = { from: Date.parse(`${q.from}T00:00:00Z`), to: Date.parse(`${q.to}T00:00:00Z`) + DAY_MS };
    } else range = { from: Date.UTC(year, 0, 1), to: Date.UTC(year + 1, 0, 1) };

    let rows = this.#voyageRows(voyages, cii).filter((v) => {
      const s = Date.parse(v.startTime);
      const e = Date.parse(v.arrivalTime);
      return e > range.from && s < range.to;
    });
    const needle = q.search?.trim().toLowerCase();
    if (needle) {
      rows = rows.filter(
        (v) =>
          v.voyageNumber.toLowerCase() === needle ||
          (v.startPort ?? '').toLowerCase().includes(needle) ||
          (v.arrivalPort ?? '').toLowerCase().includes(needle),
      );
    }

    let series: CiiSeriesPoint[];
    let summary: CiiFigure;
    if (q.dimension === 'voyage') {
      series = rows.map((v) => ({
        ...this.#figure(
          voyages,
          cii,
          { from: Date.parse(v.startTime), to: Date.parse(v.arrivalTime) },
          v.voyageNumber,
        ),
        label: v.voyageNumber,
        from: v.startTime,
        to: v.arrivalTime,
      }));
      const first = rows.length ? Math.min(...rows.map((v) => Date.parse(v.startTime))) : range.from;
      const last = rows.length ? Math.max(...rows.map((v) => Date.parse(v.arrivalTime))) : range.to;
      summary = this.#figure(voyages, cii, { from: first, to: last }, undefined, year);
    } else {
      const buckets =
        q.unit === 'year' && q.dimension === 'annual'
          ? years.map((y) => ({ label: String(y), from: Date.UTC(y, 0, 1), to: Date.UTC(y + 1, 0, 1) }))
          : bucketsOf(range, q.unit);
      series = buckets.map((b) => ({
        ...this.#figure(voyages, cii, b, undefined, yearOf(b.from)),
        label: b.label,
        from: iso(b.from),
        to: iso(b.to),
      }));
      summary = this.#figure(
        voyages,
        cii,
        range,
        undefined,
        q.dimension === 'annual' ? year : yearOf(range.from),
      );
    }
    return {
      dimension: q.dimension,
      unit: q.unit,
      from: iso(range.from),
      to: iso(range.to),
      ship: header(ship, cii),
      summary,
      series,
      voyages: rows,
      years,
    };
  }

  async report(q: { year?: number | undefined }): Promise<CiiReportResponse> {
    const { ship, cii } = await this.#ship();
    const voyages = await this.#voyages();
    const nowMs = this.#now().getTime();
    const year = q.year ?? yearOf(nowMs);
    const yearRange = (y: number) => ({ from: Date.UTC(y, 0, 1), to: Date.UTC(y + 1, 0, 1) });
    const seempYears: CiiReportResponse['seemp']['years'] = [];
    const history: { year: number; rating: CiiRating }[] = [];
    for (let y = Math.max(year - 2, 2019); y <= Math.min(year + 3, 2030); y++) {
      let f: CiiFigure;
      try {
        f = this.#figure(voyages, cii, yearRange(y), undefined, y);
      } catch (e) {
        if (e instanceof DomainInputError) continue; // no reduction factor for that year
        throw e;
      }
      if (y <= year) {
        seempYears.push({
          year: y,
          kind: 'attained',
          requiredCii: f.requiredCii,
          boundaries: f.boundaries,
          attainedCii: f.attainedCii,
          rating: f.rating,
        });
        if (f.rating) history.push({ year: y, rating: f.rating });
      } else {
        // The implementation plan targets the required CII (the middle of rating C) of each coming year.
        seempYears.push({
          year: y,
          kind: 'planned',
          requiredCii: f.requiredCii,
          boundaries: f.boundaries,
          attainedCii: f.requiredCii,
          rating: 'C',
        });
      }
    }
    const corrective = correctiveActionRequired(history.filter((h) => h.year <= year));
    const totals = aggregatePeriod(voyages, yearRange(year));
    const dcs = dcsReportOf(ship, year, totals);
    const trialFigure = this.#figure(voyages, cii, yearRange(year), undefined, year);
    const trialCalc = calculateCii({
      ...cii,
      year,
      distanceNm: Math.max(trialFigure.distanceNm, 1e-9),
      fuelTonnes: trialFigure.fuelT,
    });
    return {
      year,
      generatedAt: iso(nowMs),
      ship: {
        ...header(ship, cii),
        flagState: ship.flagState,
        deadweightT: ship.deadweightT,
        grossTonnage: ship.grossTonnage ?? null,
        netTonnage: ship.netTonnage ?? null,
      },
      seemp: {
        years: seempYears,
        corrective: { ...corrective, reason: corrective.reason },
        actions: [...ciiCorrectiveActions],
      },
      dcs,
      trial: {
        ...trialFigure,
        capacity: trialCalc.capacity,
        capacityBasis: trialCalc.capacityBasis,
        rules: [...trialCalc.rules],
      },
    };
  }

  async simulator(q: {
    speeds: number[];
    days: number;
    rating: CiiRating;
    year?: number | undefined;
  }): Promise<CiiSimulatorResponse> {
    const { cii } = await this.#ship();
    const voyages = await this.#voyages();
    const nowMs = this.#now().getTime();
    const year = q.year ?? yearOf(nowMs);
    const soFar = this.#figure(
      voyages,
      cii,
      { from: Date.UTC(year, 0, 1), to: Date.UTC(year + 1, 0, 1) },
      undefined,
      year,
    );
    const model = await this.#fitModel(voyages, nowMs);
    const fuelMix = sum(soFar.fuelT) > 0 ? soFar.fuelT : { ls_hfo: 1 };
    const scenario = {
      ship: cii,
      year,
      soFar: { distanceNm: soFar.distanceNm, fuelTonnes: soFar.fuelT },
      days: q.days,
      model,
      fuelMix,
    };
    const scenarios = [...new Set(q.speeds)].map((v) => {
      const r = projectCiiAtSpeed(scenario, v);
      return {
        speedKn: v,
        dailyFuelT: r.dailyFuelT,
        plannedDistanceNm: r.projectedDistanceNm - soFar.distanceNm,
        plannedFuelT: r.dailyFuelT * q.days,
        yearDistanceNm: r.projectedDistanceNm,
        yearCo2T: r.co2Tonnes,
        attainedCii: r.attainedCii,
        rating: r.rating,
      };
    });
    const curve = [];
    for (let v = SIM_MIN_KN; v <= SIM_MAX_KN + 1e-9; v += 0.5) {
      const r = projectCiiAtSpeed(scenario, v);
      curve.push({ speedKn: v, attainedCii: r.attainedCii, rating: r.rating });
    }
    const best = maxSpeedForRating(scenario, q.rating, {
      minKn: SIM_MIN_KN,
      maxKn: SIM_MAX_KN,
      toleranceKn: 0.05,
    });
    return {
      year,
      days: q.days,
      model,
      soFar,
      requiredCii: soFar.requiredCii,
      boundaries: soFar.boundaries,
      scenarios,
      curve,
      maxSpeed: { rating: q.rating, speedKn: best ? Math.floor(best.speedKn * 10) / 10 : null },
    };
  }

  async #ship(): Promise<{ ship: Ship; cii: CiiShip }> {
    const ship = await this.#ships.completeShip();
    if (!ship) throw conflict('Fill in the ship basic information first.', { reason: 'ship_incomplete' });
    const cii = ciiApplicability(ship);
    if (!cii.applies) {
      throw conflict(`CII does not apply to this ship: ${cii.reason}`, { reason: 'ship_incomplete' });
    }
    return { ship, cii: cii.ship };
  }

  /** Legs and stays of every IMO DCS record that is saved (not a draft) and free of errors. */
  async #voyages(): Promise<Voyages> {
    const records = await this.#filling.forAggregation({
      from: '2000-01-01T00:00:00.000Z',
      to: '2100-01-01T00:00:00.000Z',
      regime: 'imo_dcs',
    });
    const usable = records.filter((r) => r.status !== 'draft' && r.checkState !== 'error');
    try {
      return buildVoyages(spreadPassageDistances(toDomainRecords(usable)));
    } catch (e) {
      if (e instanceof DomainInputError) {
        throw conflict(`The filling records do not add up: ${e.message} (${e.field}).`, {
          reason: 'records_inconsistent',
          field: e.field,
        });
      }
      throw e;
    }
  }

  #years(voyages: Voyages, nowMs: number): number[] {
    const ys = new Set<number>([yearOf(nowMs)]);
    for (const l of voyages.legs) ys.add(yearOf(l.departureMs)).add(yearOf(l.arrivalMs));
    return [...ys].filter((y) => y >= 2019 && y <= 2030).sort((a, b) => a - b);
  }

  /** CII of a period (or of one voyage's legs and stays), judged against the required CII of `year`. */
  #figure(
    voyages: Voyages,
    cii: CiiShip,
    range: Range,
    voyageNumber?: string,
    year = yearOf(range.from),
  ): CiiFigure {
    const picked: Voyages = voyageNumber
      ? {
          legs: voyages.legs.filter((l) => l.voyageNumber === voyageNumber),
          stays: voyages.stays.filter((s) => this.#stayVoyage(voyages, s) === voyageNumber),
        }
      : voyages;
    const to = Math.max(range.to, range.from + 1);
    const totals = aggregatePeriod(picked, { from: range.from, to });
    const y = Math.min(Math.max(year, 2019), 2030);
    const hasDistance = totals.distanceNm > 0;
    const r = calculateCii({
      ...cii,
      year: y,
      distanceNm: hasDistance ? totals.distanceNm : 1,
      fuelTonnes: totals.fuelT,
    });
    return {
      year: y,
      attainedCii: hasDistance ? r.attainedCii : null,
      requiredCii: r.requiredCii,
      referenceCii: r.referenceCii,
      reductionFactorPct: r.reductionFactor,
      boundaries: r.boundaries,
      rating: hasDistance ? r.rating : null,
      co2T: r.co2Tonnes,
      fuelT: totals.fuelT,
      distanceNm: totals.distanceNm,
      hoursUnderway: totals.hoursUnderway,
    };
  }

  #stayVoyage(voyages: Voyages, s: Stay): string | undefined {
    return voyages.legs.find((l) => l.toRecordId === s.recordId)?.voyageNumber;
  }

  /** One row per voyage number (SPEC §3 "CII voyage row"): its legs and the stays that end them. */
  #voyageRows(voyages: Voyages, cii: CiiShip): CiiVoyageRow[] {
    const byVoyage = new Map<string, VoyageLeg[]>();
    for (const l of voyages.legs) {
      const list = byVoyage.get(l.voyageNumber) ?? [];
      list.push(l);
      byVoyage.set(l.voyageNumber, list);
    }
    const rows: CiiVoyageRow[] = [];
    for (const [voyageNumber, legs] of byVoyage) {
      const first = legs[0] as VoyageLeg;
      const last = legs.at(-1) as VoyageLeg;
      const range = { from: first.departureMs, to: Math.max(last.arrivalMs, first.departureMs + 1) };
      const f = this.#figure(voyages, cii, range, voyageNumber, yearOf(first.departureMs));
      const work = legs.reduce((a, l) => a + l.transportWorkTNm, 0);
      rows.push({
        voyageNumber,
        startPort: first.fromPort?.nameEn ?? null,
        arrivalPort: last.toPort?.nameEn ?? null,
        startTime: iso(first.departureMs),
        arrivalTime: iso(last.arrivalMs),
        co2T: f.co2T,
        fuelT: sum(f.fuelT),
        fuelByTypeT: f.fuelT,
        distanceNm: f.distanceNm,
        hoursUnderway: f.hoursUnderway,
        cargoT: f.distanceNm > 0 ? work / f.distanceNm : 0,
        attainedCii: f.attainedCii,
        requiredCii: f.requiredCii,
        rating: f.rating,
      });
    }
    return rows.sort((a, b) => b.startTime.localeCompare(a.startTime));
  }

  /**
   * The ship's speed–consumption model: fuel/day = a·v^b fitted on hourly telemetry (SOG and every fuel
   * flow: main engine, generators, boilers) of the last year; on the filling legs when telemetry is short.
   */
  async #fitModel(
    voyages: Voyages,
    nowMs: number,
  ): Promise<SpeedFuelModel & { source: 'telemetry' | 'voyages' }> {
    const from = nowMs - FIT_HISTORY_DAYS * DAY_MS;
    const points: SpeedFuelPoint[] = [];
    try {
      const sog = await this.#telemetry.rollups('1h', SOG, from, nowMs);
      if (sog.length > 0) {
        const fuelByT = new Map<number, number>();
        for (const ch of FUEL_CHANNELS) {
          let rows: Awaited<ReturnType<TelemetryService['rollups']>>;
          try {
            rows = await this.#telemetry.rollups('1h', ch, from, nowMs);
          } catch {
            continue; // channel never seen on this installation
          }
          for (const r of rows) if (r.n > 0) fuelByT.set(r.t, (fuelByT.get(r.t) ?? 0) + r.sum / r.n);
        }
        for (const r of sog) {
          const fuelKgS = fuelByT.get(r.t);
          if (r.n === 0 || fuelKgS === undefined) continue;
          points.push({ speedKn: msToKnots(r.sum / r.n), fuelTPerDay: fuelKgS * 86.4 });
        }
      }
    } catch {
      // no SOG channel registered: fall back to the voyages
    }
    try {
      return {
        ...fitSpeedFuelModel(points, { minSpeedKn: FIT_MIN_SPEED_KN, bRange: FIT_B_RANGE }),
        source: 'telemetry',
      };
    } catch (e) {
      if (!(e instanceof DomainInputError)) throw e;
    }
    const legPoints = voyages.legs
      .filter((l) => l.hoursUnderway >= 12 && l.distanceNm > 0)
      .map((l) => ({
        speedKn: l.distanceNm / l.hoursUnderway,
        fuelTPerDay: (sum(l.fuelT) / l.hoursUnderway) * 24,
        weight: l.hoursUnderway,
      }));
    try {
      return {
        ...fitSpeedFuelModel(legPoints, { minSpeedKn: FIT_MIN_SPEED_KN, bRange: FIT_B_RANGE }),
        source: 'voyages',
      };
    } catch (e) {
      if (e instanceof DomainInputError) {
        throw conflict('Not enough sailing history to fit the speed–consumption model.', {
          reason: 'no_history',
        });
      }
      throw e;
    }
  }
}

function header(ship: Ship, cii: CiiShip) {
  const r = calculateCii({ ...cii, year: 2023, distanceNm: 1, fuelTonnes: {} });
  return {
    nameEn: ship.nameEn,
    imoNumber: ship.imoNumber,
    shipType: ship.shipType,
    capacity: r.capacity,
    capacityBasis: r.capacityBasis,
  };
}

/** Calendar buckets over a range: ISO weeks (Monday–Sunday, UTC), months or years. */
export function bucketsOf(
  range: Range,
  unit: 'week' | 'month' | 'year',
): { label: string; from: number; to: number }[] {
  const out: { label: string; from: number; to: number }[] = [];
  const d = new Date(range.from);
  let start: number;
  if (unit === 'week') {
    const dow = (d.getUTCDay() + 6) % 7;
    start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - dow);
  } else if (unit === 'month') start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  else start = Date.UTC(d.getUTCFullYear(), 0, 1);
  while (start < range.to && out.length < 400) {
    const s = new Date(start);
    let end: number;
    let label: string;
    if (unit === 'week') {
      end = start + 7 * DAY_MS;
      label = isoWeekLabel(start);
    } else if (unit === 'month') {
      end = Date.UTC(s.getUTCFullYear(), s.getUTCMonth() + 1, 1);
      label = `${s.getUTCFullYear()}-${String(s.getUTCMonth() + 1).padStart(2, '0')}`;
    } else {
      end = Date.UTC(s.getUTCFullYear() + 1, 0, 1);
      label = String(s.getUTCFullYear());
    }
    out.push({ label, from: Math.max(start, range.from), to: Math.min(end, range.to) });
    start = end;
  }
  return out;
}

function isoWeekLabel(mondayMs: number): string {
  const thursday = new Date(mondayMs + 3 * DAY_MS);
  const y = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(y, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${y}-W${String(week).padStart(2, '0')}`;
}
