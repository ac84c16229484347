import { channelCatalogue } from '@ecohelm/domain';
import WebSocket from 'ws';
import { type Adapter, Redial, reasonOf } from './connection.ts';
import {
  defaultEngineInstances,
  type EngineInstanceMap,
  enginePathMapper,
  engineSubscriptionPaths,
} from './engine-instances.ts';
import type { IngestPipeline } from './pipeline.ts';
import { SampleBatcher } from './pipeline.ts';
import { compoundParent, parseSignalKFrame, type SignalKDeltaMessage, samplesFromDelta } from './signalk.ts';
import type { Sample } from './types.ts';

export interface SignalKClientOptions {
  /**
   * The Signal K server: its base address (`http://host:3000`, the endpoint document at `/signalk` is read
   * to find the stream) or the stream itself (`ws://host:3000/signalk/v1/stream`).
   */
  url: string;
  /** Access token when the server has security on (sent as `Authorization: Bearer`). */
  token?: string;
  /** `catalogue`: the paths of our channel catalogue (default); `all`: everything of the own vessel. */
  subscribe?: 'catalogue' | 'all';
  /**
   * Sources in order of preference (Signal K `$source` labels, e.g. `gps1.GP`, or a prefix such as `gps1`).
   * A path takes a lower source's values only while every higher one has been silent on it for `staleMs`.
   * Empty (default): the first source to send a path keeps it until it falls silent.
   */
  sourcePriority?: string[];
  staleMs?: number;
  /** First reconnect delay; doubles up to `retryMaxMs` (default 10 s). */
  retryMs?: number;
  retryMaxMs?: number;
  /** NMEA 2000 engine instances → our engines (default: instance 0 / `port` is the main engine). */
  engineInstances?: EngineInstanceMap;
}

/**
 * Which source a path is taken from when several send it (two GPS, two echo sounders). A source owns a path
 * while it keeps sending current data; a source of higher priority takes it over at once; any other source
 * takes it when the owner has been silent for `staleMs`. A value stamped more than `maxLagMs` behind its
 * receive time (a replayed or wrongly clocked source: signalk-server's 2014 N2K sample) or more than
 * `maxAheadMs` ahead of it can neither take nor keep a path: it passes only while nobody holds the path,
 * and the pipeline's time window judges it there.
 */
export class SourcePriority {
  readonly #rank: (source: string) => number;
  readonly #staleMs: number;
  readonly #maxLagMs: number;
  readonly #maxAheadMs: number;
  readonly #owner = new Map<string, { source: string; rank: number; lastT: number }>();

  constructor(
    priority: readonly string[] = [],
    staleMs = 10_000,
    options: { maxLagMs?: number; maxAheadMs?: number } = {},
  ) {
    this.#staleMs = staleMs;
    this.#maxLagMs = options.maxLagMs ?? 60_000;
    this.#maxAheadMs = options.maxAheadMs ?? 5 * 60_000;
    this.#rank = (source) => {
      const i = priority.findIndex((p) => source === p || source.startsWith(`${p}.`));
      return i === -1 ? priority.length : i;
    };
  }

  /** Whether a value of `path` from `source`, stamped `t`, received at `now` is taken. */
  accept(path: string, source: string, now: number, t: number = now): boolean {
    const owner = this.#owner.get(path);
    const current = !(now - t > this.#maxLagMs || t - now > this.#maxAheadMs);
    if (!current) {
      if (owner?.source === source) this.#owner.delete(path);
      else if (owner && now - owner.lastT <= this.#staleMs) return false;
      return true;
    }
    if (owner?.source === source) {
      owner.lastT = now;
      return true;
    }
    const rank = this.#rank(source);
    if (!owner || rank < owner.rank || now - owner.lastT > this.#staleMs) {
      this.#owner.set(path, { source, rank, lastT: now });
      return true;
    }
    return false;
  }
}

/** The label of an update's source: `$source`, or `label.talker` of a legacy `source` object. */
function sourceLabel(update: Record<string, unknown>): string {
  if (typeof update.$source === 'string') return update.$source;
  const s = update.source as Record<string, unknown> | undefined;
  if (s && typeof s === 'object') {
    return [s.label, s.talker ?? s.src ?? s.type]
      .filter((x) => typeof x === 'string' || typeof x === 'number')
      .join('.');
  }
  return 'unknown';
}

/** The paths to subscribe to for our catalogue: Signal K paths, compound members by their parent. */
export function catalogueSubscription(engines: EngineInstanceMap = defaultEngineInstances): string[] {
  const paths = new Set<string>();
  for (const c of channelCatalogue) if (c.signalK) paths.add(compoundParent(c.id) ?? c.id);
  for (const p of engineSubscriptionPaths(engines)) paths.add(p);
  return [...paths].sort();
}

/** Finds the stream address from a server's endpoint document (`GET /signalk`). */
export async function discoverStream(url: string, token?: string): Promise<string> {
  if (/^wss?:/.test(url)) return url;
  const base = url.replace(/\/+$/, '').replace(/\/signalk$/, '');
  const response = await fetch(`${base}/signalk`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) throw new Error(`${base}/signalk answered ${response.status}`);
  const doc = (await response.json()) as { endpoints?: { v1?: { 'signalk-ws'?: string } } };
  const ws = doc.endpoints?.v1?.['signalk-ws'];
  if (!ws) throw new Error(`${base}/signalk names no signalk-ws endpoint`);
  // A server behind a proxy may name its own host; we keep the host we reached it by.
  const found = new URL(ws);
  const reached = new URL(base);
  found.hostname = reached.hostname;
  found.port = reached.port;
  found.protocol = reached.protocol === 'https:' ? 'wss:' : 'ws:';
  return found.toString();
}

/**
 * Whether the server lets us read: a server with security on accepts the stream of a client without a
 * (valid) token but sends it nothing, so its REST API, which answers 401, is asked first.
 */
async function checkAccess(streamUrl: string, token?: string): Promise<string | undefined> {
  const api = new URL(streamUrl);
  api.protocol = api.protocol === 'wss:' ? 'https:' : 'http:';
  api.pathname = '/signalk/v1/api/vessels/self';
  api.search = '';
  const response = await fetch(api, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(5000),
  });
  await response.body?.cancel();
  if (response.status === 401 || response.status === 403) {
    return `${response.status} ${response.statusText}: the server has security on and the token is ${token ? 'refused' : 'missing'}`;
  }
  return undefined;
}

/**
 * What the client does with each frame of the stream: one schema-checked parse, the own vessel recognised,
 * engine instances mapped, source priority applied; every value it drops is counted. Never throws.
 */
export class SignalKStreamIntake {
  readonly #pipeline: IngestPipeline;
  readonly #source: string;
  readonly #push: (samples: Sample[]) => void;
  readonly #priority: SourcePriority;
  readonly #mapPath: (path: string) => string;
  readonly #now: () => number;
  #self = 'vessels.self';

  constructor(
    pipeline: IngestPipeline,
    source: string,
    push: (samples: Sample[]) => void,
    options: { priority?: SourcePriority; mapPath?: (path: string) => string; now?: () => number } = {},
  ) {
    this.#pipeline = pipeline;
    this.#source = source;
    this.#push = push;
    this.#priority = options.priority ?? new SourcePriority();
    this.#mapPath = options.mapPath ?? enginePathMapper();
    this.#now = options.now ?? Date.now;
  }

  message(text: string): void {
    try {
      this.#message(text);
    } catch (error) {
      this.#pipeline.reject(this.#source, 'malformed', `${(error as Error).message}: ${text.slice(0, 80)}`);
    }
  }

  #message(text: string): void {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      this.#pipeline.reject(this.#source, 'malformed', text.slice(0, 100));
      return;
    }
    if (message && typeof message === 'object' && !Array.isArray(message) && !('updates' in message)) {
      // The hello names the own vessel; other server messages (request replies) carry no data.
      const self = (message as { self?: unknown }).self;
      if (typeof self === 'string') this.#self = self.startsWith('vessels.') ? self : `vessels.${self}`;
      return;
    }
    const frame = parseSignalKFrame(message);
    if (frame.malformed > 0) {
      this.#pipeline.reject(
        this.#source,
        'malformed',
        `${frame.detail}: ${text.slice(0, 80)}`,
        frame.malformed,
      );
    }
    const now = this.#now();
    for (const delta of frame.deltas) {
      const context = delta.context === this.#self ? 'vessels.self' : delta.context;
      for (const update of delta.updates ?? []) {
        const { samples, malformed } = samplesFromDelta({ context, updates: [this.#mapped(update)] }, now);
        if (malformed > 0) this.#pipeline.reject(this.#source, 'malformed', text.slice(0, 100), malformed);
        if (samples.length === 0) continue;
        const kept = this.#prioritised(samples, sourceLabel(update as Record<string, unknown>), now);
        if (kept.length > 0) this.#push(kept);
      }
    }
  }

  #mapped(update: NonNullable<SignalKDeltaMessage['updates']>[number]) {
    const values = update.values;
    if (
      !Array.isArray(values) ||
      !values.some((v) => typeof v.path === 'string' && v.path.startsWith('propulsion.'))
    )
      return update;
    return {
      ...update,
      values: values.map((v) => (typeof v.path === 'string' ? { ...v, path: this.#mapPath(v.path) } : v)),
    };
  }

  /** The samples whose source may hold their path; the others counted as `lower_priority`. */
  #prioritised(samples: Sample[], label: string, now: number): Sample[] {
    let kept: Sample[] | undefined;
    for (let i = 0; i < samples.length; i++) {
      const sample = samples[i]!;
      const path = compoundParent(sample.channel) ?? sample.channel;
      const taken = this.#priority.accept(path, label, now, sample.t);
      if (taken) kept?.push(sample);
      else kept ??= samples.slice(0, i);
    }
    if (!kept) return samples;
    const refused = samples.length - kept.length;
    this.#pipeline.reject(this.#source, 'lower_priority', `${label}: ${refused} values`, refused);
    return kept;
  }
}

/**
 * Client of a Signal K server's delta stream: subscribes to our paths of the own vessel, ingests the
 * deltas through the validated path in batches, and reconnects with backoff whenever the server goes
 * away (rediscovering its endpoint each time).
 */
export function startSignalKClient(pipeline: IngestPipeline, options: SignalKClientOptions): Adapter {
  const source = `signalk:${options.url.replace(/^\w+:\/\//, '').replace(/\/.*$/, '')}`;
  const redial = new Redial(options);
  const priority = new SourcePriority(options.sourcePriority, options.staleMs);
  const batcher = new SampleBatcher((s) => pipeline.writeQuietly(source, s), {
    maxSize: 5000,
    maxDelayMs: 250,
  });
  let socket: WebSocket | undefined;
  const retry = (reason: string) => redial.retry(reason);

  const intake = new SignalKStreamIntake(pipeline, source, (samples) => batcher.push(samples), {
    priority,
    mapPath: enginePathMapper(options.engineInstances),
  });

  const connect = async () => {
    if (redial.stopped) return;
    let streamUrl: string;
    try {
      streamUrl = await discoverStream(options.url, options.token);
      const refused = await checkAccess(streamUrl, options.token);
      if (refused) {
        retry(refused);
        return;
      }
    } catch (error) {
      retry(reasonOf(error));
      return;
    }
    if (redial.stopped) return;
    const url = new URL(streamUrl);
    url.searchParams.set('subscribe', options.subscribe === 'all' ? 'self' : 'none');
    const ws = new WebSocket(url, {
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      handshakeTimeout: 5000,
    });
    socket = ws;
    let lastError = 'connection closed';
    let answered = false;
    ws.on('open', () => {
      redial.connection.set('connected');
      if (options.subscribe !== 'all') {
        ws.send(
          JSON.stringify({
            context: 'vessels.self',
            subscribe: catalogueSubscription(options.engineInstances).map((path) => ({
              path,
              policy: 'instant',
            })),
          }),
        );
      }
    });
    ws.on('unexpected-response', (_req, res) => {
      lastError = `${res.statusCode} ${res.statusMessage ?? ''}`.trim();
      if (res.statusCode === 401 || res.statusCode === 403) lastError += ': the token is missing or refused';
      ws.terminate();
    });
    ws.on('message', (data) => {
      // The backoff resets only once the server has said something: a server that accepts and drops the
      // stream at once (a crash loop) is retried with growing delays.
      if (!answered) {
        answered = true;
        redial.backoff.reset();
      }
      intake.message(data.toString());
    });
    ws.on('error', (error) => {
      lastError = reasonOf(error);
    });
    ws.on('close', () => {
      if (socket === ws) socket = undefined;
      retry(lastError);
    });
  };

  return redial.start(source, connect, async () => {
    socket?.terminate();
    await batcher.flush();
  });
}
