import type { Generated } from 'kysely';
import type { AlarmTables } from './tables/alarms.ts';
import type { AuditTables } from './tables/audit.ts';
import type { ComplianceTables } from './tables/compliance.ts';
import type { EcaTables } from './tables/eca.ts';
import type { EquipmentTables } from './tables/equipment.ts';
import type { LoadTables } from './tables/load.ts';
import type { OverviewTables } from './tables/overview.ts';
import type { RecordTables } from './tables/records.ts';
import type { RollupBucketColumns } from './tables/rollup.ts';
import type { SpeedTables } from './tables/speed.ts';
import type { SyncTables } from './tables/sync.ts';
import type { TrimTables } from './tables/trim.ts';
import type { UserTables } from './tables/users.ts';
import type { VoyageTables } from './tables/voyages.ts';
import type { WeatherTables } from './tables/weather.ts';

/**
 * Tables of the store. Times are ISO-8601 UTC strings on both dialects so that the same
 * queries run on SQLite and PostgreSQL. Each feature adds its tables here and a migration.
 */
export interface Database
  extends AlarmTables,
    VoyageTables,
    RecordTables,
    OverviewTables,
    TrimTables,
    LoadTables,
    EcaTables,
    EquipmentTables,
    WeatherTables,
    SpeedTables,
    SyncTables,
    UserTables,
    AuditTables,
    ComplianceTables {
  devices: DevicesTable;
  device_tokens: DeviceTokensTable;
  ships: ShipsTable;
  ship_start_info: ShipStartInfoTable;
  filling_records: FillingRecordsTable;
  channels: ChannelsTable;
  samples: SamplesTable;
  rollup_1m: RollupTable;
  rollup_1h: RollupTable;
  rollup_1d: RollupTable;
  sample_chunks: ChunkTable;
  minute_chunks: ChunkTable;
}

export interface DevicesTable {
  id: string;
  code: string;
  name: string;
  role: 'crew' | 'viewer' | 'admin';
  /** scrypt hash of the device secret, `salt:hash` in hex. */
  secret_hash: string;
  created_at: string;
}

export interface DeviceTokensTable {
  id: Generated<number>;
  /** sha256 of the token; the token itself is never stored. */
  token_hash: string;
  device_id: string;
  kind: 'device' | 'portal';
  expires_at: string;
  created_at: string;
  last_seen_at: string;
}

/** Channel ids (Signal K paths) numbered once, so the time-series tables stay narrow. */
export interface ChannelsTable {
  id: number;
  name: string;
}

/**
 * Raw samples, kept for the raw window only. Integer keys for speed: `t` is epoch milliseconds UTC
 * (an exception to the ISO-string rule above, as in every rollup table), `value` is SI.
 */
export interface SamplesTable {
  channel_id: number;
  t: number;
  value: number;
}

/** A rollup bucket (1 min, 1 h or 1 day) of one channel, kept forever. */
export interface RollupTable extends RollupBucketColumns {
  channel_id: number;
}

/**
 * A compressed chunk of one channel (features/telemetry/chunk-codec.ts): `sample_chunks` hold a closed hour of
 * raw samples (`t0` the hour's start, `t1` its last sample, epoch ms), `minute_chunks` a closed day of minute
 * rollups (`t0` the day's start, `t1` its last minute, epoch s); `n` rows in `data`.
 */
export interface ChunkTable {
  channel_id: number;
  t0: number;
  t1: number;
  n: number;
  data: Uint8Array;
}

/** Ship particulars; `data` is the contract's Ship as JSON, the columns are what reports filter on. */
export interface ShipsTable {
  id: string;
  mmsi: string;
  imo_number: string;
  name_en: string;
  ship_type: string;
  deadweight_t: number;
  gross_tonnage: number | null;
  data: string;
  created_at: string;
  updated_at: string;
  updated_by: string | null;
}

/** Start of a reporting period (year beginning, company/flag change, ...) with the opening fuel stock in `data`. */
export interface ShipStartInfoTable {
  id: string;
  ship_id: string;
  change_type: string;
  start_time: string;
  data: string;
  created_at: string;
  updated_at: string;
}

/** A voyage information filling record; the entered fields are JSON in `data`, `in_mrv`/`in_dcs` are 0/1. */
export interface FillingRecordsTable {
  id: string;
  ship_id: string;
  kind: string;
  status: 'draft' | 'not_submitted' | 'submitted';
  event_time: string | null;
  voyage_number: string | null;
  in_mrv: number;
  in_dcs: number;
  data: string;
  /** `crew` (entered in the console) or `simulator` (pre-filled from the simulator's voyages). */
  source: string;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
  updated_by: string | null;
}
