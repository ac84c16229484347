import { CHANNEL, channelById, channelCatalogue, inChannelRange } from '@ecohelm/domain';
import { AppError } from '../../platform/errors.ts';
import type { TelemetryService } from '../telemetry/index.ts';
import type { DiskGuard } from './disk-guard.ts';
import type { RejectReason, Sample, SampleSink } from './types.ts';

/**
 * The times a live sample may carry, relative to the ship clock (the server's): at most `futureMs` ahead
 * and at most `pastMs` behind (the raw retention; 0 or less: no lower bound).
 */
export interface TimeWindow {
  futureMs: number;
  pastMs: number;
}

export const defaultTimeWindow: TimeWindow = { futureMs: 5 * 60_000, pastMs: 7 * 86_400_000 };

export interface WriteOptions {
  /** A history import (CSV, log replay): older than the raw window is fine, the future is not. */
  history?: boolean;
}

/** Own-property lookup of catalogue ids, so `__proto__` or `constructor` never match an inherited member. */
const catalogueIds: Record<string, true> = Object.create(null) as Record<string, true>;
for (const c of channelCatalogue) catalogueIds[c.id] = true;

const positionMember = (channel: string) => channel === CHANNEL.lat || channel === CHANNEL.lon;

const describe = (value: unknown): string => {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 40));
  if (value !== null && typeof value === 'object') return 'an object';
  return String(value);
};

const describeTime = (t: unknown): string =>
  typeof t === 'number' && Number.isFinite(t) && Math.abs(t) < 8.64e15
    ? new Date(t).toISOString()
    : String(t);

/** Counters of one source since the server started. */
export interface SourceStatus {
  source: string;
  accepted: number;
  rejected: Partial<Record<RejectReason, number>>;
  lastAcceptedAt: number | undefined;
  lastRejectedAt: number | undefined;
  /** The last rejection, for the operator: reason plus a short excerpt. */
  lastReject: { reason: RejectReason; detail: string } | undefined;
}

export interface IngestLogger {
  warn(obj: object, msg: string): void;
}

/** At most this many reject log lines per source per minute; the counters still count them all. */
const LOG_PER_MINUTE = 10;

/**
 * The one validated path from every adapter to the store: a sample is stored only when its channel
 * is in the catalogue and its value is a finite number inside the channel's valid range. Everything
 * else is counted per source and reason, logged at a bounded rate and dropped; nothing here throws
 * at the adapter.
 */
export class IngestPipeline implements SampleSink {
  readonly #telemetry: TelemetryService;
  readonly #log: IngestLogger | undefined;
  readonly #sources = new Map<string, SourceStatus>();
  readonly #logBudget = new Map<string, { minute: number; used: number; suppressed: number }>();
  readonly #now: () => number;

  readonly #disk: Pick<DiskGuard, 'space'> | undefined;
  readonly #window: TimeWindow;
  /** The newest millisecond stored per channel, to count a second value at it. */
  readonly #lastT = new Map<string, number>();
  /** Per source, how far the newest sample of its last stored batch was behind the time it was stored, ms. */
  readonly #lagMs = new Map<string, number>();

  constructor(
    telemetry: TelemetryService,
    log?: IngestLogger,
    now: () => number = Date.now,
    disk?: Pick<DiskGuard, 'space'>,
    window: Partial<TimeWindow> = {},
  ) {
    this.#telemetry = telemetry;
    this.#log = log;
    this.#now = now;
    this.#disk = disk;
    this.#window = { ...defaultTimeWindow, ...window };
  }

  #status(source: string): SourceStatus {
    let s = this.#sources.get(source);
    if (!s) {
      s = {
        source,
        accepted: 0,
        rejected: {},
        lastAcceptedAt: undefined,
        lastRejectedAt: undefined,
        lastReject: undefined,
      };
      this.#sources.set(source, s);
    }
    return s;
  }

  /** Counts and (rate-limited) logs one dropped input. */
  reject(source: string, reason: RejectReason, detail: string, count = 1): void {
    const s = this.#status(source);
    s.rejected[reason] = (s.rejected[reason] ?? 0) + count;
    s.lastRejectedAt = this.#now();
    const excerpt = detail.length > 120 ? `${detail.slice(0, 117)}...` : detail;
    s.lastReject = { reason, detail: excerpt };
    if (!this.#log) return;
    const minute = Math.floor(this.#now() / 60_000);
    let budget = this.#logBudget.get(source);
    if (!budget || budget.minute !== minute) {
      if (budget?.suppressed) {
        this.#log.warn(
          { source, suppressed: budget.suppressed },
          'ingest rejects not logged in the last minute',
        );
      }
      budget = { minute, used: 0, suppressed: 0 };
      this.#logBudget.set(source, budget);
    }
    if (budget.used < LOG_PER_MINUTE) {
      budget.used += 1;
      this.#log.warn({ source, reason, detail: excerpt }, 'ingest input dropped');
    } else {
      budget.suppressed += count;
    }
  }

  /**
   * The gate, without storing: the samples that pass, the others counted as rejects. In order: the channel
   * is in the catalogue (`__proto__` and other names that are not ours included: `unknown_path`); the value is
   * a number (`true`/`false` only for 0/1 channels: `wrong_type`; null `empty_value`; NaN `not_a_number`) in
   * the channel's range; the time is inside the window (`out_of_time`, so a clock of 2999 or 1970 cannot
   * freeze a channel); a second value of a channel at one millisecond is `duplicate_time` (the batch's last
   * one is kept, a millisecond already stored keeps its value). A coordinate whose partner at the same time
   * is refused is refused with it, so a position is stored whole or not at all.
   */
  validate(source: string, samples: readonly Sample[], options: WriteOptions = {}): Sample[] {
    const now = this.#now();
    const latest = now + this.#window.futureMs;
    const earliest = options.history || this.#window.pastMs <= 0 ? -Infinity : now - this.#window.pastMs;
    let ok: Sample[] = [];
    let refusedCoordinates: Map<number, RejectReason> | undefined;
    for (const sample of samples) {
      const reason = this.#check(source, sample, earliest, latest);
      if (reason === undefined) {
        ok.push(
          typeof (sample.value as unknown) === 'boolean'
            ? { ...sample, value: Number(sample.value) }
            : sample,
        );
      } else if (positionMember(sample.channel) && Number.isFinite(sample.t)) {
        refusedCoordinates ??= new Map();
        refusedCoordinates.set(sample.t, reason);
      }
    }
    if (refusedCoordinates) {
      const refused = refusedCoordinates;
      ok = ok.filter((s) => {
        const why = positionMember(s.channel) ? refused.get(s.t) : undefined;
        if (why === undefined) return true;
        this.reject(source, why, `${s.channel}=${s.value} refused with its partner coordinate`);
        return false;
      });
    }
    return this.#dedupe(source, ok);
  }

  /** Why one sample is refused (counted here), or undefined when it passes. */
  #check(source: string, sample: Sample, earliest: number, latest: number): RejectReason | undefined {
    const channel = sample.channel as unknown;
    const def =
      typeof channel === 'string' && Object.hasOwn(catalogueIds, channel) ? channelById(channel) : undefined;
    if (!def) {
      this.reject(source, 'unknown_path', String(channel));
      return 'unknown_path';
    }
    const value = sample.value as unknown;
    let reason: RejectReason | undefined;
    if (value === null || value === undefined) reason = 'empty_value';
    else if (typeof value === 'boolean') reason = def.unit === 'bool' ? undefined : 'wrong_type';
    else if (typeof value !== 'number') reason = 'wrong_type';
    else if (!Number.isFinite(value)) reason = 'not_a_number';
    else if (!inChannelRange(def, value)) reason = 'out_of_range';
    if (reason === undefined) {
      const t = sample.t as unknown;
      if (typeof t !== 'number' || !Number.isFinite(t)) reason = 'malformed';
      else if (t > latest || t < earliest) reason = 'out_of_time';
    }
    if (reason !== undefined) {
      this.reject(source, reason, `${def.id}=${describe(value)} at ${describeTime(sample.t)}`);
    }
    return reason;
  }

  /** Keeps one value per channel and millisecond: the batch's last, unless that millisecond is stored. */
  #dedupe(source: string, samples: Sample[]): Sample[] {
    if (samples.length === 0) return samples;
    const seen = new Set<string>();
    const kept: Sample[] = [];
    let duplicates = 0;
    let example = '';
    for (let i = samples.length - 1; i >= 0; i--) {
      const s = samples[i]!;
      const key = `${s.t}|${s.channel}`;
      if (seen.has(key) || this.#lastT.get(s.channel) === s.t) {
        duplicates += 1;
        example ||= `${s.channel} at ${describeTime(s.t)}`;
        continue;
      }
      seen.add(key);
      kept.push(s);
    }
    if (duplicates > 0) this.reject(source, 'duplicate_time', example, duplicates);
    return duplicates > 0 ? kept.reverse() : samples;
  }

  /**
   * Validates and stores a batch; resolves once the valid samples are durable (the acknowledgement
   * HTTP and MQTT give). A store failure is counted and rethrown so HTTP callers answer 5xx.
   */
  async write(source: string, samples: readonly Sample[], options: WriteOptions = {}): Promise<void> {
    const ok = this.validate(source, samples, options);
    if (ok.length === 0) return;
    if (this.#disk?.space().low) {
      this.reject(source, 'disk_full', `${ok.length} samples`, ok.length);
      throw new AppError(
        'insufficient_storage',
        507,
        'The disk of the store is nearly full: telemetry is paused so that records can still be saved.',
      );
    }
    try {
      await this.#telemetry.writeSamples(ok);
    } catch (error) {
      this.reject(source, 'store_failed', (error as Error).message, ok.length);
      throw error;
    }
    let newest = Number.NEGATIVE_INFINITY;
    for (const sample of ok) {
      const last = this.#lastT.get(sample.channel);
      if (last === undefined || sample.t > last) this.#lastT.set(sample.channel, sample.t);
      if (sample.t > newest) newest = sample.t;
    }
    const s = this.#status(source);
    s.accepted += ok.length;
    s.lastAcceptedAt = this.#now();
    this.#lagMs.set(source, s.lastAcceptedAt - newest);
  }

  /** Ingest lag per source: how far its last stored batch's newest sample was behind the moment it was stored, ms. */
  lag(): { source: string; lagMs: number }[] {
    return [...this.#lagMs].map(([source, lagMs]) => ({ source, lagMs }));
  }

  /** Like `write` for adapters that cannot answer an error (UDP, TCP, MQTT): never rejects. */
  writeQuietly(source: string, samples: readonly Sample[], options: WriteOptions = {}): Promise<void> {
    return this.write(source, samples, options).catch(() => undefined);
  }

  /** Counters of every source seen, sorted by name. */
  status(): SourceStatus[] {
    return [...this.#sources.values()]
      .sort((a, b) => a.source.localeCompare(b.source))
      .map((s) => ({ ...s, rejected: { ...s.rejected } }));
  }
}

/** Buffers samples from a streaming adapter and writes them in batches (size or time, whichever first). */
export class SampleBatcher {
  readonly #sink: (samples: Sample[]) => Promise<void>;
  readonly #maxSize: number;
  readonly #maxDelayMs: number;
  #buffer: Sample[] = [];
  #timer: NodeJS.Timeout | undefined;
  #inflight: Promise<void> = Promise.resolve();

  constructor(
    sink: (samples: Sample[]) => Promise<void>,
    options: { maxSize?: number; maxDelayMs?: number } = {},
  ) {
    this.#sink = sink;
    this.#maxSize = options.maxSize ?? 5000;
    this.#maxDelayMs = options.maxDelayMs ?? 250;
  }

  push(samples: readonly Sample[]): void {
    for (const s of samples) this.#buffer.push(s);
    if (this.#buffer.length >= this.#maxSize) void this.flush();
    else if (!this.#timer && this.#buffer.length > 0) {
      this.#timer = setTimeout(() => void this.flush(), this.#maxDelayMs);
    }
  }

  /** Writes what is buffered; resolves when it (and every earlier batch) is stored. */
  flush(): Promise<void> {
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    const batch = this.#buffer;
    this.#buffer = [];
    if (batch.length > 0)
      this.#inflight = this.#inflight.then(() => this.#sink(batch)).catch(() => undefined);
    return this.#inflight;
  }
}
