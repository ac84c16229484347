import { CHANNEL, channelById, inChannelRange } from '@ecohelm/domain';
import { recordSources, rollupStreams, type SyncMessage } from './sync.sources.ts';

/*
 * The shore's intake gate (issue 30): what it believes of a ship's message before storing it. Pure functions; the
 * shore's consumer (sync.shore.ts) sets a refused message aside as a dead letter with the reason given here.
 */

const LAT = CHANNEL.lat;
const LON = CHANNEL.lon;

/** Why the shore set a message aside (`fleet_dead_letters.reason`). */
export type DeadReason =
  | 'undecodable'
  | 'identity'
  | 'unregistered'
  | 'future'
  | 'no_fix'
  | 'out_of_range'
  | 'unstorable';

/**
 * A bucket row as the ship's ingest would have let its samples in: a channel name, finite numbers, and for a
 * catalogue channel (not an angle, nor a circular one's Σ sin / Σ cos) a minimum and maximum inside its range.
 */
function badRow(row: unknown): { reason: DeadReason; detail: string } | undefined {
  if (!Array.isArray(row) || typeof row[0] !== 'string' || row.length < 7 || row.length > 8)
    return { reason: 'undecodable', detail: 'a bucket row is not [channel, n, sum, min, max, last, lastT]' };
  if (!row.slice(1).every((v) => typeof v === 'number' && Number.isFinite(v)))
    return { reason: 'undecodable', detail: `a bucket row of ${row[0]} has a value that is not a number` };
  const def = channelById(row[0]);
  // Angles are left out: a ship's rollup of one that wraps at 2π may run a little past it (the 100-ship bench's
  // simulated ships do), and the bucket is the ship's truth either way.
  if (
    def &&
    !def.circular &&
    (!inChannelRange(def, row[3] as number) || !inChannelRange(def, row[4] as number))
  )
    return { reason: 'out_of_range', detail: `${row[0]} outside its range (${row[3]}…${row[4]})` };
  return undefined;
}

/** Text without control characters (PostgreSQL's text holds no NUL; a parse error quotes the garbage). */
export const printable = (text: string): string =>
  Array.from(text, (c) => (c.charCodeAt(0) < 32 ? '?' : c)).join('');

/** The ship a subject names: `ecohelm.ship.<id>.<stream>` (the subject the ship's NATS user may publish on). */
export const subjectShip = (subject: string): string => subject.split('.')[2] ?? '';

/**
 * The intake gate, before anything is stored: the body must name the ship of its subject (the identity the NATS
 * server checked), the ship must be registered (or auto-registered), and a bucket may not start beyond the shore's
 * clock plus a margin nor put the ship at (0, 0) (latitude and longitude both exactly 0: no fix, as the ship's own
 * ingest drops). Returns the refusal, or undefined to store it; 'retired' messages are dropped.
 */
export function intakeGate(
  subjectId: string,
  body: SyncMessage,
  status: string | undefined,
  options: { autoRegister: boolean; nowS: number; futureMarginS: number },
): { reason: DeadReason | 'retired'; detail: string } | undefined {
  if (body.kind === 'review' || body.kind === 'resend')
    return { reason: 'identity', detail: `a ship may not send a ${body.kind}` };
  if (!['record', 'rollup', 'manifest'].includes(body.kind) || typeof body.ship !== 'string')
    return { reason: 'undecodable', detail: `not a ship's message (kind ${String(body.kind)})` };
  if (body.ship !== subjectId)
    return {
      reason: 'identity',
      detail: `the body names ship ${String(body.ship)}, the subject ${subjectId}`,
    };
  if (status === 'retired') return { reason: 'retired', detail: 'the ship is retired' };
  if (status === undefined && !options.autoRegister)
    return { reason: 'unregistered', detail: `ship ${subjectId} is not registered ashore` };
  if (
    body.kind === 'record' &&
    (!recordSources.some((x) => x.stream === body.stream) ||
      typeof body.key !== 'string' ||
      !Number.isInteger(body.version))
  )
    return { reason: 'undecodable', detail: 'not a record of a known stream' };
  if (body.kind === 'rollup') {
    const r = rollupStreams.find((x) => x.stream === body.stream);
    if (!r || !Number.isFinite(body.t) || !Array.isArray(body.rows))
      return { reason: 'undecodable', detail: 'not a rollup bucket' };
    for (const row of body.rows) {
      const bad = badRow(row);
      if (bad) return bad;
    }
    const limit = options.nowS + options.futureMarginS;
    const lastMs = Math.max(0, ...body.rows.map((row) => Number(row[6]) || 0));
    if (body.t > limit || lastMs / 1000 > limit)
      return {
        reason: 'future',
        detail: `bucket ${new Date(body.t * 1000).toISOString()} is ahead of the shore clock`,
      };
    const last = (channel: string) => body.rows.find((row) => row[0] === channel)?.[5];
    if (last(LAT) === 0 && last(LON) === 0)
      return { reason: 'no_fix', detail: 'position (0, 0) without a fix' };
  }
  return undefined;
}
