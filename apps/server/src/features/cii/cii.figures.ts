import type { CiiFigure, CiiPeriod, CiiVoyageRow, OverviewResponse, Ship } from '@ecohelm/contracts';
import {
  aggregatePeriod,
  type CiiRating,
  type CiiShip,
  calculateCii,
  DAY_MS,
  type Stay,
  type VoyageLeg,
  withinPeriod,
} from '@ecohelm/domain';
import { type Range, yearRange } from './cii.calendar.ts';

type OverviewCii = NonNullable<OverviewResponse['cii']>;

/** The legs and stays of the usable IMO DCS records. */
export type Voyages = { legs: VoyageLeg[]; stays: Stay[] };

const iso = (ms: number) => new Date(ms).toISOString();
export const yearOf = (ms: number) => new Date(ms).getUTCFullYear();
const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);

/** The reporting years with data, and this year, within the years CII has reduction factors for. */
export function yearsOf(voyages: Voyages, nowMs: number): number[] {
  const ys = new Set<number>([yearOf(nowMs)]);
  for (const l of voyages.legs) ys.add(yearOf(l.departureMs)).add(yearOf(l.arrivalMs));
  return [...ys].filter((y) => y >= 2019 && y <= 2030).sort((a, b) => a - b);
}

/** CII of the calendar year `year` (so far, for this year). */
export const yearFigureOf = (voyages: Voyages, cii: CiiShip, year: number): CiiFigure =>
  figureOf(voyages, cii, yearRange(year), undefined, year);

/** CII of a period (or of one voyage's legs and stays), judged against the required CII of `year`. */
export function figureOf(
  voyages: Voyages,
  cii: CiiShip,
  range: Range,
  voyageNumber?: string,
  year = yearOf(range.from),
): CiiFigure {
  const picked: Voyages = voyageNumber
    ? {
        legs: voyages.legs.filter((l) => l.voyageNumber === voyageNumber),
        stays: voyages.stays.filter((s) => s.voyageNumber === voyageNumber),
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

/**
 * One row per voyage number (SPEC §3 "CII voyage row"): its passages and port calls within `range` (a voyage over
 * the range's edge counts its part inside, split by time as IMO DCS splits the year), so that the rows add up to
 * the range's total. A voyage runs from its first departure to the next voyage's first departure.
 */
export function voyageRowsOf(voyages: Voyages, cii: CiiShip, range: Range, year: number): CiiVoyageRow[] {
  const numbers = new Set<string>();
  for (const l of voyages.legs)
    if (l.departureMs < range.to && l.arrivalMs > range.from) numbers.add(l.voyageNumber);
  for (const s of voyages.stays)
    if (s.startMs < range.to && s.endMs > range.from) numbers.add(s.voyageNumber);
  const rows: CiiVoyageRow[] = [];
  for (const voyageNumber of numbers) {
    const legs = voyages.legs.filter((l) => l.voyageNumber === voyageNumber);
    const stays = voyages.stays.filter((s) => s.voyageNumber === voyageNumber);
    const times = [
      ...legs.flatMap((l) => [l.departureMs, l.arrivalMs]),
      ...stays.flatMap((s) => [s.startMs, s.endMs]),
    ];
    const start = Math.max(range.from, Math.min(...times));
    const end = Math.min(range.to, Math.max(...times));
    const f = figureOf(voyages, cii, range, voyageNumber, year);
    const first = legs.length ? legs.reduce((a, l) => (l.departureMs < a.departureMs ? l : a)) : null;
    const last = legs.length ? legs.reduce((a, l) => (l.arrivalMs > a.arrivalMs ? l : a)) : null;
    const startPort = first?.fromPort ?? stays[0]?.port;
    const work = withinPeriod({ legs, stays: [] }, range).legs.reduce((a, l) => a + l.transportWorkTNm, 0);
    rows.push({
      voyageNumber,
      startPort: startPort?.nameEn ?? null,
      startPortZh: startPort?.nameZh ?? null,
      arrivalPort: last?.toPort?.nameEn ?? null,
      arrivalPortZh: last?.toPort?.nameZh ?? null,
      startTime: iso(start),
      arrivalTime: iso(last ? Math.min(end, Math.max(start, last.arrivalMs)) : end),
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

/** The ship line of every CII answer: name, IMO number, type and the capacity CII divides by. */
export function header(ship: Ship, cii: CiiShip) {
  const r = calculateCii({ ...cii, year: 2023, distanceNm: 1, fuelTonnes: {} });
  return {
    nameEn: ship.nameEn,
    imoNumber: ship.imoNumber,
    shipType: ship.shipType,
    capacity: r.capacity,
    capacityBasis: r.capacityBasis,
  };
}

/**
 * The overview's CII panel from the voyage ledger: per day (the last 30), per month (this year) or per year (the last
 * three with data) the CII of the ledger's part in it, and the year to date with its year-end projection (`yearEnd`,
 * the fleet page's projection). The same figures as the CII statistics of the same periods.
 */
export function ciiPanelOf(
  voyages: Voyages,
  cii: CiiShip,
  period: CiiPeriod,
  nowMs: number,
  yearEnd: () => { attainedCii: number; rating: CiiRating } | undefined,
): OverviewCii {
  const year = yearOf(nowMs);
  const today = Date.UTC(year, new Date(nowMs).getUTCMonth(), new Date(nowMs).getUTCDate());
  const buckets: Range[] = [];
  if (period === 'day')
    for (let i = 29; i >= 0; i--) buckets.push({ from: today - i * DAY_MS, to: today - (i - 1) * DAY_MS });
  else if (period === 'month')
    for (let m = 0; m <= new Date(nowMs).getUTCMonth(); m++)
      buckets.push({ from: Date.UTC(year, m, 1), to: Date.UTC(year, m + 1, 1) });
  else for (const y of yearsOf(voyages, nowMs).filter((y) => y >= year - 2)) buckets.push(yearRange(y));
  const points = buckets.map((b) => {
    const f = figureOf(voyages, cii, b, undefined, yearOf(b.from));
    return {
      start: iso(b.from),
      distanceNm: f.distanceNm,
      co2T: f.co2T,
      attained: f.attainedCii,
      required: f.requiredCii,
      rating: f.rating,
    };
  });
  const ytd = yearFigureOf(voyages, cii, year);
  const projected = ytd.attainedCii !== null ? yearEnd() : undefined;
  return {
    period,
    points,
    yearToDate: {
      year: ytd.year,
      attained: ytd.attainedCii,
      required: ytd.requiredCii,
      rating: ytd.rating,
      boundaries: ytd.boundaries,
      projectedAttained: projected?.attainedCii ?? null,
      projectedRating: projected?.rating ?? null,
    },
  };
}
