import { signalKDeltaSchema } from '@ecohelm/contracts';
import { CHANNEL } from '@ecohelm/domain';
import type { Sample } from './types.ts';

/** A Signal K delta message (specification v1.8.2); only what ingest needs is typed. */
export interface SignalKDeltaMessage {
  context?: string;
  updates?: {
    timestamp?: string;
    $source?: string;
    values?: { path?: unknown; value?: unknown }[];
  }[];
}

/** Objects Signal K sends as one value whose members are our channels. */
const compound: Record<string, Record<string, string>> = {
  'navigation.position': {
    latitude: CHANNEL.lat,
    longitude: CHANNEL.lon,
  },
  'navigation.attitude': { roll: CHANNEL.heel, pitch: CHANNEL.pitch },
  'environment.current': { drift: CHANNEL.currentDrift, setTrue: CHANNEL.currentSet },
};

/** The Signal K path a flattened member channel is sent under (`navigation.position` for its latitude). */
export function compoundParent(channel: string): string | undefined {
  return parentOf.get(channel);
}

const parentOf = new Map(
  Object.entries(compound).flatMap(([parent, members]) => Object.values(members).map((m) => [m, parent])),
);

/** A delta that passed the contract's schema. */
export interface ValidDelta extends SignalKDeltaMessage {
  context?: string;
  updates: { timestamp?: string; $source?: string; values: { path: string; value?: unknown }[] }[];
}

/** What one received frame holds once checked against the contract's delta schema. */
export interface ParsedFrame {
  /** The deltas that have the delta's shape. */
  deltas: ValidDelta[];
  /** Frames (or array members) that claim to be deltas but do not have the shape: count as `malformed`. */
  malformed: number;
  /** The first schema problem, for the operator. */
  detail: string;
}

/**
 * The one parse of a received Signal K frame (HTTP body, websocket message, the client's stream, MQTT,
 * n2k-signalk's output): one delta or an array of them, each checked against the same zod schema the HTTP
 * route validates with. Nothing here throws; what does not fit is counted by the caller.
 */
export function parseSignalKFrame(raw: unknown): ParsedFrame {
  const out: ParsedFrame = { deltas: [], malformed: 0, detail: '' };
  const items = Array.isArray(raw) ? raw : [raw];
  for (const item of items) {
    const r = signalKDeltaSchema.safeParse(item);
    if (r.success) out.deltas.push(r.data as ValidDelta);
    else {
      out.malformed += 1;
      if (!out.detail) {
        const issue = r.error.issues[0];
        out.detail = issue ? `${issue.path.join('.') || 'delta'}: ${issue.message}` : 'not a delta';
      }
    }
  }
  return out;
}

/**
 * Flattens a delta into samples (values as sent: Signal K is SI already). Only `vessels.self`
 * (or no context) is ours; other vessels' deltas (AIS relays) are skipped and reported as `other`.
 * A value that is not a number is passed on as it is so the pipeline's gate counts it.
 */
export function samplesFromDelta(
  delta: SignalKDeltaMessage,
  now: number,
): { samples: Sample[]; malformed: number; otherVessels: number } {
  const samples: Sample[] = [];
  let malformed = 0;
  if (!delta || typeof delta !== 'object') return { samples, malformed: 1, otherVessels: 0 };
  const context = delta.context as unknown;
  if (context !== undefined && typeof context !== 'string') return { samples, malformed: 1, otherVessels: 0 };
  if (context && context !== 'vessels.self' && !context.startsWith('vessels.self')) {
    return { samples, malformed, otherVessels: 1 };
  }
  if (!Array.isArray(delta.updates)) return { samples, malformed: 1, otherVessels: 0 };
  for (const update of delta.updates) {
    if (!update || typeof update !== 'object') {
      malformed += 1;
      continue;
    }
    const stamp = update.timestamp as unknown;
    const parsed =
      stamp === undefined || stamp === null ? now : typeof stamp === 'string' ? Date.parse(stamp) : NaN;
    if (Number.isNaN(parsed) || !Array.isArray(update.values)) {
      malformed += 1;
      continue;
    }
    for (const v of update.values) {
      if (typeof v?.path !== 'string') {
        malformed += 1;
        continue;
      }
      // Own members only: `__proto__` or `constructor` must reach the gate as unknown paths, not vanish.
      const parts = Object.hasOwn(compound, v.path) ? compound[v.path] : undefined;
      if (parts && v.value && typeof v.value === 'object') {
        for (const [key, channel] of Object.entries(parts)) {
          const member = (v.value as Record<string, unknown>)[key];
          if (member !== undefined) samples.push({ channel, t: parsed, value: member as number });
        }
        continue;
      }
      // Passed on as sent: the pipeline's gate judges the type (a boolean only for 0/1 channels).
      samples.push({ channel: v.path, t: parsed, value: v.value as number });
    }
  }
  return { samples, malformed, otherVessels: 0 };
}
