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
    latitude: 'navigation.position.latitude',
    longitude: 'navigation.position.longitude',
  },
  'navigation.attitude': { roll: 'navigation.attitude.roll', pitch: 'navigation.attitude.pitch' },
  'environment.current': { drift: 'environment.current.drift', setTrue: 'environment.current.setTrue' },
};

/** The Signal K path a flattened member channel is sent under (`navigation.position` for its latitude). */
export function compoundParent(channel: string): string | undefined {
  for (const [parent, members] of Object.entries(compound)) {
    if (Object.values(members).includes(channel)) return parent;
  }
  return undefined;
}

/**
 * Flattens a delta into samples (values as sent: Signal K is SI already). Only `vessels.self`
 * (or no context) is ours; other vessels' deltas (AIS relays) are skipped and reported as `other`.
 * A value that is not a number is passed on as NaN/null so validation counts it.
 */
export function samplesFromDelta(
  delta: SignalKDeltaMessage,
  now: number,
): { samples: Sample[]; malformed: number; otherVessels: number } {
  const samples: Sample[] = [];
  let malformed = 0;
  if (delta.context && delta.context !== 'vessels.self' && !delta.context.startsWith('vessels.self')) {
    return { samples, malformed, otherVessels: 1 };
  }
  if (!Array.isArray(delta.updates)) return { samples, malformed: 1, otherVessels: 0 };
  for (const update of delta.updates) {
    const parsed = update.timestamp ? Date.parse(update.timestamp) : now;
    if (Number.isNaN(parsed) || !Array.isArray(update.values)) {
      malformed += 1;
      continue;
    }
    for (const v of update.values) {
      if (typeof v?.path !== 'string') {
        malformed += 1;
        continue;
      }
      const parts = compound[v.path];
      if (parts && v.value && typeof v.value === 'object') {
        for (const [key, channel] of Object.entries(parts)) {
          const member = (v.value as Record<string, unknown>)[key];
          if (member !== undefined) samples.push({ channel, t: parsed, value: member as number });
        }
        continue;
      }
      const value = typeof v.value === 'boolean' ? Number(v.value) : v.value;
      samples.push({ channel: v.path, t: parsed, value: value as number });
    }
  }
  return { samples, malformed, otherVessels: 0 };
}
