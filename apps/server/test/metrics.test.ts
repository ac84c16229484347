import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMetrics } from '../src/platform/metrics.ts';
import { createTestApp, storeKinds, type TestApp } from './stores.ts';

describe.each(storeKinds)('the Prometheus metrics on %s', (kind) => {
  let t: TestApp;
  let server: Server;
  let url: string;
  let text = '';
  const scrape = async () => {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    text = await res.text();
    return parsePrometheusTextFormat(text);
  };
  /**
   * Every series of `name` (e.g. `x_bucket`) in the last scrape, each with its labels. The parser folds a histogram's
   * series into one when they have labels; read without the TYPE lines, each series is a sample of its own.
   */
  const series = (name: string) =>
    parsePrometheusTextFormat(text.replace(/^#.*$/gm, ''))
      .filter((f) => f.name === name)
      .flatMap((f) => f.metrics);
  const family = (families: ReturnType<typeof parsePrometheusTextFormat>, name: string) => {
    const f = families.find((x) => x.name === name);
    if (!f) throw new Error(`no family ${name}`);
    return f;
  };
  const value = (
    families: ReturnType<typeof parsePrometheusTextFormat>,
    name: string,
    labels: Record<string, string> = {},
  ) =>
    Number(
      family(families, name).metrics.find((m) =>
        Object.entries(labels).every(([k, v]) => m.labels?.[k] === v),
      )?.value ?? Number.NaN,
    );

  beforeAll(async () => {
    t = await createTestApp(kind);
    if (!t.metrics) throw new Error('the app has no metrics');
    server = await serveMetrics(t.metrics.registry, '127.0.0.1:0');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
  });
  afterAll(async () => {
    server?.close();
    await t.close();
  });

  it('answers only GET /metrics on its own listener, not on the console port', async () => {
    expect((await fetch(url.replace('/metrics', '/'))).status).toBe(404);
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
  });

  it('reads the store on the first scrape already', async () => {
    const first = await scrape();
    if (kind === 'sqlite') expect(value(first, 'ecohelm_store_pages')).toBeGreaterThan(0);
    expect(value(first, 'ecohelm_store_size_bytes')).toBeGreaterThan(10_000);
  });

  it('has every family, and a sample taken in or refused moves its counter', async () => {
    const signalk = (values: { path: string; value: unknown }[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/ingest/signalk',
        headers: t.auth,
        payload: {
          context: 'vessels.self',
          updates: [{ timestamp: new Date(Date.now() - 2000).toISOString(), values }],
        },
      });
    expect((await signalk([{ path: 'navigation.speedOverGround', value: 6.5 }])).statusCode).toBe(200);
    const before = await scrape();
    const source = { source: 'signalk.http:TEST-01' };
    expect(value(before, 'ecohelm_ingest_samples_accepted_total', source)).toBe(1);

    await signalk([
      { path: 'navigation.speedOverGround', value: 6.6 },
      { path: 'navigation.speedThroughWater', value: 6.1 },
      { path: 'no.such.channel', value: 1 },
    ]);
    const after = await scrape();
    expect(value(after, 'ecohelm_ingest_samples_accepted_total', source)).toBe(3);
    expect(value(after, 'ecohelm_ingest_samples_refused_total', { ...source, reason: 'unknown_path' })).toBe(
      1,
    );
    expect(family(after, 'ecohelm_ingest_samples_accepted_total').type).toBe('COUNTER');
    // Its newest sample was 2 s old when stored; it was stored just now.
    const lag = value(after, 'ecohelm_ingest_lag_seconds', source);
    expect(lag).toBeGreaterThanOrEqual(1.5);
    expect(lag).toBeLessThan(30);
    expect(
      Date.now() / 1000 - value(after, 'ecohelm_ingest_last_sample_timestamp_seconds', source),
    ).toBeLessThan(30);

    // HTTP requests by route template and status, with the latency histogram.
    const http = family(after, 'ecohelm_http_request_duration_seconds');
    expect(http.type).toBe('HISTOGRAM');
    const ingest = { method: 'POST', route: '/api/v1/ingest/signalk', status_code: '200' };
    const matches = (labels: Record<string, string> | undefined, want: Record<string, string>) =>
      Object.entries(want).every(([k, v]) => labels?.[k] === v);
    const count = series('ecohelm_http_request_duration_seconds_count').find((m) =>
      matches(m.labels, ingest),
    );
    expect(Number(count?.value)).toBe(2);
    const buckets = series('ecohelm_http_request_duration_seconds_bucket').filter((m) =>
      matches(m.labels, ingest),
    );
    expect(buckets.find((m) => m.labels?.le === '+Inf')?.value).toBe('2');
    expect(buckets.length).toBeGreaterThan(5);
    // A route's template, not its address: no label per id.
    expect(text).not.toMatch(/route="\/api\/v1\/alarms\/\d/);
    // The read gate's queue: nothing waits once the scrape's reads are answered.
    expect(value(after, 'ecohelm_http_reads_waiting')).toBe(0);

    // Process, store, disk, sync.
    expect(value(after, 'process_resident_memory_bytes')).toBeGreaterThan(10e6);
    expect(value(after, 'ecohelm_store_size_bytes')).toBeGreaterThan(10_000);
    if (kind === 'sqlite') {
      expect(value(after, 'ecohelm_store_pages')).toBeGreaterThan(0);
      expect(value(after, 'ecohelm_store_free_pages')).toBeGreaterThanOrEqual(0);
    }
    expect(value(after, 'ecohelm_disk_free_bytes')).toBeGreaterThan(0);
    expect(value(after, 'ecohelm_disk_floor_bytes')).toBe(t.config.ingest.minFreeMb * 1e6);
    expect(value(after, 'ecohelm_sync_info', { role: 'off' })).toBe(1);
    expect(value(after, 'ecohelm_sync_outbox_items')).toBe(0);
    expect(value(after, 'ecohelm_sync_outbox_oldest_age_seconds')).toBe(0);
    expect(value(after, 'ecohelm_sync_messages_sent_total')).toBe(0);
    expect(value(after, 'ecohelm_sync_messages_acked_total')).toBe(0);
    // The job registry's jobs (platform/jobs.ts), declared but not started in a test: none has run yet.
    expect(value(after, 'ecohelm_job_runs_total', { job: 'telemetry.prune' })).toBe(0);
    expect(value(after, 'ecohelm_job_failures_total', { job: 'telemetry.prune' })).toBe(0);
    // Giving file space back is a SQLite job; PostgreSQL's autovacuum does it there.
    const giveBack = value(after, 'ecohelm_job_failures_total', { job: 'store.give-space-back' });
    if (kind === 'sqlite') expect(giveBack).toBe(0);
    else expect(giveBack).toBeNaN();
  });
});

describe('the job metrics', () => {
  it('come from the job registry when one is given, and only then', async () => {
    const { default: Fastify } = await import('fastify');
    const { registerMetrics } = await import('../src/platform/metrics.ts');
    const t = await createTestApp('sqlite');
    try {
      const jobs = [
        { name: 'raw-prune', lastRunAt: 1_700_000_000_000, lastDurationMs: 250, failures: 1, runs: 3 },
      ];
      const app = Fastify();
      const { registry } = registerMetrics(app as never, {
        ingest: () => [],
        ingestLag: () => [],
        adapters: () => [{ name: 'NMEA 0183 UDP', state: 'listening' }],
        store: t.testStore.store,
        jobs: () => jobs,
      });
      const families = parsePrometheusTextFormat(await registry.metrics());
      const sample = (name: string) => families.find((f) => f.name === name)?.metrics[0];
      expect(sample('ecohelm_job_last_run_timestamp_seconds')).toEqual({
        value: '1700000000',
        labels: { job: 'raw-prune' },
      });
      expect(sample('ecohelm_job_last_duration_seconds')?.value).toBe('0.25');
      expect(sample('ecohelm_job_runs_total')?.value).toBe('3');
      expect(sample('ecohelm_job_failures_total')?.value).toBe('1');
      const adapter = families.find((f) => f.name === 'ecohelm_adapter_state')?.metrics ?? [];
      expect(adapter.find((m) => m.labels?.state === 'listening')?.value).toBe('1');
      expect(adapter.find((m) => m.labels?.state === 'error')?.value).toBe('0');
      jobs[0] = { ...jobs[0]!, runs: 4, failures: 2 };
      const again = parsePrometheusTextFormat(await registry.metrics());
      expect(again.find((f) => f.name === 'ecohelm_job_runs_total')?.metrics[0]?.value).toBe('4');
      expect(again.find((f) => f.name === 'ecohelm_job_failures_total')?.metrics[0]?.value).toBe('2');
      await app.close();
    } finally {
      await t.close();
    }
  });
});
