import type { Generated } from 'kysely';
import type { RollupBucketColumns } from './rollup.ts';

/**
 * Tables of the sync feature (migration 0034-sync). `sync_*` are the ship's side (what waits to be sent, cursors,
 * the shore's decisions received); `fleet_*` are the shore's side, every row keyed by ship. Times are ISO-8601 UTC
 * strings except the epoch numbers named `t`.
 */
export interface SyncTables {
  sync_items: SyncItemsTable;
  sync_state: SyncStateTable;
  sync_reviews: SyncReviewsTable;
  fleet_ships: FleetShipsTable;
  fleet_records: FleetRecordsTable;
  fleet_rollups: FleetRollupsTable;
  fleet_reviews: FleetReviewsTable;
  fleet_dead_letters: FleetDeadLettersTable;
}

/**
 * The ship's outbox: one row per record or rollup bucket the shore should have. `version` counts the changes seen,
 * `sent_version` the last one the shore's JetStream acknowledged; `pending` is 1 while they differ.
 */
export interface SyncItemsTable {
  stream: string;
  key: string;
  version: number;
  sent_version: number;
  /** Digest of the row as last seen (records), `deleted` once the row is gone, `bucket` for rollups. */
  digest: string;
  /** The record's own time (epoch ms), so the newest go first after an outage. */
  t: number;
  pending: number;
  /** Since when the current version waits. */
  queued_at: string;
}

/** Cursors and small facts of the link (`rollup_1h`: last bucket queued, `last_contact`, ...). */
export interface SyncStateTable {
  key: string;
  value: string;
}

/** The shore's decisions received on the ship (the shore owns verification). */
export interface SyncReviewsTable {
  record_id: string;
  decision: string;
  comment: string;
  decided_at: string;
  decided_by: string | null;
  record_digest: string;
  received_at: string;
}

export interface FleetShipsTable {
  ship_id: string;
  name: string | null;
  last_contact_at: string | null;
  /** `registered` (its messages are stored) or `retired` (set aside); migration 0037. */
  status: Generated<string>;
  /** Messages on its subject whose body named another ship. */
  refused: Generated<number>;
  /** When its history last matched the ship's, day by day; null: the shore's figures of it are partial. */
  reconciled_at: string | null;
}

/** A ship's message the shore set aside, with why (migration 0037); `data` is the message's bytes, base64. */
export interface FleetDeadLettersTable {
  id: Generated<number>;
  ship_id: string;
  subject: string;
  /** `undecodable`, `identity`, `unregistered`, `future`, `no_fix`, `out_of_range`, `unstorable`. */
  reason: string;
  detail: string;
  data: string;
  /** The message's `Content-Encoding` header (`deflate`), if any. */
  encoding: string | null;
  deliveries: number;
  at: string;
}

/** Every record of every ship, as the ship last sent it (`data` is the ship's row as JSON). */
export interface FleetRecordsTable {
  ship_id: string;
  stream: string;
  key: string;
  version: number;
  t: number;
  deleted: number;
  data: string;
  received_at: string;
}

/** Hourly and daily rollups of every ship; partitioned by year of `t` (epoch s) on PostgreSQL. */
export interface FleetRollupsTable extends RollupBucketColumns {
  ship_id: string;
  level: string;
  channel: string;
  /** When the shore stored this version of the bucket, epoch ms (0 before migration 0036). */
  received_at: number;
}

/** The shore's decisions; `seq` counts them per record, `sent_at` is set once the ship's stream has it. */
export interface FleetReviewsTable {
  ship_id: string;
  record_id: string;
  decision: string;
  comment: string;
  record_digest: string;
  decided_at: string;
  decided_by: string | null;
  seq: number;
  sent_at: string | null;
}
