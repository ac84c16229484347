import {
  type CiiFigure,
  type CiiPeriod,
  type CiiReportResponse,
  type CiiSeriesPoint,
  type CiiSimulatorResponse,
  type CiiStatisticsResponse,
  ciiCorrectiveActions,
  type FillingRecord,
  type OverviewResponse,
  type Ship,
  type seempMeasures,
} from '@ecohelm/contracts';
import {
  aggregatePeriod,
  type CiiRating,
  type CiiShip,
  calculateCii,
  ciiApplicability,
  correctiveActionRequired,
  DAY_MS,
  DomainInputError,
  fuelFactors,
  LONG_LEG_HOURS,
  MIN_LONG_LEG_DISTANCE_NM,
  maxLegSpeedKn,
  maxSpeedForRating,
  projectCiiAtSpeed,
  ROB_TOLERANCE_SHARE,
  ROB_TOLERANCE_T,
} from '@ecohelm/domain';
import { conflict } from '../../platform/errors.ts';
import type { FillingService } from '../filling/index.ts';
import { dcsReportOf } from '../filling/index.ts';
import { ledgerOf, RULE_SETS } from '../ledger/index.ts';
import type { ShipService } from '../ship/index.ts';
import type { TelemetryService } from '../telemetry/index.ts';
import { bucketsOf, type Range, yearRange } from './cii.calendar.ts';
import {
  ciiPanelOf,
  figureOf,
  header,
  type Voyages,
  voyageRowsOf,
  yearFigureOf,
  yearOf,
  yearsOf,
} from './cii.figures.ts';
import { fitSpeedModel } from './cii.model-fit.ts';

/** Speed range of the simulator's chart and its "highest speed" search, knots. */
export const SIM_MIN_KN = 4;
export const SIM_MAX_KN = 20;

const iso = (ms: number) => new Date(ms).toISOString();
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
    const years = yearsOf(voyages, nowMs);
    let range: Range;
    if (q.dimension === 'custom' && q.from && q.to) {
      range = { from: Date.parse(`${q.from}T00:00:00Z`), to: Date.parse(`${q.to}T00:00:00Z`) + DAY_MS };
    } else range = yearRange(year);

    let rows = voyageRowsOf(voyages, cii, range, year);
    const needle = q.search?.trim().toLowerCase();
    if (needle) {
      rows = rows.filter(
        (v) =>
          v.voyageNumber.toLowerCase() === needle ||
          [v.startPort, v.startPortZh, v.arrivalPort, v.arrivalPortZh].some((p) =>
            (p ?? '').toLowerCase().includes(needle),
          ),
      );
    }

    let series: CiiSeriesPoint[];
    let summary: CiiFigure;
    if (q.dimension === 'voyage') {
      // The chart runs oldest first; the table lists the latest first.
      series = [...rows].reverse().map((v) => ({
        ...figureOf(voyages, cii, range, v.voyageNumber, year),
        label: v.voyageNumber,
        from: v.startTime,
        to: v.arrivalTime,
      }));
      // The gauge is the rows' sum: the listed voyages' passages and port calls within the range.
      const listed = new Set(rows.map((v) => v.voyageNumber));
      const picked = {
        legs: voyages.legs.filter((l) => listed.has(l.voyageNumber)),
        stays: voyages.stays.filter((s) => listed.has(s.voyageNumber)),
      };
      summary = figureOf(picked, cii, range, undefined, year);
    } else {
      const buckets =
        q.unit === 'year' && q.dimension === 'annual'
          ? years.map((y) => ({ label: String(y), ...yearRange(y) }))
          : bucketsOf(range, q.unit);
      series = buckets.map((b) => ({
        ...figureOf(voyages, cii, b, undefined, yearOf(b.from)),
        label: b.label,
        from: iso(b.from),
        to: iso(b.to),
      }));
      summary = figureOf(
        voyages,
        cii,
        range,
        undefined,
        q.dimension === 'annual' ? year : yearOf(range.from),
      );
    }
    return {
      ruleSet: RULE_SETS.cii,
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
    const seempYears: CiiReportResponse['seemp']['years'] = [];
    const history: { year: number; rating: CiiRating }[] = [];
    for (let y = Math.max(year - 2, 2019); y <= Math.min(year + 3, 2030); y++) {
      let f: CiiFigure;
      try {
        f = yearFigureOf(voyages, cii, y);
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
    const trialFigure = yearFigureOf(voyages, cii, year);
    const trialCalc = calculateCii({
      ...cii,
      year,
      distanceNm: Math.max(trialFigure.distanceNm, 1e-9),
      fuelTonnes: trialFigure.fuelT,
    });
    return {
      year,
      ruleSet: RULE_SETS.cii,
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
      seempPart1: {
        measures: SEEMP_MEASURES.map(([id, page]) => ({ id, page })),
        years: [year - 1, year].map((y) => {
          const f = yearFigureOf(voyages, cii, y);
          const fuelT = sum(f.fuelT);
          return {
            year: y,
            fuelT,
            co2T: f.co2T,
            distanceNm: f.distanceNm,
            hoursUnderway: f.hoursUnderway,
            fuelPerDistanceTPerNm: f.distanceNm > 0 ? fuelT / f.distanceNm : null,
            attainedCii: f.attainedCii,
            rating: f.rating,
          };
        }),
      },
      seempPart2: seempPart2Of(ship),
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
    const soFar = yearFigureOf(voyages, cii, year);
    const model = await fitSpeedModel(this.#telemetry, voyages, nowMs);
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

  /**
   * The year-end CII of each option for the passage ahead (its distance and fuel, arriving at `endMs`), the rest of
   * the year after it sailed at the year's pace so far (distance and fuel per day), fuel split by the year's mix.
   */
  async yearEndWithPassage(
    options: readonly { distanceNm: number; fuelT: number; endMs: number }[],
  ): Promise<YearEnd> {
    return (await this.yearEndReckoning())(options);
  }

  /**
   * `yearEndWithPassage` on one read of the ship and the voyage ledger: a caller that asks for several passages' year
   * ends in one answer (the speed page: its macro plan and its rpm simulation) reads the ledger once.
   */
  async yearEndReckoning(): Promise<
    (options: readonly { distanceNm: number; fuelT: number; endMs: number }[]) => YearEnd
  > {
    const { cii } = await this.#ship();
    const voyages = await this.#voyages();
    const nowMs = this.#now().getTime();
    return (options) => yearEndOf(voyages, cii, nowMs, options);
  }

  /** The overview's CII panel: the ledger's figures of the period's days, months or years and of the year to date. */
  async panel(period: CiiPeriod): Promise<NonNullable<OverviewResponse['cii']>> {
    const { cii } = await this.#ship();
    const voyages = await this.#voyages();
    const nowMs = this.#now().getTime();
    const yearEnd = () =>
      yearEndOf(voyages, cii, nowMs, [{ distanceNm: 0, fuelT: 0, endMs: nowMs }]).outcomes[0];
    return ciiPanelOf(voyages, cii, period, nowMs, yearEnd);
  }

  async #ship(): Promise<{ ship: Ship; cii: CiiShip }> {
    return ciiShipOf(await this.#ships.completeShip());
  }

  /** The voyage ledger's legs and stays. */
  async #voyages(): Promise<Voyages> {
    return voyagesOf(await this.#filling.checked(), await this.#ships.completeShip());
  }
}

/** SEEMP Part I's measures and the console page that monitors or advises on each. */
const SEEMP_MEASURES: readonly [(typeof seempMeasures)[number], string][] = [
  ['speed_optimisation', '/eff-optimize/speed'],
  ['voyage_planning', '/eff-optimize/speed'],
  ['trim_optimisation', '/eff-optimize/triming'],
  ['hull_maintenance', '/eff-optimize/fouling'],
  ['generator_load', '/eff-optimize/load'],
  ['engine_monitoring', '/eff-monitory/me'],
  ['fuel_management', '/eff-analysis/report'],
];

/** SEEMP Part II, the data collection plan, filled from the ship particulars and the rules the ledger applies. */
function seempPart2Of(ship: Ship): CiiReportResponse['seempPart2'] {
  const engines: CiiReportResponse['seempPart2']['engines'] = [
    { kind: 'main', count: 1, ratedPowerKw: ship.mainEnginePowerKw ?? null },
  ];
  if (ship.auxEngineCount)
    engines.push({
      kind: 'auxiliary',
      count: ship.auxEngineCount,
      ratedPowerKw: ship.auxEnginePowerKw ?? null,
    });
  if (ship.boilerCount) engines.push({ kind: 'boiler', count: ship.boilerCount, ratedPowerKw: null });
  return {
    engines,
    fuels: ship.fuelTypes.map((f) => {
      const k = fuelFactors(f.fuelType);
      return {
        fuelType: f.fuelType,
        imoFuelId: k.imoFuelId,
        cfCo2TPerT: k.cfCo2TPerT,
        maxCapacityT: f.maxCapacityT ?? null,
      };
    }),
    consumptionMethod:
      ship.consumptionMethod === 'other' ? (ship.consumptionMethodOther ?? 'other') : ship.consumptionMethod,
    ruleSet: RULE_SETS.imo_dcs,
    quality: {
      maxLegSpeedKn: maxLegSpeedKn(ship.serviceSpeedKn),
      longLegHours: LONG_LEG_HOURS,
      minLongLegDistanceNm: MIN_LONG_LEG_DISTANCE_NM,
      robToleranceT: ROB_TOLERANCE_T,
      robTolerancePercent: ROB_TOLERANCE_SHARE * 100,
    },
  };
}

/** The ship CII is figured for, or a 409 saying why there is none (basic info incomplete, CII not applicable). */
export function ciiShipOf(ship: Ship | undefined): { ship: Ship; cii: CiiShip } {
  if (!ship) throw conflict('Fill in the ship basic information first.', { reason: 'ship_incomplete' });
  const cii = ciiApplicability(ship);
  if (!cii.applies) {
    throw conflict(`CII does not apply to this ship: ${cii.reason}`, { reason: 'ship_incomplete' });
  }
  return { ship, cii: cii.ship };
}

/** The voyage ledger's legs and stays of the records given (drafts and records with errors left out). */
export function voyagesOf(records: readonly FillingRecord[], ship?: Pick<Ship, 'serviceSpeedKn'>): Voyages {
  const { legs, stays } = ledgerOf(ship, records);
  return { legs, stays };
}

export interface YearEnd {
  year: number;
  outcomes: { attainedCii: number; rating: CiiRating }[];
  fuelMix: Record<string, number>;
}

/**
 * The year-end CII of each option for the passage ahead (its distance and fuel, arriving at `endMs`), the rest of
 * the year after it sailed at the year's pace so far (distance and fuel per day), fuel split by the year's mix.
 * With a passage of nothing ending now it is the year-end projection of the year's pace (the fleet page's).
 */
export function yearEndOf(
  voyages: Voyages,
  cii: CiiShip,
  nowMs: number,
  options: readonly { distanceNm: number; fuelT: number; endMs: number }[],
): YearEnd {
  const year = yearOf(nowMs);
  const yearStart = Date.UTC(year, 0, 1);
  const yearEnd = Date.UTC(year + 1, 0, 1);
  const soFar = figureOf(voyages, cii, { from: yearStart, to: yearEnd }, undefined, year);
  const total = sum(soFar.fuelT);
  const fuelMix: Record<string, number> = total > 0 ? soFar.fuelT : { hfo: 1 };
  const mixTotal = sum(fuelMix);
  const daysSoFar = Math.max(1, (nowMs - yearStart) / 86_400_000);
  const outcomes = options.map((o) => {
    const restDays = Math.max(0, (yearEnd - Math.max(nowMs, o.endMs)) / 86_400_000);
    const fuelTonnes: Record<string, number> = {};
    for (const [f, t] of Object.entries(soFar.fuelT)) fuelTonnes[f] = t + (t / daysSoFar) * restDays;
    for (const [f, share] of Object.entries(fuelMix)) {
      fuelTonnes[f] = (fuelTonnes[f] ?? 0) + (o.fuelT * share) / mixTotal;
    }
    const distanceNm = soFar.distanceNm * (1 + restDays / daysSoFar) + o.distanceNm;
    const r = calculateCii({ ...cii, year: Math.min(Math.max(year, 2019), 2030), distanceNm, fuelTonnes });
    return { attainedCii: r.attainedCii, rating: r.rating };
  });
  return { year, outcomes, fuelMix };
}
