/**
 * Optimisation screens with a year of data (`node bench/optimisation.bench.ts`, part of `npm run bench`):
 * the simulator writes its 400 days of history into a fresh SQLite store through the real services, then
 * - ISO 19030 over the last 365 days (the hull fouling analysis, uncached each run; budget < 2 s),
 * - the whole hull fouling and trim answers on a cold service,
 * - the generator load optimiser alone (3 and 6 sets, random demands) and the whole load answer,
 * - the analysis track of a year (budget < 300 ms p95) and the fuel statistics of a year,
 * - the macro voyage-speed optimisation of a 20-leg passage under 96 h of the simulator's forecast
 *   (budget < 200 ms p95).
 * Each figure is the median of several runs; CPU time of the main thread is printed beside wall time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CHANNEL,
  type GeneratorSet,
  generatorSfoc,
  type Leg,
  optimiseLoad,
  optimiseVoyage,
  speedShip,
} from '@ecohelm/domain';
import { buildApp } from '../apps/server/src/app.ts';
import { openStore } from '../apps/server/src/db/client.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { ConsumptionService } from '../apps/server/src/features/consumption/consumption.service.ts';
import { FoulingService } from '../apps/server/src/features/fouling/fouling.service.ts';
import { LoadRepository } from '../apps/server/src/features/load/load.repository.ts';
import { LoadService } from '../apps/server/src/features/load/load.service.ts';
import { MonitoringService } from '../apps/server/src/features/monitoring/monitoring.service.ts';
import { ParamsService } from '../apps/server/src/features/params/params.service.ts';
import { TrimRepository } from '../apps/server/src/features/trim/trim.repository.ts';
import { TrimService } from '../apps/server/src/features/trim/trim.service.ts';
import { simulatedForecast } from '../apps/server/src/simulator/forecast.ts';
import { VesselSimulator } from '../apps/server/src/simulator/simulator.ts';
import { testConfig } from '../apps/server/test/stores.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DAY = 86_400_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cpuMs = () => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};
async function measure(
  run: () => Promise<unknown> | unknown,
  runs = RUNS,
): Promise<{ wall: number; cpu: number }> {
  await run(); // warm-up (JIT, page cache)
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = cpuMs();
    const w0 = performance.now();
    await run();
    wall.push(performance.now() - w0);
    cpu.push(cpuMs() - c0);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

const dir = mkdtempSync(path.join(tmpdir(), 'ecohelm-bench-optimisation-'));
const store = openStore({ sqliteFile: path.join(dir, 'ecohelm.sqlite') });
await migrateToLatest(store.db);
const { app, services } = await buildApp(testConfig(dir), store, { logger: false });
const now = Date.now();
const simulator = new VesselSimulator({
  voyages: services.voyages,
  records: services.records,
  history: services.telemetry,
  live: { write: async () => undefined },
  now: () => now,
  progress: () => undefined,
});
await simulator.start({ live: false });

const rows: [string, string, string, string][] = [];
const ms = (v: number) => `${v.toFixed(v < 10 ? 2 : 0)} ms`;
const row = (what: string, m: { wall: number; cpu: number }, budget: string) =>
  rows.push([what, ms(m.wall), ms(m.cpu), budget]);

const fouling = () => new FoulingService(services.telemetry, services.records, services.ships, () => now);
const to = Math.ceil(now / 3_600_000) * 3_600_000;
const blocks = (await fouling().analyse(to - 365 * DAY, to)).blocks;
row(
  `ISO 19030, 365 days (${blocks.length} blocks, ${blocks.filter((b) => b.pv !== undefined).length} valid)`,
  await measure(() => fouling().analyse(to - 365 * DAY, to)),
  '< 2,000 ms',
);
row('GET /api/v1/fouling, cold service', await measure(() => fouling().report({})), '');
row(
  'GET /api/v1/trim, cold service',
  await measure(() =>
    new TrimService(fouling(), services.telemetry, new TrimRepository(store.db), () => now).report(),
  ),
  '',
);

// The optimiser alone: random demands over the range three (six) 600 kW sets can carry.
function sets(n: number): GeneratorSet[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `ge${i + 1}`,
    ratedKw: 600,
    sfoc: (p: number) => generatorSfoc(p / 100, 186 + 2 * i),
    minLoadPct: 30,
    maxLoadPct: 85,
    priority: i + 1,
    available: true,
  }));
}
let seed = 7;
const rnd = () => {
  seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0;
  return seed / 2 ** 32;
};
for (const n of [3, 6]) {
  const fleet = sets(n);
  const demands = Array.from({ length: 200 }, () => 150 + rnd() * (n * 510 - 200));
  const m = await measure(() => {
    for (const d of demands) optimiseLoad(fleet, d, 100);
  });
  row(
    `load optimiser, ${n} sets (per advice)`,
    { wall: m.wall / demands.length, cpu: m.cpu / demands.length },
    '',
  );
}
const load = new LoadService(
  services.telemetry,
  new MonitoringService({ telemetry: services.telemetry, now: () => now }),
  new LoadRepository(store.db),
  () => now,
);
row('GET /api/v1/load (30 days of measured curves, 24 h replay)', await measure(() => load.report()), '');

// Analysis: the track of a year (at most 2,000 points), p95 of 20 runs; and the fuel statistics of a year.
const params = new ParamsService({
  telemetry: services.telemetry,
  voyages: services.voyages,
  consumption: new ConsumptionService(services.telemetry, services.voyages, () => now),
});
const yearQuery = { from: new Date(to - 365 * DAY).toISOString(), to: new Date(to).toISOString() };
const trackRuns: number[] = [];
await params.track({ ...yearQuery, channel: CHANNEL.sog });
for (let i = 0; i < 20; i++) {
  const w0 = performance.now();
  await params.track({ ...yearQuery, channel: CHANNEL.sog });
  trackRuns.push(performance.now() - w0);
}
trackRuns.sort((a, b) => a - b);
rows.push([
  'GET /api/v1/params/track, 365 days (20 runs: p50 / p95)',
  `${ms(trackRuns[10]!)} / ${ms(trackRuns[18]!)}`,
  '',
  '< 300 ms p95',
]);
row('GET /api/v1/params/fuel, 365 days', await measure(() => params.fuel(yearQuery)), '');

// Macro voyage-speed optimisation: 20 legs of 100–200 nm across the Indian Ocean, weather from the simulator's
// forecast up to 96 h ahead, the required arrival 10 % later than at 12 kn, 0.1 kn grid; p95 of 50 runs.
{
  const forecast = simulatedForecast(20_231);
  const issued = to;
  const legs: Leg[] = [];
  let hours = 0;
  for (let i = 0; i < 20; i++) {
    const distanceNm = 100 + ((i * 37) % 100);
    const lat = 6 + i * 0.4;
    const lon = 95 - i * 2.2;
    legs.push({
      distanceNm,
      courseRad: (290 * Math.PI) / 180,
      weather: forecast(lat, lon, issued + Math.min(96, hours + distanceNm / 24) * 3_600_000, issued),
    });
    hours += distanceNm / 12;
  }
  const ship = speedShip({ draftM: 11.2 });
  const options = {
    hoursAvailable: hours * 1.1,
    minKn: 6,
    maxKn: 16,
    stepKn: 0.1,
    floorKn: 4.6,
    holdPowerInRoughLegs: true,
  };
  optimiseVoyage(ship, legs, options);
  const runs: number[] = [];
  for (let i = 0; i < 50; i++) {
    const w0 = performance.now();
    optimiseVoyage(ship, legs, options);
    runs.push(performance.now() - w0);
  }
  runs.sort((a, b) => a - b);
  rows.push([
    'Voyage-speed optimisation, 20 legs, 96 h forecast (50 runs: p50 / p95)',
    `${ms(runs[25]!)} / ${ms(runs[47]!)}`,
    '',
    '< 200 ms p95',
  ]);
}

console.log('| What | Wall (median) | CPU (median) | Budget |');
console.log('|---|---:|---:|---|');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
await app.close();
await store.close();
rmSync(dir, { recursive: true, force: true });
