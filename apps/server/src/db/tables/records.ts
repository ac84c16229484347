import type { Generated, Selectable } from 'kysely';

/** Tables of the records feature (migration 0004-records). Times are ISO-8601 UTC strings. */
export interface RecordTables {
  bunker_records: BunkerRecordsTable;
  oil_change_records: OilChangeRecordsTable;
  hull_cleaning_records: HullCleaningRecordsTable;
}

interface Common {
  id: Generated<number>;
  start_time: string;
  end_time: string;
  /** `crew` when entered in the console, `simulator` when the built-in simulator wrote it. */
  source: string;
  created_at: string;
}

export interface BunkerRecordsTable extends Common {
  port: string;
  fuel_type: string;
  quantity_t: number;
  supplier: string;
  tank_number: string;
  sulphur_pct: number | null;
  bdn_number: string | null;
}

export interface OilChangeRecordsTable extends Common {
  equipment: string;
  oil_type_before: string;
  oil_type_after: string;
  latitude: number | null;
  longitude: number | null;
  reason: string;
  operator: string;
}

export interface HullCleaningRecordsTable extends Common {
  /** `hull_cleaning`, `propeller_polishing` or `dry_dock`. */
  kind: Generated<string>;
  place: string;
  latitude: number | null;
  longitude: number | null;
  remark: string;
}

/** Stored rows as read (the shore reads the ship's rows in these shapes too). */
export type BunkerRecordRow = Selectable<BunkerRecordsTable>;
export type OilChangeRecordRow = Selectable<OilChangeRecordsTable>;
