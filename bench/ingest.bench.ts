/**
 * Ingest and trend benchmark (`node bench/ingest.bench.ts`, part of `npm run bench`).
 *
 * - Ingest: samples/s through the real path (validation → TelemetryService → raw + 1 m/1 h/1 d rollups,
 *   one transaction per batch, synchronous=FULL) against a bare batched insert of the same rows into the
 *   same raw table; medians of several runs, each on a fresh SQLite file.
 * - Trend: a one-year downsampled trend (≤ 2,000 points) of one channel over a year of 1-min rollups, p50/p95.
 * - Bulk minute rollups (the simulator's backfill path): rows/s.
 *
 * ECOHELM_BENCH_SAMPLES (default 500,000) and ECOHELM_BENCH_RUNS (default 3) scale it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHANNEL, channelCatalogue } from '@ecohelm/domain';
import { openStore, type Store } from '../apps/server/src/db/client.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { IngestPipeline } from '../apps/server/src/features/ingest/pipeline.ts';
import type { Sample } from '../apps/server/src/features/ingest/types.ts';
import { TelemetryRepository } from '../apps/server/src/features/telemetry/telemetry.repository.ts';
import {
  type MinuteRollupInput,
  TelemetryService,
} from '../apps/server/src/features/telemetry/telemetry.service.ts';
import { bareSampleWriter } from './bare-insert.ts';

const SAMPLES = Number(process.env.ECOHELM_BENCH_SAMPLES ?? 500_000);
const RUNS = Number(process.env.ECOHELM_BENCH_RUNS ?? 3);
const BATCH = 5000;
const CHANNELS = channelCatalogue.slice(0, 100);
const T0 = Date.UTC(2025, 0, 1);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function freshStore(): Promise<{ store: Store; dir: string; telemetry: TelemetryService }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ecohelm-bench-'));
  const store = openStore({ sqliteFile: path.join(dir, 'ecohelm.sqlite') });
  await migrateToLatest(store.db);
  const telemetry = new TelemetryService(new TelemetryRepository(store));
  await telemetry.init();
  return { store, dir, telemetry };
}

/** 1 Hz on every channel, inside its valid range, in time order: what a ship's feed looks like. */
function makeBatches(): Sample[][] {
  const batches: Sample[][] = [];
  let batch: Sample[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const def = CHANNELS[i % CHANNELS.length]!;
    const [lo, hi] = def.range;
    const second = Math.floor(i / CHANNELS.length);
    batch.push({
      channel: def.id,
      t: T0 + second * 1000,
      value: lo + ((hi - lo) * ((second % 100) + 1)) / 102,
    });
    if (batch.length === BATCH) {
      batches.push(batch);
      batch = [];
    }
  }
  if (batch.length) batches.push(batch);
  return batches;
}

async function realPath(batches: Sample[][]): Promise<number> {
  const { store, dir, telemetry } = await freshStore();
  const pipeline = new IngestPipeline(telemetry);
  const start = performance.now();
  for (const b of batches) await pipeline.write('bench', b);
  const s = (performance.now() - start) / 1000;
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  return SAMPLES / s;
}

async function bareInsert(batches: Sample[][]): Promise<number> {
  const { store, dir, telemetry } = await freshStore();
  const ids = new Map(CHANNELS.map((c) => [c.id, telemetry.channelId(c.id)]));
  const write = bareSampleWriter(store, (channel) => ids.get(channel)!);
  const start = performance.now();
  for (const b of batches) write(b);
  const s = (performance.now() - start) / 1000;
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  return SAMPLES / s;
}

async function trendAndBulk(): Promise<{ bulkRowsPerS: number; p50: number; p95: number; points: number }> {
  const { store, dir, telemetry } = await freshStore();
  const channel = CHANNEL.mePower;
  const minutes = 365 * 1440;
  const start = performance.now();
  for (let m0 = 0; m0 < minutes; m0 += 50_000) {
    const rows: MinuteRollupInput[] = [];
    for (let m = m0; m < Math.min(minutes, m0 + 50_000); m++) {
      const v = 5e6 + 1e6 * Math.sin(m / 500) + (m % 9973 === 0 ? 2e6 : 0);
      rows.push({
        channel,
        minuteStart: T0 + m * 60_000,
        mean: v,
        min: v - 1e4,
        max: v + 1e4,
        last: v,
        count: 60,
      });
    }
    await telemetry.writeMinuteRollups(rows);
  }
  const bulkRowsPerS = minutes / ((performance.now() - start) / 1000);
  const times: number[] = [];
  let points = 0;
  for (let i = 0; i < 40; i++) {
    const q = performance.now();
    const trend = TelemetryService.trendToDisplay(
      await telemetry.trend(channel, T0, T0 + minutes * 60_000, 2000, T0),
    );
    times.push(performance.now() - q);
    points = trend.points.length;
  }
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  return { bulkRowsPerS, p50: pct(times.slice(5), 0.5), p95: pct(times.slice(5), 0.95), points };
}

const batches = makeBatches();
const real: number[] = [];
const bare: number[] = [];
for (let r = 0; r < RUNS; r++) {
  bare.push(await bareInsert(batches));
  real.push(await realPath(batches));
}
const t = await trendAndBulk();
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const rows: [string, string, string][] = [
  ['ingest through the real path (SQLite, median)', `${fmt(median(real))} samples/s`, '≥ 100,000'],
  ['bare batched insert of the same rows (median)', `${fmt(median(bare))} samples/s`, ''],
  ['real path / bare insert', (median(real) / median(bare)).toFixed(2), '≥ 0.50'],
  ['one-year trend, downsampled p50', `${t.p50.toFixed(1)} ms (${t.points} points)`, ''],
  ['one-year trend, downsampled p95', `${t.p95.toFixed(1)} ms`, '< 100 ms'],
  ['bulk 1-min rollups (backfill path)', `${fmt(t.bulkRowsPerS)} rows/s`, ''],
];
process.stdout.write(`${SAMPLES.toLocaleString('en-US')} samples × ${RUNS} runs, batches of ${BATCH}\n\n`);
process.stdout.write('| figure | value | budget |\n|---|---|---|\n');
for (const [a, b, c] of rows) process.stdout.write(`| ${a} | ${b} | ${c} |\n`);
