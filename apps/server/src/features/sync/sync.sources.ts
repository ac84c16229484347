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

/**
 * The ship's reconciliation (after its first sync and daily): per UTC day (start, epoch s) a checksum of its hourly
 * and daily buckets, over the closed days in [from, to). The shore compares its own and asks for the days that differ.
 */
export interface ManifestMessage {
  kind: 'manifest';
  ship: string;
  from: number;
  to: number;
  days: Record<string, string>;
}

/** The shore's answer to a manifest: the days (start, epoch s) the ship should send again; none: reconciled. */
export interface ResendMessage {
  kind: 'resend';
  ship: string;
  days: number[];
}

export type SyncMessage = RecordMessage | RollupMessage | ReviewMessage | ManifestMessage | ResendMessage;

type BucketRow = RollupMessage['rows'][number];

/**
 * Checksum of one bucket's content, the same on both sides: its rows in channel order with the numbers as JSON
 * writes them (the shore's PostgreSQL keeps them as doubles, which round-trip). Empty: no rows.
 */
export const bucketDigest = (rows: readonly BucketRow[]): string =>
  digestOf(
    [...rows]
      .map((r) => r.map((v) => (typeof v === 'number' ? Number(v) : v)))
      .sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : Number(a[7] ?? 0) - Number(b[7] ?? 0))),
  );

/** The UTC day a bucket start (epoch s) falls in. */
export const dayOf = (tS: number): number => Math.floor(tS / 86_400) * 86_400;

/** The streams a reconciliation compares: hours and days (minutes are a configured extra and are not compared). */
export const RECONCILED_STREAMS = ['rollup_1h', 'rollup_1d'] as const;

/**
 * Per-day checksums from the buckets' digests (`stream`, start epoch s, digest; empty buckets left out), in a
 * canonical order, so the ship and the shore agree whatever order they read their rows in.
 */
export function dayChecksums(buckets: Iterable<[string, number, string]>): Map<number, string> {
  const byDay = new Map<number, string[]>();
  for (const [stream, t, digest] of buckets) {
    const day = dayOf(t);
    const list = byDay.get(day) ?? [];
    if (list.length === 0) byDay.set(day, list);
    list.push(`${stream}:${t}:${digest}`);
  }
  const out = new Map<number, string>();
  for (const [day, list] of byDay) out.set(day, digestOf(list.sort()));
  return out;
}
