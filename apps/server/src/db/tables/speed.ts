import type { Generated } from 'kysely';

export interface VoyagePlansTable {
  id: Generated<number>;
  voyage_no: string;
  etd: string;
  /** `simulator`, `crew` or `rtz`. */
  source: string;
  /** The contract's VoyagePlanInput as JSON. */
  value: string;
  updated_at: string;
  updated_by: string | null;
}

export interface ShipConditionsTable {
  id: Generated<number>;
  ship_status: number;
  loading_status: number;
  cargo_t: number;
  set_at: string;
  set_by: string | null;
}

/** The rpm advice as given, sampled every few minutes; `t` is epoch ms (as in the rollup tables). */
export interface RpmAdviceTable {
  t: number;
  advised_rpm: number;
  actual_rpm: number | null;
}

export interface RpmAdjustmentsTable {
  id: Generated<number>;
  at: string;
  decision: string;
  rpm: number;
  advised_rpm: number | null;
  reason: string;
  by: string | null;
}

export interface SpeedTables {
  voyage_plans: VoyagePlansTable;
  ship_conditions: ShipConditionsTable;
  rpm_advice: RpmAdviceTable;
  rpm_adjustments: RpmAdjustmentsTable;
}
