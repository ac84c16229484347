import { statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { sql } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Store } from '../db/client.ts';
import type { AppInstance } from './app-instance.ts';

/** The sync as the metrics read it (features/sync's SyncService). */
export interface SyncSource {
  readonly role: string;
  status(): Promise<{ connected: boolean; backlog: { count: number; oldestAt: string | null } }>;
  messages(): { sent: number; acked: number; failed: number };
}

/** The registry, and the sync once it is started (it starts after the routes, which the HTTP metrics must precede). */
export interface AppMetrics {
  registry: Registry;
  attachSync(sync: SyncSource): void;
}

/** One background job's record, as the job registry (platform/jobs.ts) keeps it. */
export interface JobStat {
  name: string;
  lastRunAt: number | null;
  lastDurationMs: number | null;
  failures: number;
  runs: number;
}

/** What the metrics read, each at scrape time (nothing is polled in between). */
export interface MetricsSources {
  /** Samples taken in and refused per source (adapter) and reason, counted since the start. */
  ingest: () => readonly {
    source: string;
    accepted: number;
    rejected: Partial<Record<string, number>>;
    lastAcceptedAt: number | undefined;
  }[];
  /** Per source, the newest sample's lag behind the moment it was stored, ms. */
  ingestLag: () => readonly { source: string; lagMs: number }[];
  /** Each configured adapter's link state. */
  adapters: () => readonly { name: string; state: string }[];
  /** The store: its size and (SQLite) free pages. */
  store: Store;
  /** The SQLite file, to report its size on disk with its write-ahead log. */
  sqliteFile?: string;
  /** The data folder's disk and the floor below which telemetry is refused. */
  disk?: () => { freeBytes: number; minFreeBytes: number };
  /** The job registry's records; without it no job families are exported. */
  jobs?: () => readonly JobStat[];
  /** API reads waiting for a slot of the read gate (platform/read-gate.ts). */
  readsWaiting?: () => number;
  now?: () => number;
}

const ADAPTER_STATES = ['listening', 'connecting', 'connected', 'reconnecting', 'error'] as const;

/**
 * The console's Prometheus metrics on a registry of its own (one per app: tests build several): ingest, adapters,
 * sync, jobs, HTTP requests (an `onResponse` hook), the process (prom-client's defaults: memory, CPU, event loop)
 * and the store. Served by `serveMetrics` on the listener the operator configures (docs/operations.md).
 */
export function registerMetrics(app: AppInstance, sources: MetricsSources): AppMetrics {
  const registry = new Registry();
  const now = sources.now ?? Date.now;
  collectDefaultMetrics({ register: registry });

  const http = new Histogram({
    name: 'ecohelm_http_request_duration_seconds',
    help: 'HTTP requests by method, route (its template) and status code, with their duration; _count counts them.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    http.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  const { readsWaiting } = sources;
  if (readsWaiting) {
    new Gauge({
      name: 'ecohelm_http_reads_waiting',
      help: 'API reads waiting for one of the read slots (8 answered at once): a queue that stays long means reads too slow.',
      registers: [registry],
      collect() {
        this.set(readsWaiting());
      },
    });
  }

  // Counters kept by the features since the start: each scrape adds what they counted since the last one.
  const seen = new Map<Counter<string>, Map<string, number>>();
  const advance = (counter: Counter<string>, labels: Record<string, string>, total: number) => {
    const byLabels = seen.get(counter) ?? new Map<string, number>();
    seen.set(counter, byLabels);
    const key = JSON.stringify(labels);
    const before = byLabels.get(key);
    if (before === undefined || total > before) counter.inc(labels, total - (before ?? 0));
    byLabels.set(key, Math.max(before ?? 0, total));
  };

  const accepted: Counter<string> = new Counter({
    name: 'ecohelm_ingest_samples_accepted_total',
    help: 'Samples stored, by source (adapter).',
    labelNames: ['source'],
    registers: [registry],
    collect() {
      for (const s of sources.ingest()) advance(accepted, { source: s.source }, s.accepted);
    },
  });
  const refused: Counter<string> = new Counter({
    name: 'ecohelm_ingest_samples_refused_total',
    help: 'Samples refused, by source (adapter) and reason (unknown_path, out_of_range, disk_full, ...).',
    labelNames: ['source', 'reason'],
    registers: [registry],
    collect() {
      for (const s of sources.ingest()) {
        for (const [reason, n] of Object.entries(s.rejected))
          advance(refused, { source: s.source, reason }, n ?? 0);
      }
    },
  });
  new Gauge({
    name: 'ecohelm_ingest_last_sample_timestamp_seconds',
    help: 'When each source last had samples stored (Unix time, s): alert when it falls behind.',
    labelNames: ['source'],
    registers: [registry],
    collect() {
      this.reset();
      for (const s of sources.ingest()) {
        if (s.lastAcceptedAt !== undefined) this.set({ source: s.source }, s.lastAcceptedAt / 1000);
      }
    },
  });
  new Gauge({
    name: 'ecohelm_ingest_lag_seconds',
    help: "How far each source's last stored batch's newest sample was behind the moment it was stored, s.",
    labelNames: ['source'],
    registers: [registry],
    collect() {
      this.reset();
      for (const l of sources.ingestLag()) this.set({ source: l.source }, l.lagMs / 1000);
    },
  });
  new Gauge({
    name: 'ecohelm_adapter_state',
    help: "Each configured adapter's link state: 1 for the state it is in, 0 for the others.",
    labelNames: ['adapter', 'state'],
    registers: [registry],
    collect() {
      this.reset();
      for (const a of sources.adapters()) {
        for (const state of ADAPTER_STATES) this.set({ adapter: a.name, state }, a.state === state ? 1 : 0);
      }
    },
  });

  let sync: SyncSource | undefined;
  {
    new Gauge({
      name: 'ecohelm_sync_info',
      help: 'The sync role of this console (ship, shore or off); value 1.',
      labelNames: ['role'],
      registers: [registry],
      collect() {
        this.reset();
        this.set({ role: sync?.role ?? 'off' }, 1);
      },
    });
    const depth = new Gauge({
      name: 'ecohelm_sync_outbox_items',
      help: 'Records and rollup buckets waiting to be sent to the shore (ship).',
      registers: [registry],
    });
    const age = new Gauge({
      name: 'ecohelm_sync_outbox_oldest_age_seconds',
      help: 'How long the oldest item of the outbox has waited, s (0 when empty).',
      registers: [registry],
    });
    new Gauge({
      name: 'ecohelm_sync_connected',
      help: '1 while connected to the NATS server.',
      registers: [registry],
      async collect() {
        const status = (await sync?.status()) ?? { connected: false, backlog: { count: 0, oldestAt: null } };
        this.set(status.connected ? 1 : 0);
        depth.set(status.backlog.count);
        const oldest = status.backlog.oldestAt ? Date.parse(status.backlog.oldestAt) : Number.NaN;
        age.set(Number.isFinite(oldest) ? Math.max(0, (now() - oldest) / 1000) : 0);
      },
    });
    const messages = (name: string, help: string, key: 'sent' | 'acked' | 'failed') => {
      const counter: Counter<string> = new Counter({
        name,
        help,
        registers: [registry],
        collect() {
          advance(counter, {}, sync?.messages()[key] ?? 0);
        },
      });
    };
    messages('ecohelm_sync_messages_sent_total', 'Messages handed to the shore’s JetStream (ship).', 'sent');
    messages(
      'ecohelm_sync_messages_acked_total',
      'Messages the shore’s JetStream acknowledged (ship).',
      'acked',
    );
    messages('ecohelm_sync_messages_failed_total', 'Messages not acknowledged (sent again later).', 'failed');
  }

  const jobs = sources.jobs;
  if (jobs) {
    new Gauge({
      name: 'ecohelm_job_last_run_timestamp_seconds',
      help: 'When each background job last ran (Unix time, s).',
      labelNames: ['job'],
      registers: [registry],
      collect() {
        this.reset();
        for (const j of jobs()) if (j.lastRunAt !== null) this.set({ job: j.name }, j.lastRunAt / 1000);
      },
    });
    new Gauge({
      name: 'ecohelm_job_last_duration_seconds',
      help: "Each background job's last run's duration, s.",
      labelNames: ['job'],
      registers: [registry],
      collect() {
        this.reset();
        for (const j of jobs())
          if (j.lastDurationMs !== null) this.set({ job: j.name }, j.lastDurationMs / 1000);
      },
    });
    const runs: Counter<string> = new Counter({
      name: 'ecohelm_job_runs_total',
      help: 'Runs of each background job since the start.',
      labelNames: ['job'],
      registers: [registry],
      collect() {
        for (const j of jobs()) advance(runs, { job: j.name }, j.runs);
      },
    });
    const failures: Counter<string> = new Counter({
      name: 'ecohelm_job_failures_total',
      help: 'Failed runs of each background job since the start.',
      labelNames: ['job'],
      registers: [registry],
      collect() {
        for (const j of jobs()) advance(failures, { job: j.name }, j.failures);
      },
    });
  }

  const disk = sources.disk;
  if (disk) {
    new Gauge({
      name: 'ecohelm_disk_free_bytes',
      help: 'Free bytes on the disk of the data folder.',
      registers: [registry],
      collect() {
        this.set(disk().freeBytes);
      },
    });
    new Gauge({
      name: 'ecohelm_disk_floor_bytes',
      help: 'The free-space floor below which telemetry is refused (ECOHELM_MIN_FREE_MB).',
      registers: [registry],
      collect() {
        this.set(disk().minFreeBytes);
      },
    });
  }

  const store = sources.store;
  const pragma = (name: string) => Number(store.sqlite?.pragma(name, { simple: true }) ?? 0);
  if (store.sqlite) {
    new Gauge({
      name: 'ecohelm_store_pages',
      help: 'SQLite: pages of the store file (page_count).',
      registers: [registry],
      collect() {
        this.set(pragma('page_count'));
      },
    });
    new Gauge({
      name: 'ecohelm_store_free_pages',
      help: 'SQLite: free pages of the store file (freelist_count), given back by incremental vacuum.',
      registers: [registry],
      collect() {
        this.set(pragma('freelist_count'));
      },
    });
  }
  new Gauge({
    name: 'ecohelm_store_size_bytes',
    help: 'Size of the store: the SQLite file with its write-ahead log, or pg_database_size on PostgreSQL.',
    registers: [registry],
    async collect() {
      if (store.kind === 'postgres') {
        const r = await sql<{ size: string }>`select pg_database_size(current_database()) as size`.execute(
          store.db,
        );
        this.set(Number(r.rows[0]?.size ?? 0));
        return;
      }
      const file = sources.sqliteFile;
      const onDisk = file ? sizeOf(file) + sizeOf(`${file}-wal`) : 0;
      this.set(onDisk > 0 ? onDisk : pragma('page_size') * pragma('page_count'));
    },
  });
  return {
    registry,
    attachSync: (s) => {
      sync = s;
    },
  };
}

const sizeOf = (file: string) => {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
};

/**
 * Serves `GET /metrics` (Prometheus text format) on `listen` (`host:port`), apart from the console's port: whoever
 * can reach that address can read the metrics, so it is bound where the operator decides (docs/operations.md).
 */
export async function serveMetrics(
  registry: Registry,
  listen: string,
  log?: { error(o: object, m: string): void },
): Promise<Server> {
  const at = listen.lastIndexOf(':');
  const host = at > 0 ? listen.slice(0, at).replace(/^\[|\]$/g, '') : '127.0.0.1';
  const port = Number(at >= 0 ? listen.slice(at + 1) : listen);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`ECOHELM_METRICS_LISTEN must be host:port, not ${JSON.stringify(listen)}`);
  }
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        log?.error({ err: error }, 'metrics scrape failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
