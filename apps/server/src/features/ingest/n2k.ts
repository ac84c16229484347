import { FromPgn, parseN2kString } from '@canboat/canboatjs';
import { channelById } from '@ecohelm/domain';
import n2kSignalK from '@signalk/n2k-signalk';
import { defaultEngineInstances, type EngineInstanceMap, enginePathMapper } from './engine-instances.ts';
import type { LineDecoder } from './nmea-sources.ts';
import type { NmeaResult } from './nmea0183.ts';
import { parseSignalKFrame, samplesFromDelta } from './signalk.ts';

/**
 * Manufacturers' own PGNs (NMEA 2000 proprietary ranges, and canboat's numbers above the 17-bit range): a
 * healthy bus carries many that no open decoder reads, so they are counted apart from malformed lines.
 */
export const isProprietaryPgn = (pgn: number): boolean =>
  pgn === 61184 ||
  (pgn >= 65280 && pgn <= 65535) ||
  pgn === 126720 ||
  (pgn >= 130816 && pgn <= 131071) ||
  pgn > 131071;

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
  readonly #mapPath: (path: string) => string;
  #parseError = false;

  constructor(options: { clock: 'data' | 'receive'; now?: () => number; engines?: EngineInstanceMap }) {
    this.#clock = options.clock;
    this.#now = options.now ?? Date.now;
    this.#mapPath = enginePathMapper(options.engines ?? defaultEngineInstances);
    this.#parser.on('error', () => {
      this.#parseError = true;
    });
    this.#parser.on('warning', () => undefined);
  }

  decode(line: string): NmeaResult {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return { kind: 'ignored' };
    let pgn: ReturnType<FromPgn['parseString']>;
    this.#parseError = false;
    try {
      pgn = this.#parser.parseString(trimmed);
    } catch (error) {
      return { kind: 'reject', reason: 'malformed', detail: `${trimmed} (${(error as Error).message})` };
    }
    if (!pgn) return this.#undecoded(trimmed);
    let mapped: unknown;
    try {
      mapped = this.#mapper.toDelta(pgn);
    } catch (error) {
      return { kind: 'reject', reason: 'malformed', detail: `PGN ${pgn.pgn}: ${(error as Error).message}` };
    }
    if (mapped === undefined || mapped === null) return { kind: 'ignored' };
    const frame = parseSignalKFrame(mapped);
    const delta = frame.deltas[0];
    if (!delta) return { kind: 'reject', reason: 'malformed', detail: `PGN ${pgn.pgn}: ${frame.detail}` };
    if (delta.updates.length === 0) return { kind: 'ignored' };
    const now = this.#now();
    for (const u of delta.updates) {
      if (this.#clock === 'receive') u.timestamp = undefined;
      for (const v of u.values) v.path = this.#mapPath(v.path);
    }
    const { samples } = samplesFromDelta(delta, now);
    const ours = samples.filter((s) => channelById(s.channel));
    return ours.length > 0 ? { kind: 'samples', samples: ours } : { kind: 'ignored' };
  }

  /**
   * A line canboat gave nothing for: not a frame at all (malformed), a proprietary PGN (counted apart), or one
   * frame of a multi-frame PGN still waiting for the others (nothing to count yet).
   */
  #undecoded(line: string): NmeaResult {
    if (this.#parseError) return { kind: 'reject', reason: 'malformed', detail: line };
    let frame: { pgn?: unknown; error?: unknown };
    try {
      frame = parseN2kString(line, {}) as { pgn?: unknown; error?: unknown };
    } catch {
      return { kind: 'reject', reason: 'malformed', detail: line };
    }
    if (frame.error || typeof frame.pgn !== 'number')
      return { kind: 'reject', reason: 'malformed', detail: line };
    if (isProprietaryPgn(frame.pgn))
      return { kind: 'reject', reason: 'unsupported_pgn', detail: `PGN ${frame.pgn}` };
    return { kind: 'ignored' };
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

/** The NMEA 2000 line protocol with an engine instance map of the configuration. */
export const nmea2000With = (engines: EngineInstanceMap) => ({
  name: 'nmea2000',
  decoder: (clock: 'data' | 'receive') => new N2kDecoder({ clock, engines }),
});
