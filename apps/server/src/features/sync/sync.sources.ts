import { createHash } from 'node:crypto';

/**
 * What a ship sends its shore: the tables of the crew's and the machine's records, each a stream of the sync with
 * the column naming the row and the one giving its own time (the newest go first after an outage). Rows travel
 * whole (the table's columns as JSON) so the shore keeps everything the ship knows, whatever feature reads it later.
 */
export const recordSources = [
  { stream: 'ship', table: 'ships', time: 'updated_at' },
  { stream: 'ship_start_info', table: 'ship_start_info', time: 'start_time' },
  { stream: 'filling', table: 'filling_records', time: 'updated_at' },
  { stream: 'voyage_event', table: 'voyage_events', time: 'time' },
  { stream: 'bunker', table: 'bunker_records', time: 'start_time' },
  { stream: 'oil_change', table: 'oil_change_records', time: 'start_time' },
  { stream: 'hull_cleaning', table: 'hull_cleaning_records', time: 'start_time' },
  { stream: 'alarm', table: 'alarms', time: 'updated_at' },
  // Transitions are only ever appended (autoincrement id): read past a cursor, not compared whole.
  { stream: 'alarm_event', table: 'alarm_events', time: 'at', appendOnly: true },
] as const;

export type RecordSource = (typeof recordSources)[number];
export type RecordStream = RecordSource['stream'];

/**
 * Telemetry rollup levels the shore receives: one message per closed bucket with every channel (hours, days), and,
 * for the channel groups a ship is configured to send them of (`ECOHELM_SYNC_MINUTE_GROUPS`), one message per closed
 * hour with its minutes (`seconds` is what one message covers).
 */
export const rollupStreams = [
  { stream: 'rollup_1h', level: '1h', seconds: 3600 },
  { stream: 'rollup_1d', level: '1d', seconds: 86_400 },
  { stream: 'rollup_1m', level: '1m', seconds: 3600 },
] as const;
export type RollupStreamDef = (typeof rollupStreams)[number];
export type RollupStream = (typeof rollupStreams)[number]['stream'];

export const isRollupStream = (stream: string): stream is RollupStream =>
  rollupStreams.some((r) => r.stream === stream);

/** Subject of a ship's messages to the shore, and of the shore's to one ship. */
export const shipSubject = (shipId: string, stream: string) => `ecohelm.ship.${shipId}.${stream}`;
export const shoreSubject = (shipId: string, kind: string) => `ecohelm.shore.${shipId}.${kind}`;
/** The JetStream streams the shore creates: ships' messages in, decisions out. */
export const SHIPS_STREAM = 'ECOHELM_SHIPS';
export const SHORE_STREAM = 'ECOHELM_SHORE';

/** A subject token may not hold `.`, `*`, `>` or white space: an IMO number never does, but a typo might. */
export const subjectToken = (id: string) => id.trim().replace(/[.*>\s]/g, '_');

export const digestOf = (value: unknown): string =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 22);

/**
 * Digest of the crew's entries of a filling record: what a verification is about. Status changes (submitting,
 * reopening) leave it unchanged; any change the crew makes to the entries gives a new one.
 */
export const crewDigest = (row: {
  kind: unknown;
  event_time: unknown;
  voyage_number: unknown;
  data: unknown;
}) => digestOf([row.kind, row.event_time, row.voyage_number, row.data]);

/** A row's own time as epoch ms (ISO strings or numbers); 0 when it has none. */
export const timeOf = (value: unknown): number => {
  if (typeof value === 'number') return value;
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) ? ms : 0;
};

/** A record message: one version of one row, or its deletion. */
export interface RecordMessage {
  kind: 'record';
  ship: string;
  stream: RecordStream;
  key: string;
  version: number;
  t: number;
  deleted: boolean;
  row: Record<string, unknown> | null;
}

/**
 * A rollup message: one closed bucket of one level, every channel (name, n, sum, min, max, last, last time); for
 * minutes, a closed hour of them, each row with its own bucket start (epoch s) last.
 */
export interface RollupMessage {
  kind: 'rollup';
  ship: string;
  stream: RollupStream;
  t: number;
  version: number;
  rows: (
    | [string, number, number, number, number, number, number]
    | [string, number, number, number, number, number, number, number]
  )[];
}

/** The shore's decision on a filling record, to its ship. */
export interface ReviewMessage {
  kind: 'review';
  ship: string;
  recordId: string;
  decision: 'verified' | 'returned';
  comment: string;
  recordDigest: string;
  decidedAt: string;
  decidedBy: string | null;
  seq: number;
}

export type SyncMessage = RecordMessage | RollupMessage | ReviewMessage;
