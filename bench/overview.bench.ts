/**
 * Overview endpoints with a year of data (`node bench/overview.bench.ts`, part of `npm run bench`):
 * the simulator writes its 400 days of history into a fresh SQLite store through the real services,
 * then each overview endpoint is asked 50 times (p50/p95, budget < 50 ms p95), then a listening
 * server takes 200 requests/s of the overview endpoints for ECOHELM_BENCH_LOAD_S seconds (default 60)
 * and every answer must be 200. Prints a table.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { openStore } from '../apps/server/src/db/client.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { VesselSimulator } from '../apps/server/src/simulator/simulator.ts';
import { deviceAuth, testConfig } from '../apps/server/test/stores.ts';

const LOAD_S = Number(process.env.ECOHELM_BENCH_LOAD_S ?? 60);
const RATE = 200;
const dir = mkdtempSync(path.join(tmpdir(), 'ecohelm-bench-overview-'));
const store = openStore({ sqliteFile: path.join(dir, 'ecohelm.sqlite') });
await migrateToLatest(store.db);
const { app, services } = await buildApp(testConfig(dir), store, { logger: false });
const simulator = new VesselSimulator({
  voyages: services.voyages,
  records: services.records,
  history: services.telemetry,
  live: { write: async () => undefined },
  progress: () => undefined,
});
await simulator.start({ live: false });
const headers = {
  authorization: (
    await deviceAuth(services, { code: 'BENCH-01', name: 'Bench', role: 'admin', secret: 'bench-secret' })
  ).authorization,
};
await app.inject({
  method: 'PUT',
  url: '/api/v1/ship',
  headers,
  payload: {
    mmsi: '413000002',
    imoNumber: '9074729',
    nameEn: 'ECO HELM',
    shipType: 'bulk_carrier',
    flagState: 'Panama',
    deadweightT: 57_000,
    fuelTypes: [{ fuelType: 'ls_hfo' }, { fuelType: 'mdo_mgo' }],
    consumptionMethod: 'flow_meter',
  },
});

const urls = [
  '/api/v1/overview?period=day',
  '/api/v1/overview?period=month',
  '/api/v1/overview?period=year',
  '/api/v1/overview/factors',
];
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const rows: Record<string, string | number>[] = [];
for (const url of urls) {
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    const res = await app.inject({ url, headers });
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
  }
  rows.push({
    endpoint: url,
    'p50 (ms)': pct(times, 0.5).toFixed(1),
    'p95 (ms)': pct(times, 0.95).toFixed(1),
    budget: '< 50 ms p95',
  });
}
console.table(rows);

// Sustained load through a real socket: RATE requests per second, round-robin over the endpoints.
const address = await app.listen({ port: 0, host: '127.0.0.1' });
let sent = 0;
let ok = 0;
let failed = 0;
const latencies: number[] = [];
const started = performance.now();
const pending: Promise<void>[] = [];
while (performance.now() - started < LOAD_S * 1000) {
  const due = Math.floor(((performance.now() - started) / 1000) * RATE);
  while (sent < due) {
    const url = urls[sent % urls.length]!;
    const t0 = performance.now();
    sent++;
    pending.push(
      fetch(`${address}${url}`, { headers })
        .then(async (r) => {
          await r.arrayBuffer();
          if (r.status === 200) ok++;
          else failed++;
          latencies.push(performance.now() - t0);
        })
        .catch(() => {
          failed++;
        }),
    );
  }
  await new Promise((r) => setTimeout(r, 5));
}
await Promise.all(pending);
console.table([
  {
    'load (s)': LOAD_S,
    'rate (req/s)': RATE,
    sent,
    'answered 200': ok,
    errors: failed,
    'p95 under load (ms)': pct(latencies, 0.95).toFixed(1),
    'server RSS (MB)': (process.memoryUsage().rss / 1e6).toFixed(0),
  },
]);
await app.close();
await store.close();
rmSync(dir, { recursive: true, force: true });
if (failed > 0) process.exitCode = 1;
