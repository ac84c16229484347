import { FromPgn } from '@canboat/canboatjs';
import { channelById } from '@ecohelm/domain';
import n2kSignalK from '@signalk/n2k-signalk';
import type { LineDecoder } from './nmea-sources.ts';
import type { NmeaResult } from './nmea0183.ts';
import { type SignalKDeltaMessage, samplesFromDelta } from './signalk.ts';

/**
 * NMEA 2000 from a CAN gateway, as text lines in any of the formats canboat reads (Actisense
 * `actisense-serial` / `analyzer` output, Yacht Devices RAW, PCDIN, …): canboat decodes each PGN and the
 * Signal K project's n2k-signalk turns it into a Signal K delta, which takes the same path as every other
 * Signal K source. Paths outside our channel catalogue (batteries, AIS class, GNSS details) are part of any
 * bus and are skipped without counting as refused; other vessels' deltas (AIS) likewise.
 */
export class N2kDecoder implements LineDecoder {
  readonly #parser = new FromPgn({ returnNulls: false });
  readonly #mapper = new n2kSignalK.N2kMapper({});
  readonly #clock: 'data' | 'receive';
  readonly #now: () => number;

  constructor(options: { clock: 'data' | 'receive'; now?: () => number }) {
    this.#clock = options.clock;
    this.#now = options.now ?? Date.now;
    this.#parser.on('error', () => undefined);
    this.#parser.on('warning', () => undefined);
  }

  decode(line: string): NmeaResult {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return { kind: 'ignored' };
    let pgn: ReturnType<FromPgn['parseString']>;
    try {
      pgn = this.#parser.parseString(trimmed);
    } catch (error) {
      return { kind: 'reject', reason: 'malformed', detail: `${trimmed} (${(error as Error).message})` };
    }
    if (!pgn) return { kind: 'reject', reason: 'malformed', detail: trimmed };
    const delta = this.#mapper.toDelta(pgn) as SignalKDeltaMessage | undefined;
    if (!delta?.updates?.length) return { kind: 'ignored' };
    const now = this.#now();
    if (this.#clock === 'receive') for (const u of delta.updates) u.timestamp = undefined;
    const { samples } = samplesFromDelta(delta, now);
    const ours = samples.filter((s) => channelById(s.channel));
    return ours.length > 0 ? { kind: 'samples', samples: ours } : { kind: 'ignored' };
  }

  drain() {
    return [];
  }
}

/** The NMEA 2000 line protocol for the TCP client and file replay. */
export const nmea2000 = {
  name: 'nmea2000',
  decoder: (clock: 'data' | 'receive') => new N2kDecoder({ clock }),
};
