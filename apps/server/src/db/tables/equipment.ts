import type { Generated } from 'kysely';

export interface EquipmentParametersTable {
  id: Generated<number>;
  unit: string;
  /** The contract's EquipmentParameters as JSON. */
  value: string;
  updated_at: string;
  updated_by: string | null;
}

export interface EquipmentTables {
  equipment_parameters: EquipmentParametersTable;
}
