import { createRequire } from 'node:module';
import { CHANNEL, celsiusToKelvin, degToRad } from '@ecohelm/domain';
import type { RejectReason, Sample } from './types.ts';

const require = createRequire(import.meta.url);

interface SignalKDelta {
  updates?: { timestamp?: string | null; values?: { path: string; value: unknown }[] }[];
}
interface SignalKParser {
  parse(sentence: string): SignalKDelta | null | undefined;
}
const Parser = require('@signalk/nmea0183-signalk') as new () => SignalKParser;

/** What one line of NMEA 0183 gave: samples (SI) or why it was dropped, or nothing worth storing. */
export type NmeaResult =
  | { kind: 'samples'; samples: Sample[] }
  | { kind: 'reject'; reason: RejectReason; detail: string }
  | { kind: 'ignored' };

/** Signal K paths the parser emits that are not time series of ours (metadata, AIS, GNSS status). */
const ignoredPrefixes = [
  'navigation.gnss.',
  'navigation.magneticVariation',
  // We store true directions; magnetic ones follow from the variation.
  'navigation.courseOverGroundMagnetic',
  'environment.wind.directionMagnetic',
  'navigation.datetime',
  'navigation.log',
  'navigation.trip.',
  'navigation.courseRhumbline',
  'navigation.courseGreatCircle',
  'navigation.destination',
  'environment.depth.surfaceToTransducer',
  'environment.depth.transducerToKeel',
  'environment.time',
  'environment.mode',
  'notifications.',
  'communication.',
  'performance.',
];

/** True when `line` is `$...*hh` / `!...*hh` with a matching XOR checksum. */
export function checksumValid(line: string): boolean {
  const star = line.lastIndexOf('*');
  if (star < 1 || star + 3 !== line.length) return false;
  let sum = 0;
  for (let i = 1; i < star; i++) sum ^= line.charCodeAt(i);
  return sum === Number.parseInt(line.slice(star + 1), 16);
}

const SENTENCE = /^[$!][A-Z][A-Z0-9]{4,5},[\x20-\x7e]*\*[0-9A-Fa-f]{2}$/;

/**
 * XDR (transducer measurements), which the Signal K parser lacks: quadruplets of type, value, unit,
 * name. Names are free text; we map the common ones (B&G, Garmin, Airmar) to our channels.
 */
export function parseXdr(fields: readonly string[]): { channel: string; value: number }[] {
  const out: { channel: string; value: number }[] = [];
  for (let i = 0; i + 3 < fields.length + 1; i += 4) {
    const [type, raw, unit, rawName] = [fields[i], fields[i + 1], fields[i + 2], fields[i + 3] ?? ''];
    if (raw === undefined || raw === '') continue;
    const v = Number(raw);
    const name = rawName.toUpperCase();
    if (!Number.isFinite(v)) {
      out.push({ channel: `xdr.${name || 'unnamed'}`, value: Number.NaN });
      continue;
    }
    const angle = type === 'A' && (unit === 'D' || unit === '') ? degToRad(v) : undefined;
    if (angle !== undefined && (name === 'HEEL' || name === 'ROLL'))
      out.push({ channel: CHANNEL.heel, value: angle });
    else if (angle !== undefined && (name === 'TRIM' || name === 'PITCH'))
      out.push({ channel: CHANNEL.pitch, value: angle });
    else if (angle !== undefined && name.startsWith('RUDDER'))
      out.push({ channel: CHANNEL.rudder, value: angle });
    else if (type === 'C' && (name === 'AIRTEMP' || name === 'ENV_OUTAIR_T' || name === 'TEMPAIR')) {
      out.push({ channel: CHANNEL.airTemp, value: unit === 'K' ? v : celsiusToKelvin(v) });
    } else if (type === 'C' && (name === 'WTRTEMP' || name === 'ENV_WATER_T' || name === 'WATER')) {
      out.push({ channel: CHANNEL.seaTemp, value: unit === 'K' ? v : celsiusToKelvin(v) });
    } else if (type === 'P' && (name === 'BARO' || name === 'BAROMETER' || name === 'ENV_ATMOS_P')) {
      out.push({ channel: CHANNEL.airPressure, value: unit === 'B' ? v * 100_000 : v });
    } else if (type === 'D' && unit === 'M' && name === 'TRIM') out.push({ channel: CHANNEL.trim, value: v });
    else out.push({ channel: `xdr.${name || 'unnamed'}`, value: v });
  }
  return out;
}

/** Signal K names RPM channels `propulsion.engine_<n>` / `shaft_<n>`; we have one main engine. */
const renamePath = (path: string): string =>
  path.replace(/^propulsion\.(?:engine|shaft)_?\d*\./, 'propulsion.main.');

/**
 * Decodes a stream of NMEA 0183 lines into samples. Sentences without a date (most of them) are
 * stamped with the stream's clock: the last RMC/ZDA date-time in `data` mode (file replay), or the
 * receive time in `receive` mode (live UDP/TCP). In `data` mode samples that arrive before the
 * first dated sentence wait (up to 10,000) and take its time.
 */
export class NmeaDecoder {
  readonly #parser = new Parser();
  readonly #clock: 'data' | 'receive';
  readonly #now: () => number;
  #dataTime: number | undefined;
  #pending: Sample[] = [];

  constructor(options: { clock?: 'data' | 'receive'; now?: () => number } = {}) {
    this.#clock = options.clock ?? 'receive';
    this.#now = options.now ?? Date.now;
  }

  decode(rawLine: string): NmeaResult {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) return { kind: 'ignored' };
    // Some multiplexers prefix a tag block (`\s:...*hh\`) or a timestamp: keep from the sentence start.
    const start = line.search(/[$!]/);
    const sentence = start > 0 ? line.slice(start) : line;
    if (!SENTENCE.test(sentence)) return { kind: 'reject', reason: 'malformed', detail: line };
    if (!checksumValid(sentence)) return { kind: 'reject', reason: 'bad_checksum', detail: line };
    const type = sentence.slice(3, sentence.indexOf(','));
    if (sentence.startsWith('!')) return { kind: 'ignored' }; // AIS: other ships, not our channels.
    if (type === 'XDR') {
      const fields = sentence.slice(sentence.indexOf(',') + 1, sentence.lastIndexOf('*')).split(',');
      return this.#stamp(parseXdr(fields), undefined);
    }
    let delta: SignalKDelta | null | undefined;
    try {
      delta = this.#parser.parse(sentence);
    } catch (error) {
      return { kind: 'reject', reason: 'malformed', detail: `${line} (${(error as Error).message})` };
    }
    if (!delta?.updates) return { kind: 'reject', reason: 'unsupported_sentence', detail: type };
    const values: { channel: string; value: number }[] = [];
    let sentenceTime: number | undefined;
    for (const update of delta.updates) {
      // Only RMC and ZDA carry a date; GGA/GLL timestamps are today's date with the fix time.
      if ((type === 'RMC' || type === 'ZDA') && update.timestamp) sentenceTime = Date.parse(update.timestamp);
      for (const { path, value } of update.values ?? []) {
        if (ignoredPrefixes.some((p) => path.startsWith(p))) continue;
        if (path === 'navigation.position' && value && typeof value === 'object') {
          const pos = value as { latitude?: number; longitude?: number };
          values.push({ channel: CHANNEL.lat, value: pos.latitude as number });
          values.push({ channel: CHANNEL.lon, value: pos.longitude as number });
          continue;
        }
        if (value !== null && typeof value === 'object') continue;
        values.push({ channel: renamePath(path), value: value as number });
      }
    }
    if (sentenceTime !== undefined && Number.isNaN(sentenceTime)) sentenceTime = undefined;
    return this.#stamp(values, sentenceTime);
  }

  #stamp(values: { channel: string; value: number }[], sentenceTime: number | undefined): NmeaResult {
    if (this.#clock === 'receive') {
      const t = this.#now();
      return { kind: 'samples', samples: values.map((v) => ({ ...v, t })) };
    }
    if (sentenceTime !== undefined && (this.#dataTime === undefined || sentenceTime >= this.#dataTime)) {
      this.#dataTime = sentenceTime;
    }
    if (this.#dataTime === undefined) {
      if (this.#pending.length < 10_000) for (const v of values) this.#pending.push({ ...v, t: Number.NaN });
      return { kind: 'ignored' };
    }
    const t = this.#dataTime;
    const samples = values.map((v) => ({ ...v, t }));
    if (this.#pending.length > 0) {
      for (const p of this.#pending) p.t = t;
      samples.unshift(...this.#pending);
      this.#pending = [];
    }
    return { kind: 'samples', samples };
  }

  /** Samples still waiting for a date at the end of a file: stamped with the receive time. */
  drain(): Sample[] {
    const t = this.#now();
    const out = this.#pending.map((p) => ({ ...p, t }));
    this.#pending = [];
    return out;
  }
}
