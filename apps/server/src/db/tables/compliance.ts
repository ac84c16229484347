/** FuelEU flexibility recorded per ship and year (migration 0039-fueleu-flexibility, features/compliance). */
export interface ComplianceTables {
  fueleu_flexibility: FuelEuFlexibilityTable;
}

export interface FuelEuFlexibilityTable {
  ship_id: string;
  year: number;
  /** Surplus banked from `year` to the next (Art. 20(1)), t CO2e. */
  banked_t: number;
  /** Advance surplus borrowed in `year` from the next (Art. 20(2)), t CO2e. */
  borrowed_t: number;
  /** 1 when a FuelEU penalty was paid for `year` (Art. 23(2)). */
  penalised: number;
  updated_at: string;
}
