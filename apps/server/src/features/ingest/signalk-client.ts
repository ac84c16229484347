import { channelCatalogue } from '@ecohelm/domain';
import WebSocket from 'ws';
import { type Adapter, Backoff, Connection, reasonOf } from './connection.ts';
import type { IngestPipeline } from './pipeline.ts';
import { SampleBatcher } from './pipeline.ts';
import { compoundParent, type SignalKDeltaMessage, samplesFromDelta } from './signalk.ts';
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
  /** First reconnect delay; doubles up to 30 s. */
  retryMs?: number;
}

/**
 * Which source a path is taken from when several send it (two GPS, two echo sounders). A source owns a path
 * while it keeps sending; a source of higher priority takes it over at once; any other source takes it
 * when the owner has been silent for `staleMs`.
 */
export class SourcePriority {
  readonly #rank: (source: string) => number;
  readonly #staleMs: number;
  readonly #owner = new Map<string, { source: string; rank: number; lastT: number }>();

  constructor(priority: readonly string[] = [], staleMs = 10_000) {
    this.#staleMs = staleMs;
    this.#rank = (source) => {
      const i = priority.findIndex((p) => source === p || source.startsWith(`${p}.`));
      return i === -1 ? priority.length : i;
    };
  }

  /** Whether a value of `path` from `source` at receive time `now` is taken. */
  accept(path: string, source: string, now: number): boolean {
    const owner = this.#owner.get(path);
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
export function catalogueSubscription(): string[] {
  const paths = new Set<string>();
  for (const c of channelCatalogue) if (c.signalK) paths.add(compoundParent(c.id) ?? c.id);
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
 * Client of a Signal K server's delta stream: subscribes to our paths of the own vessel, ingests the
 * deltas through the validated path in batches, and reconnects with backoff whenever the server goes
 * away (rediscovering its endpoint each time).
 */
export function startSignalKClient(pipeline: IngestPipeline, options: SignalKClientOptions): Adapter {
  const source = `signalk:${options.url.replace(/^\w+:\/\//, '').replace(/\/.*$/, '')}`;
  const connection = new Connection('connecting');
  const backoff = new Backoff(options.retryMs ?? 1000);
  const priority = new SourcePriority(options.sourcePriority, options.staleMs);
  const batcher = new SampleBatcher((s) => pipeline.writeQuietly(source, s), {
    maxSize: 5000,
    maxDelayMs: 250,
  });
  let socket: WebSocket | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let self = 'vessels.self';

  const retry = (reason: string) => {
    if (stopped) return;
    connection.set('reconnecting', reason);
    clearTimeout(timer);
    timer = setTimeout(() => void connect(), backoff.next());
  };

  const onMessage = (text: string) => {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(text) as Record<string, unknown>;
    } catch {
      pipeline.reject(source, 'malformed', text.slice(0, 100));
      return;
    }
    if (typeof message.self === 'string' && !Array.isArray(message.updates)) {
      self = message.self.startsWith('vessels.') ? message.self : `vessels.${message.self}`;
      return;
    }
    if (!Array.isArray(message.updates)) return; // other server messages (request replies, hello variants)
    const now = Date.now();
    const delta = message as SignalKDeltaMessage;
    const context = delta.context === self ? 'vessels.self' : delta.context;
    const kept: SignalKDeltaMessage['updates'] = [];
    for (const update of delta.updates ?? []) {
      const label = sourceLabel(update as Record<string, unknown>);
      const values = (update.values ?? []).filter(
        (v) => typeof v?.path !== 'string' || priority.accept(v.path, label, now),
      );
      if (values.length > 0) kept.push({ ...update, values });
    }
    const { samples, malformed } = samplesFromDelta({ context, updates: kept }, now);
    if (malformed > 0) pipeline.reject(source, 'malformed', text.slice(0, 100), malformed);
    if (samples.length > 0) batcher.push(samples as Sample[]);
  };

  const connect = async () => {
    if (stopped) return;
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
    if (stopped) return;
    const url = new URL(streamUrl);
    url.searchParams.set('subscribe', options.subscribe === 'all' ? 'self' : 'none');
    const ws = new WebSocket(url, {
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      handshakeTimeout: 5000,
    });
    socket = ws;
    let lastError = 'connection closed';
    ws.on('open', () => {
      backoff.reset();
      connection.set('connected');
      if (options.subscribe !== 'all') {
        ws.send(
          JSON.stringify({
            context: 'vessels.self',
            subscribe: catalogueSubscription().map((path) => ({ path, policy: 'instant' })),
          }),
        );
      }
    });
    ws.on('unexpected-response', (_req, res) => {
      lastError = `${res.statusCode} ${res.statusMessage ?? ''}`.trim();
      if (res.statusCode === 401 || res.statusCode === 403) lastError += ': the token is missing or refused';
      ws.terminate();
    });
    ws.on('message', (data) => onMessage(data.toString()));
    ws.on('error', (error) => {
      lastError = reasonOf(error);
    });
    ws.on('close', () => {
      if (socket === ws) socket = undefined;
      retry(lastError);
    });
  };

  void connect();
  return {
    name: source,
    status: () => connection.get(),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      socket?.terminate();
      await batcher.flush();
    },
  };
}
