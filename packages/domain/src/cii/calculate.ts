import { DomainInputError, requireNonNegative } from '../errors.ts';
import { fuelFactors } from '../fuels/factors.ts';
import { GRAMS_PER_TONNE } from '../units/index.ts';
import {
  type Band,
  BOUNDARY_ROW_ALIASES,
  BOUNDARY_ROWS,
  type BoundaryRow,
  CII_SHIP_TYPES,
  CII_SOURCES,
  type CiiShipType,
  G5_COEFFICIENTS,
  REDUCTION_FACTORS,
  REFERENCE_LINE_ROWS,
  type ReferenceLineRow,
} from './tables.ts';

/** CII rating letters, best first (MEPC.354(78) G4). */
export type CiiRating = 'A' | 'B' | 'C' | 'D' | 'E';

/** The five ratings in order, best first. */
export const CII_RATINGS: readonly CiiRating[] = ['A', 'B', 'C', 'D', 'E'];

/** Fuel mass per fuel id (IMO ids of fuels.json or product ids), tonnes. */
export type FuelTonnesById = Readonly<Record<string, number>>;

/**
 * Optional MEPC.355(78) (G5) correction factors and voyage adjustments. Fuel masses in tonnes
 * per fuel id; distances in nm. Each is subtracted as the G5 formula says.
 */
export interface CiiCorrections {
  /** FC_voyage,j: fuel on voyages dealing with reg. 3.1 situations or ice navigation (t). */
  readonly voyageFuelTonnes?: FuelTonnesById;
  /** D_x: distance of those excluded voyage periods (nm). */
  readonly excludedDistanceNm?: number;
  /** TF_j: fuel of ship-to-ship / shuttle-tanker cargo transfer operations (t). */
  readonly transferFuelTonnes?: FuelTonnesById;
  /** FC_electrical,j: reefer / cargo-cooling electrical fuel (t). */
  readonly electricalFuelTonnes?: FuelTonnesById;
  /** FC_boiler,j: cargo-heating boiler fuel (t). */
  readonly boilerFuelTonnes?: FuelTonnesById;
  /** FC_others,j: standalone engines driving cargo pumps and other G5 items (t). */
  readonly otherFuelTonnes?: FuelTonnesById;
  /** f_i ice-class capacity factor (EEDI guidelines); default 1. */
  readonly fi?: number;
  /** f_m factor for IA Super / IA ice class; default 1. */
  readonly fm?: number;
  /** f_c cubic-capacity correction factor; default 1. */
  readonly fc?: number;
  /** f_iVSE voluntary structural enhancement factor; default 1. */
  readonly fiVse?: number;
}

/** Input of {@link calculateCii}. */
export interface CiiInput {
  /** Ship type id of MEPC.353(78) G2 Table 1 (`bulk_carrier`, `tanker`, ...). */
  readonly shipType: string;
  /** Deadweight, metric tonnes (needed for DWT-based ship types). */
  readonly dwt?: number;
  /** Gross tonnage (ITC 1969, dimensionless; needed for GT-based ship types). */
  readonly gt?: number;
  /** Calendar year of the data; selects Z (MEPC.338(76) / MEPC.400(83)). */
  readonly year: number;
  /** D_t: distance travelled, nm. */
  readonly distanceNm: number;
  /** FC_j: fuel consumed per fuel id, tonnes. */
  readonly fuelTonnes: FuelTonnesById;
  /** G5 corrections; omitted → plain AER of G1. */
  readonly corrections?: CiiCorrections;
}

/** The rating boundaries, g CO2/(capacity·nm) (required CII × exp(d1..d4), MEPC.354(78)). */
export interface CiiBoundaries {
  readonly superior: number;
  readonly lower: number;
  readonly upper: number;
  readonly inferior: number;
}

/** Result of {@link calculateCii}. */
export interface CiiResult {
  /** Σ FC_j·CF_j, tonnes CO2 (before G5 deductions). */
  readonly co2Tonnes: number;
  /** CO2 counted in the attained CII after G5 deductions, tonnes. */
  readonly co2CountedTonnes: number;
  /** Capacity used: DWT (t) or GT, after the table's caps. */
  readonly capacity: number;
  readonly capacityBasis: 'DWT' | 'GT';
  /** Distance counted, nm (D_t − D_x). */
  readonly distanceCountedNm: number;
  /** Attained annual operational CII (AER), g CO2/(capacity·nm). */
  readonly attainedCii: number;
  /** CII_ref = a·Capacity^(−c), g CO2/(capacity·nm). */
  readonly referenceCii: number;
  /** Z, % below the 2019 reference line. */
  readonly reductionFactor: number;
  /** Required CII = (1 − Z/100)·CII_ref, g CO2/(capacity·nm). */
  readonly requiredCii: number;
  readonly boundaries: CiiBoundaries;
  /** attained / required. */
  readonly ratio: number;
  readonly rating: CiiRating;
  /** Resolutions and table rows that produced the result. */
  readonly rules: readonly string[];
}

function isShipType(id: string): id is CiiShipType {
  return (CII_SHIP_TYPES as readonly string[]).includes(id);
}

function inBand(band: Band, dwt: number | undefined, gt: number | undefined): boolean {
  if (band.basis === null) return true;
  const v = band.basis === 'DWT' ? dwt : gt;
  return v !== undefined && v >= band.min && v < band.max;
}

function requireCapacityInput(shipType: CiiShipType, basis: 'DWT' | 'GT', input: CiiInput): number {
  const value = basis === 'DWT' ? input.dwt : input.gt;
  const field = basis === 'DWT' ? 'dwt' : 'gt';
  if (value === undefined || value === null) {
    throw new DomainInputError(
      'missing_capacity',
      field,
      value,
      `${shipType} uses ${basis} as capacity (MEPC.353(78) Table 1) but ${field} was not given`,
    );
  }
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new DomainInputError(
      'capacity_out_of_range',
      field,
      value,
      `${field} must be a positive finite number to select a band of MEPC.353(78) Table 1, got ${String(value)}`,
    );
  }
  return value;
}

/** Selects the G2 Table 1 row and capacity for a ship (applies the table's fixed capacities). */
export function referenceLineFor(
  shipType: string,
  dims: { dwt?: number; gt?: number },
): { row: ReferenceLineRow; capacity: number } {
  if (!isShipType(shipType)) {
    throw new DomainInputError(
      'unknown_ship_type',
      'shipType',
      shipType,
      `unknown ship type '${shipType}': expected one of ${CII_SHIP_TYPES.join(', ')}`,
    );
  }
  const rows = REFERENCE_LINE_ROWS.filter((r) => r.shipType === shipType);
  const basis = rows[0]!.basis;
  const input = { shipType, year: 0, distanceNm: 0, fuelTonnes: {}, ...dims };
  const value = requireCapacityInput(shipType, basis, input);
  const row = rows.find((r) =>
    inBand(r.band, basis === 'DWT' ? value : undefined, basis === 'GT' ? value : undefined),
  );
  if (!row) {
    throw new DomainInputError(
      'capacity_out_of_range',
      basis === 'DWT' ? 'dwt' : 'gt',
      value,
      `${basis} ${value} falls in no band of MEPC.353(78) Table 1 for ${shipType}`,
    );
  }
  return { row, capacity: row.fixedCapacity ?? value };
}

function boundaryRowFor(shipType: CiiShipType, dwt: number | undefined, gt: number | undefined): BoundaryRow {
  const key = BOUNDARY_ROW_ALIASES[shipType] ?? shipType;
  const row = BOUNDARY_ROWS.find((r) => r.shipType === key && inBand(r.band, dwt, gt));
  if (!row) {
    throw new DomainInputError(
      'capacity_out_of_range',
      'shipType',
      shipType,
      `no MEPC.354(78) Table 1 row for ${shipType} at this size`,
    );
  }
  return row;
}

/** Z (%) for a year; throws `unknown_year` outside the tables (2019–2030). */
export function reductionFactorPercent(year: number): number {
  const z = REDUCTION_FACTORS.get(year);
  if (!z) {
    const years = [...REDUCTION_FACTORS.keys()];
    throw new DomainInputError(
      'unknown_year',
      'year',
      year,
      `no reduction factor Z for ${year}: MEPC.338(76)/MEPC.400(83) cover ${Math.min(...years)}–${Math.max(...years)}`,
    );
  }
  return z.zPercent;
}

/**
 * Rating from attained CII and boundaries (MEPC.354(78) G4 para 4): A below the superior boundary,
 * then B, C, D; E at or above the inferior boundary. A value exactly on a boundary takes the worse
 * grade (the table's reading; flagged there as not verified against the PDF).
 */
export function ciiRating(attainedCii: number, b: CiiBoundaries): CiiRating {
  if (attainedCii < b.superior) return 'A';
  if (attainedCii < b.lower) return 'B';
  if (attainedCii < b.upper) return 'C';
  if (attainedCii < b.inferior) return 'D';
  return 'E';
}

function sumCo2(fuel: FuelTonnesById | undefined, field: string): number {
  let co2 = 0;
  for (const [fuelId, t] of Object.entries(fuel ?? {})) {
    co2 += requireNonNegative(t, `${field}.${fuelId}`) * fuelFactors(fuelId, `${field}.${fuelId}`).cfCo2TPerT;
  }
  return co2;
}

function factorOrOne(v: number | undefined, field: string): number {
  return v === undefined ? 1 : requireNonNegative(v, `corrections.${field}`, true);
}

/**
 * Annual operational CII of a ship (MARPOL Annex VI reg. 28).
 *
 * - attained (MEPC.352(78) G1, supply-based AER) = Σ FC_j·CF_j / (Capacity·D_t), g CO2/(capacity·nm),
 *   CF from MEPC.364(79); with `corrections`, the MEPC.355(78) G5 formula
 *   Σ CF_j·{FC_j − (FC_voyage,j + TF_j + (0.75 − 0.03·y_i)·(FC_el,j + FC_boiler,j + FC_others,j))}
 *   / (f_i·f_m·f_c·f_iVSE·Capacity·(D_t − D_x)), y_i = year − 2023;
 * - reference = a·Capacity^(−c) (MEPC.353(78) G2 Table 1, with its capacity caps);
 * - required = (1 − Z/100)·reference (MEPC.338(76) / MEPC.400(83) G3);
 * - boundaries = required·exp(d_i) and rating A–E (MEPC.354(78) G4).
 *
 * Throws {@link DomainInputError} for an unknown ship type, fuel or year, a missing or
 * non-positive capacity, a non-positive distance or negative fuel.
 */
export function calculateCii(input: CiiInput): CiiResult {
  const { row, capacity } = referenceLineFor(input.shipType, input);
  const shipType = row.shipType;
  const zPercent = reductionFactorPercent(input.year);
  const distance = requireNonNegative(input.distanceNm, 'distanceNm', true);
  const co2Tonnes = sumCo2(input.fuelTonnes, 'fuelTonnes');
  const rules: string[] = [
    'MARPOL Annex VI reg. 28',
    `${CII_SOURCES.attained.split(';')[0]} (attained AER; CF per MEPC.364(79))`,
    `MEPC.353(78) G2 Table 1: ${shipType}, ${row.band.text}, a=${row.aRaw}, c=${row.c}${row.fixedCapacity !== null ? `, capacity fixed at ${row.fixedCapacity}` : ''}`,
    `${REDUCTION_FACTORS.get(input.year)?.source}: Z(${input.year}) = ${zPercent}%`,
  ];

  let co2Counted = co2Tonnes;
  let distanceCounted = distance;
  let factorProduct = 1;
  const c = input.corrections;
  if (c) {
    const yi = Math.max(0, input.year - G5_COEFFICIENTS.yearIndexBase);
    const cargoShare = Math.max(0, G5_COEFFICIENTS.deductionBase - G5_COEFFICIENTS.deductionStepPerYear * yi);
    const deducted =
      sumCo2(c.voyageFuelTonnes, 'corrections.voyageFuelTonnes') +
      sumCo2(c.transferFuelTonnes, 'corrections.transferFuelTonnes') +
      cargoShare *
        (sumCo2(c.electricalFuelTonnes, 'corrections.electricalFuelTonnes') +
          sumCo2(c.boilerFuelTonnes, 'corrections.boilerFuelTonnes') +
          sumCo2(c.otherFuelTonnes, 'corrections.otherFuelTonnes'));
    co2Counted = co2Tonnes - deducted;
    if (co2Counted < 0) {
      throw new DomainInputError(
        'invalid_range',
        'corrections',
        deducted,
        'G5 deductions exceed the fuel consumed in the period',
      );
    }
    distanceCounted =
      distance - requireNonNegative(c.excludedDistanceNm ?? 0, 'corrections.excludedDistanceNm');
    if (distanceCounted <= 0) {
      throw new DomainInputError(
        'invalid_range',
        'corrections.excludedDistanceNm',
        c.excludedDistanceNm,
        'excluded distance D_x must be less than the distance travelled D_t',
      );
    }
    factorProduct =
      factorOrOne(c.fi, 'fi') *
      factorOrOne(c.fm, 'fm') *
      factorOrOne(c.fc, 'fc') *
      factorOrOne(c.fiVse, 'fiVse');
    rules.push(`${CII_SOURCES.g5} (y_i = ${yi}, cargo-related share ${cargoShare})`);
  }

  const attainedCii = (co2Counted * GRAMS_PER_TONNE) / (factorProduct * capacity * distanceCounted);
  const referenceCii = row.a * capacity ** -row.c;
  const requiredCii = (1 - zPercent / 100) * referenceCii;
  const br = boundaryRowFor(
    shipType,
    row.basis === 'DWT' ? (input.dwt as number) : undefined,
    row.basis === 'GT' ? (input.gt as number) : undefined,
  );
  const boundaries: CiiBoundaries = {
    superior: requiredCii * br.expD[0],
    lower: requiredCii * br.expD[1],
    upper: requiredCii * br.expD[2],
    inferior: requiredCii * br.expD[3],
  };
  rules.push(`MEPC.354(78) G4 Table 1: ${br.shipType}, ${br.band.text}, exp(d1..d4) = ${br.expD.join('/')}`);
  return {
    co2Tonnes,
    co2CountedTonnes: co2Counted,
    capacity,
    capacityBasis: row.basis,
    distanceCountedNm: distanceCounted,
    attainedCii,
    referenceCii,
    reductionFactor: zPercent,
    requiredCii,
    boundaries,
    ratio: attainedCii / requiredCii,
    rating: ciiRating(attainedCii, boundaries),
    rules,
  };
}
