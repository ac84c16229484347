import type { Generated } from 'kysely';

export interface EcaCustomZonesTable {
  id: string;
  kind: string;
  name: string;
  sulphur_limit: number;
  valid_from: string;
  valid_until: string | null;
  /** `{ latitude, longitude, radiusNm }` or `{ positions }`, plus the boundary `ring`. */
  data: string;
  created_at: string;
  created_by: string | null;
}

export interface EcaSettingsTable {
  id: Generated<number>;
  value: string;
  updated_at: string;
  updated_by: string | null;
}

export interface EcaTables {
  eca_custom_zones: EcaCustomZonesTable;
  eca_settings: EcaSettingsTable;
}
