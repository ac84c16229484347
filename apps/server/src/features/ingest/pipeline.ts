import { channelById, inChannelRange } from '@ecohelm/domain';
import { AppError } from '../../platform/errors.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';
import type { DiskGuard } from './disk-guard.ts';
import type { RejectReason, Sample, SampleSink } from './types.ts';

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

  constructor(
    telemetry: TelemetryService,
    log?: IngestLogger,
    now: () => number = Date.now,
    disk?: Pick<DiskGuard, 'space'>,
  ) {
    this.#telemetry = telemetry;
    this.#log = log;
    this.#now = now;
    this.#disk = disk;
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

  /** Validates without storing: the samples that pass, the others counted as rejects. */
  validate(source: string, samples: readonly Sample[]): Sample[] {
    const ok: Sample[] = [];
    for (const sample of samples) {
      const def = channelById(sample.channel);
      if (!def) {
        this.reject(source, 'unknown_path', sample.channel);
        continue;
      }
      const value = sample.value as unknown;
      if (value === null || value === undefined) {
        this.reject(source, 'empty_value', sample.channel);
        continue;
      }
      if (typeof value !== 'number' || !Number.isFinite(value) || !Number.isFinite(sample.t)) {
        this.reject(source, 'not_a_number', `${sample.channel}=${String(value)}`);
        continue;
      }
      if (!inChannelRange(def, value)) {
        this.reject(source, 'out_of_range', `${sample.channel}=${value}`);
        continue;
      }
      ok.push(sample);
    }
    return ok;
  }

  /**
   * Validates and stores a batch; resolves once the valid samples are durable (the acknowledgement
   * HTTP and MQTT give). A store failure is counted and rethrown so HTTP callers answer 5xx.
   */
  async write(source: string, samples: readonly Sample[]): Promise<void> {
    const ok = this.validate(source, samples);
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
    const s = this.#status(source);
    s.accepted += ok.length;
    s.lastAcceptedAt = this.#now();
  }

  /** Like `write` for adapters that cannot answer an error (UDP, TCP, MQTT): never rejects. */
  writeQuietly(source: string, samples: readonly Sample[]): Promise<void> {
    return this.write(source, samples).catch(() => undefined);
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
