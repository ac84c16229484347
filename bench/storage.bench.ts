/**
 * Storage of a realistic ship (`node bench/storage.bench.ts`, part of `npm run bench`): 1,000 channels at 1 Hz
 * written through the telemetry store (raw samples and their 1 min / 1 h / 1 day rollups, one transaction per
 * second of data, as live ingest does) for a stretch of simulated time, the bytes each table takes per row
 * (SQLite's dbstat), and what that makes per year: the raw window, the minute rollups for their retention,
 * hourly and daily rollups kept forever. Budget (DESIGN.md): ≤ 5 GB per year for 1,000 channels at 1 Hz.
 *
 * ECOHELM_BENCH_STORAGE_SECONDS (default 900) sets the simulated time; the per-row sizes settle after a few
 * minutes of data.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openStore } from '../apps/server/src/db/client.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import type { Sample } from '../apps/server/src/features/ingest/types.ts';
import { TelemetryRepository } from '../apps/server/src/features/telemetry/telemetry.repository.ts';
import { TelemetryService } from '../apps/server/src/features/telemetry/telemetry.service.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';

const CHANNELS = 1000;
const SECONDS = Number(process.env.ECOHELM_BENCH_STORAGE_SECONDS ?? 900);
const T0 = Date.UTC(2026, 0, 1);
const config = loadConfig({}, []);
const rawDays = config.ingest.rawRetentionDays;

const dir = mkdtempSync(path.join(tmpdir(), 'ecohelm-bench-storage-'));
const store = openStore({ sqliteFile: path.join(dir, 'ecohelm.sqlite') });
try {
  await migrateToLatest(store.db);
  // An alarm and monitoring system's tags: channels of their own beside the catalogue's.
  const names = Array.from({ length: CHANNELS }, (_, i) => `ams.tag${String(i).padStart(4, '0')}`);
  await store.db
    .insertInto('channels')
    .values(names.map((name, i) => ({ id: 10_000 + i, name })))
    .execute();
  const telemetry = new TelemetryService(new TelemetryRepository(store), { rawWindowDays: rawDays });
  await telemetry.init();

  const started = performance.now();
  for (let s = 0; s < SECONDS; s++) {
    const t = T0 + s * 1000;
    const batch: Sample[] = names.map((channel, i) => ({
      channel,
      t,
      // Plausible sensor values: a slow wave per channel plus sensor noise, so nothing compresses trivially.
      value: 50 + 20 * Math.sin((s + i * 7) / 600) + ((s * 7919 + i * 104_729) % 1000) / 1000,
    }));
    await telemetry.writeSamples(batch);
  }
  const wallS = (performance.now() - started) / 1000;
  store.sqlite?.pragma('wal_checkpoint(TRUNCATE)');

  const tables = ['samples', 'rollup_1m', 'rollup_1h', 'rollup_1d'] as const;
  const bytes: Record<string, number> = {};
  const rows: Record<string, number> = {};
  for (const table of tables) {
    const size = await sql<{
      bytes: number;
    }>`select sum(pgsize) as bytes from dbstat where name = ${table}`.execute(store.db);
    const count = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(store.db);
    bytes[table] = Number(size.rows[0]?.bytes ?? 0);
    rows[table] = Number(count.rows[0]?.n ?? 0);
  }
  const perRow = (table: string) => (rows[table] ? (bytes[table] ?? 0) / (rows[table] ?? 1) : 0);
  const yearS = 365 * 86_400;
  // Rows per channel: raw for the window; minute rollups for a year (kept forever today); hours and days.
  const rawGb = (CHANNELS * rawDays * 86_400 * perRow('samples')) / 1e9;
  const minuteGbPerYear = (CHANNELS * (yearS / 60) * perRow('rollup_1m')) / 1e9;
  const hourGbPerYear =
    (CHANNELS * (yearS / 3600) * Math.max(perRow('rollup_1h'), perRow('rollup_1m'))) / 1e9;
  const dayGbPerYear = (CHANNELS * 365 * Math.max(perRow('rollup_1d'), perRow('rollup_1m'))) / 1e9;
  const yearGb = rawGb + minuteGbPerYear + hourGbPerYear + dayGbPerYear;

  const fmt = (n: number, d = 1) => n.toFixed(d);
  const file = statSync(path.join(dir, 'ecohelm.sqlite')).size;
  process.stdout.write(
    [
      `| what | figure |`,
      `| --- | --- |`,
      `| simulated | ${CHANNELS} channels × ${SECONDS} s at 1 Hz = ${(CHANNELS * SECONDS).toLocaleString('en')} samples in ${fmt(wallS)} s (${Math.round((CHANNELS * SECONDS) / wallS).toLocaleString('en')} samples/s) |`,
      `| file | ${fmt(file / 1e6)} MB |`,
      ...tables.map((t) => `| ${t} | ${rows[t]?.toLocaleString('en')} rows, ${fmt(perRow(t))} bytes/row |`),
      `| raw window (${rawDays} days) for 1,000 channels | ${fmt(rawGb)} GB |`,
      `| minute rollups per year (kept forever) | ${fmt(minuteGbPerYear)} GB |`,
      `| hourly + daily rollups per year | ${fmt(hourGbPerYear + dayGbPerYear, 2)} GB |`,
      `| first year, all tiers | ${fmt(yearGb)} GB (budget 5 GB) |`,
      `| with minute rollups kept 90 days (ECOHELM_MINUTE_RETENTION_DAYS=90) | ${fmt(rawGb + (minuteGbPerYear * 90) / 365 + hourGbPerYear + dayGbPerYear)} GB a year |`,
      '',
    ].join('\n'),
  );
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
