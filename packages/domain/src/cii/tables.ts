import formulas from '../../data/cii-formulas.json' with { type: 'json' };
import g5 from '../../data/cii-g5-coefficients.json' with { type: 'json' };
import boundaries from '../../data/cii-rating-boundaries.json' with { type: 'json' };
import reductionFactors from '../../data/cii-reduction-factors.json' with { type: 'json' };
import referenceLines from '../../data/cii-reference-lines.json' with { type: 'json' };

/** Ship-type ids of MEPC.353(78) G2 Table 1 as spelt in `cii-reference-lines.json`. */
export type CiiShipType =
  | 'bulk_carrier'
  | 'gas_carrier'
  | 'tanker'
  | 'container_ship'
  | 'general_cargo_ship'
  | 'refrigerated_cargo_carrier'
  | 'combination_carrier'
  | 'lng_carrier'
  | 'ro_ro_cargo_ship_vehicle_carrier'
  | 'ro_ro_cargo_ship'
  | 'ro_ro_passenger_ship'
  | 'ro_ro_passenger_ship_hsc'
  | 'cruise_passenger_ship';

/** Capacity basis of a ship type (MEPC.352(78) G1 para 4.3). */
export type CapacityBasis = 'DWT' | 'GT';

/** A size band of a table row: `min ≤ value < max` on the row's basis. */
export interface Band {
  readonly basis: CapacityBasis | null;
  readonly min: number;
  readonly max: number;
  readonly text: string;
}

/** One parsed MEPC.353(78) G2 Table 1 row. */
export interface ReferenceLineRow {
  readonly shipType: CiiShipType;
  readonly band: Band;
  readonly basis: CapacityBasis;
  /** Capacity fixed by the table (caps), or null when the ship's own DWT/GT is used. */
  readonly fixedCapacity: number | null;
  readonly a: number;
  readonly aRaw: string;
  readonly c: number;
}

/** One parsed MEPC.354(78) G4 Table 1 row (exp(d1..d4)). */
export interface BoundaryRow {
  readonly shipType: CiiShipType;
  readonly band: Band;
  readonly expD: readonly [number, number, number, number];
}

/** Parses the table's condition strings: `all`, `DWT >= N`, `GT < N`, `N <= DWT < M`. */
export function parseBand(condition: string): Band {
  const range = /^(\d+)\s*<=\s*(DWT|GT)\s*<\s*(\d+)$/.exec(condition.trim());
  if (range) {
    return {
      basis: range[2] as CapacityBasis,
      min: Number(range[1]),
      max: Number(range[3]),
      text: condition,
    };
  }
  const single = /^(DWT|GT)\s*(>=|<)\s*(\d+)$/.exec(condition.trim());
  if (single) {
    const n = Number(single[3]);
    return single[2] === '>='
      ? { basis: single[1] as CapacityBasis, min: n, max: Number.POSITIVE_INFINITY, text: condition }
      : { basis: single[1] as CapacityBasis, min: 0, max: n, text: condition };
  }
  return { basis: null, min: 0, max: Number.POSITIVE_INFINITY, text: condition };
}

function parseFixed(capacityUsed: string): number | null {
  const m = /^fixed\s+(\d+)$/.exec(capacityUsed.trim());
  return m ? Number(m[1]) : null;
}

/** Parsed G2 Table 1 (MEPC.353(78)). */
export const REFERENCE_LINE_ROWS: readonly ReferenceLineRow[] = referenceLines.rows.map((r) => ({
  shipType: r.ship_type as CiiShipType,
  band: parseBand(r.condition),
  basis: r.capacity_basis as CapacityBasis,
  fixedCapacity: parseFixed(r.capacity_used),
  a: r.a,
  aRaw: r.a_raw,
  c: r.c,
}));

/** Parsed G4 Table 1 (MEPC.354(78)). */
export const BOUNDARY_ROWS: readonly BoundaryRow[] = boundaries.rows.map((r) => ({
  shipType: r.ship_type as CiiShipType,
  band: parseBand(r.condition),
  expD: [r.exp_d1, r.exp_d2, r.exp_d3, r.exp_d4] as const,
}));

/** Every ship type of G2 Table 1, in table order. */
export const CII_SHIP_TYPES: readonly CiiShipType[] = [
  ...new Set(REFERENCE_LINE_ROWS.map((r) => r.shipType)),
];

/**
 * Ship types with no own row in G4 Table 1 and the row they use. The HSC row is absent in
 * MEPC.354(78); the table's flag says to use the ro-ro passenger ship dd vector.
 */
export const BOUNDARY_ROW_ALIASES: Readonly<Partial<Record<CiiShipType, CiiShipType>>> = {
  ro_ro_passenger_ship_hsc: 'ro_ro_passenger_ship',
};

/** Z (%) by year, MEPC.338(76) for 2019–2026 and MEPC.400(83) for 2027–2030. */
export const REDUCTION_FACTORS: ReadonlyMap<number, { zPercent: number; source: string }> = new Map(
  reductionFactors.values.map((v) => [v.year, { zPercent: v.Z_percent, source: v.source }]),
);

/** Resolution names, read from the tables so the result can cite them. */
export const CII_SOURCES = {
  referenceLines: referenceLines.source.resolution,
  boundaries: boundaries.source.resolution,
  attained: formulas.attained_cii_supply_based_AER.source,
  requiredRule: formulas.required_cii.source,
  corrective: formulas.corrective_action_rule.source,
  g5: formulas.G5_correction_factors_and_voyage_adjustments.resolution,
  requiredRatingLevel: formulas.rating.required_rating_level,
} as const;

/** MEPC.355(78) G5 coefficients (flagged in the source table as recalled, not re-read). */
export const G5_COEFFICIENTS = {
  deductionBase: g5.cargo_related_deduction_base,
  deductionStepPerYear: g5.cargo_related_deduction_step_per_year,
  yearIndexBase: g5.year_index_base_year,
} as const;
