import type { Generated } from 'kysely';

export interface LoadSettingsTable {
  id: Generated<number>;
  /** The contract's LoadSettings as JSON. */
  value: string;
  updated_at: string;
  updated_by: string | null;
}

export interface LoadTables {
  load_settings: LoadSettingsTable;
}
