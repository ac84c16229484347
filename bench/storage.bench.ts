/**
 * Storage of a realistic ship (`node bench/storage.bench.ts`, part of `npm run bench`). Budget (issue #15): ≤ 5 GB a
 * year for 1,000 channels at 1 Hz including the raw window, the one-year trend of a channel < 100 ms p95, and
 * ingest ≥ 0.5× a bare insert of the same rows.
 *
 * 1. Raw path: 1,000 channels at 1 Hz written through the telemetry service (raw samples and their 1 min / 1 h /
 *    1 day rollups, batches of 5 s = 5,000 samples as the ingest pipeline makes them) for
 *    ECOHELM_BENCH_STORAGE_SECONDS of simulated time (default 3,600: an hour), with the compaction job run every
 *    ten simulated minutes as the server does and once more at the end (all of it timed); timed against a bare batched insert of the same rows into the raw
 *    table of another fresh store. Bytes per sample of the compacted hours (SQLite's dbstat, index included).
 * 2. Minute tier, fast-forwarded: ECOHELM_BENCH_STORAGE_DAYS (default 30) simulated days of 1 Hz values of
 *    ECOHELM_BENCH_STORAGE_MINUTE_CHANNELS (default 100) channels of the same model, aggregated into minutes
 *    (each from its 60 seconds) and written by the bulk-history path, then compacted: bytes per minute row,
 *    hour row and day row. Writing 30 days of 1,000 channels through the raw path would take hours on the 2-core
 *    reference machine; the per-row sizes settle within a day of one channel, so they are measured on fewer
 *    channels and extrapolated per channel-year.
 * 3. Trends: a year of minutes of one channel (bulk path, compacted): the one-year trend (≤ 2,000 points, from the
 *    hourly rollups), a 30-day trend (from the minute chunks) and the year of minute means that the hull-fouling
 *    analysis reads, p50/p95.
 *
 * Values are what an alarm and monitoring system reports: registers at a fixed resolution converted to SI —
 * temperatures at 0.1 °C (stored in K, so 273.15 + x with its float rounding), pressures at 0.01 bar (Pa), powers
 * and flows at 1 kW or 1 kg/h (W, kg/s), speeds at 0.1 rpm (rev/s: a division by 60 that no decimal scale fits) —
 * each a slow process wave plus a few counts of noise every second.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHANNEL } from '@ecohelm/domain';
import { sql } from 'kysely';
import { openStore, type Store } from '../apps/server/src/db/client.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { giveSpaceBack } from '../apps/server/src/db/space.ts';
import type { Sample } from '../apps/server/src/features/ingest/types.ts';
import { TelemetryRepository } from '../apps/server/src/features/telemetry/telemetry.repository.ts';
import { TelemetryService } from '../apps/server/src/features/telemetry/telemetry.service.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { bareSampleWriter } from './bare-insert.ts';

const CHANNELS = 1000;
const SECONDS = Number(process.env.ECOHELM_BENCH_STORAGE_SECONDS ?? 3600);
const DAYS = Number(process.env.ECOHELM_BENCH_STORAGE_DAYS ?? 30);
const MINUTE_CHANNELS = Number(process.env.ECOHELM_BENCH_STORAGE_MINUTE_CHANNELS ?? 100);
const BATCH_SECONDS = 5;
const T0 = Date.UTC(2026, 0, 1);
const config = loadConfig({}, []);
const rawDays = config.ingest.rawRetentionDays;
const minuteDays = config.ingest.minuteRetentionDays;
const names = Array.from({ length: CHANNELS }, (_, i) => `ams.tag${String(i).padStart(4, '0')}`);

/** A cheap deterministic hash in [0, 1) of two integers (the sensor noise). */
function noise(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  return ((h ^ (h >>> 15)) >>> 0) / 4_294_967_296;
}

/** The SI value of AMS channel `i` at second `s`: its register's resolution, a process wave, a few counts of noise. */
function value(i: number, s: number): number {
  const wave = Math.sin((s + i * 97) / (900 + i)) + 0.3 * Math.sin((s + i * 31) / 86_400);
  const counts = Math.round((noise(i, s) - 0.5) * 4);
  switch (i % 10) {
    case 0:
    case 1:
    case 2:
    case 3: // temperature, 0.1 °C, in K
      return 273.15 + (Math.round((60 + 25 * wave) * 10) + counts) / 10;
    case 4:
    case 5:
    case 6: // pressure, 0.01 bar, in Pa
      return (Math.round((4 + 2 * wave) * 100) + counts) * 1000;
    case 7:
    case 8: // power or flow, 1 kW, in W
      return (Math.round(3000 + 1500 * wave) + counts) * 1000;
    default: // shaft or turbocharger speed, 0.1 rpm, in rev/s
      return (Math.round((80 + 20 * wave) * 10) + counts) / 10 / 60;
  }
}

function batchAt(s0: number, channels: number): Sample[] {
  const batch: Sample[] = [];
  for (let s = s0; s < s0 + BATCH_SECONDS && s < SECONDS; s++) {
    for (let i = 0; i < channels; i++)
      batch.push({ channel: names[i]!, t: T0 + s * 1000, value: value(i, s) });
  }
  return batch;
}

async function freshStore(): Promise<{ store: Store; dir: string; telemetry: TelemetryService }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ecohelm-bench-storage-'));
  const store = openStore({ sqliteFile: path.join(dir, 'ecohelm.sqlite') });
  await migrateToLatest(store.db);
  // An alarm and monitoring system's tags: channels of their own beside the catalogue's.
  await store.db
    .insertInto('channels')
    .values(names.map((name, i) => ({ id: 10_000 + i, name })))
    .execute();
  const telemetry = new TelemetryService(new TelemetryRepository(store), { rawWindowDays: rawDays });
  await telemetry.init();
  return { store, dir, telemetry };
}

async function dispose(s: { store: Store; dir: string }) {
  await s.store.close();
  rmSync(s.dir, { recursive: true, force: true });
}

/**
 * The store's file size, the pages compaction freed given back to the disk as the server's job does (db/space.ts),
 * and the size after; then the store is closed and removed.
 */
async function giveSpaceBackAndDispose(s: { store: Store; dir: string }) {
  const file = path.join(s.dir, 'ecohelm.sqlite');
  const before = statSync(file).size;
  const space = await giveSpaceBack(s.store, { file });
  const after = statSync(file).size;
  await dispose(s);
  return { before, space, after };
}

/** Bytes of a table and its indexes (dbstat) and its row count, or the rows held in its chunks. */
async function size(store: Store, table: string, rowsIn: 'rows' | 'chunks') {
  const bytes = await sql<{ bytes: number }>`select sum(pgsize) as bytes from dbstat
    where name in (select name from sqlite_master where tbl_name = ${table})`.execute(store.db);
  const count =
    rowsIn === 'rows'
      ? await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(store.db)
      : await sql<{ n: number }>`select coalesce(sum(n), 0) as n from ${sql.table(table)}`.execute(store.db);
  const b = Number(bytes.rows[0]?.bytes ?? 0);
  const n = Number(count.rows[0]?.n ?? 0);
  return { bytes: b, rows: n, perRow: n ? b / n : 0 };
}

const benchStart = performance.now();
const phase = (what: string) =>
  process.stderr.write(`${what} done at ${((performance.now() - benchStart) / 1000).toFixed(0)} s\n`);
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

// 1. Raw path with compaction, and the bare insert of the same rows.
const real = await freshStore();
let realMs = 0;
let compactMs = 0;
for (let s = 0; s < SECONDS; s += BATCH_SECONDS) {
  const batch = batchAt(s, CHANNELS);
  const started = performance.now();
  await real.telemetry.writeSamples(batch);
  if ((s + BATCH_SECONDS) % 600 === 0) {
    const c = performance.now();
    await real.telemetry.compact(T0 + (s + BATCH_SECONDS) * 1000);
    compactMs += performance.now() - c;
  }
  realMs += performance.now() - started;
}
// The hours still hot at the end are compacted as the job would an hour later; timed too: all the data written
// pays its compaction.
const lastCompaction = performance.now();
await real.telemetry.compact(T0 + SECONDS * 1000 + 3_600_000);
compactMs += performance.now() - lastCompaction;
realMs += performance.now() - lastCompaction;
real.store.sqlite?.pragma('wal_checkpoint(TRUNCATE)');
const rawChunks = await size(real.store, 'sample_chunks', 'chunks');
const { before: rawFile, space: rawSpace, after: rawFileAfter } = await giveSpaceBackAndDispose(real);
phase('raw path');

const bare = await freshStore();
const write = bareSampleWriter(bare.store, (channel) => bare.telemetry.channelId(channel));
let bareMs = 0;
for (let s = 0; s < SECONDS; s += BATCH_SECONDS) {
  const batch = batchAt(s, CHANNELS);
  const started = performance.now();
  write(batch);
  bareMs += performance.now() - started;
}
const plainRaw = await size(bare.store, 'samples', 'rows');
await dispose(bare);
phase('bare insert');

// 2. The minute tier, fast-forwarded: minutes aggregated from the same 1 Hz values, bulk-written, compacted.
const minute = await freshStore();
const writer = minute.telemetry.bulkHistory({ minutesAreNew: true });
const ids = names.slice(0, MINUTE_CHANNELS).map((n) => writer.channelId(n));
for (let m = 0; m < DAYS * 1440; m++) {
  for (let i = 0; i < MINUTE_CHANNELS; i++) {
    let sum = 0;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    let last = 0;
    for (let s = m * 60; s < m * 60 + 60; s++) {
      last = value(i, s);
      sum += last;
      if (last < min) min = last;
      if (last > max) max = last;
    }
    writer.minute(ids[i]!, T0 + m * 60_000, { mean: sum / 60, min, max, last, count: 60 });
  }
  if (writer.pending > 200_000) await writer.flush();
}
await writer.finish();
const minuteCompactStart = performance.now();
await minute.telemetry.compact(T0 + (DAYS + 1) * 86_400_000);
const minuteCompactS = (performance.now() - minuteCompactStart) / 1000;
minute.store.sqlite?.pragma('wal_checkpoint(TRUNCATE)');
const minuteChunks = await size(minute.store, 'minute_chunks', 'chunks');
const hours = await size(minute.store, 'rollup_1h', 'rows');
const days = await size(minute.store, 'rollup_1d', 'rows');
const {
  before: minuteFile,
  space: minuteSpace,
  after: minuteFileAfter,
} = await giveSpaceBackAndDispose(minute);
phase('minute tier');

// 3. A year of one channel's minutes: trends and the analyses' bulk read.
const year = await freshStore();
// A catalogue channel (trends answer only those) with the values of a power register.
const channel = CHANNEL.mePower;
const yearWriter = year.telemetry.bulkHistory({ minutesAreNew: true });
const id = yearWriter.channelId(channel);
for (let m = 0; m < 365 * 1440; m++) {
  const v = value(7, m * 60);
  yearWriter.minute(id, T0 + m * 60_000, { mean: v, min: v - 3000, max: v + 3000, last: v, count: 60 });
  if (yearWriter.pending > 200_000) await yearWriter.flush();
}
await yearWriter.finish();
await year.telemetry.compact(T0 + 366 * 86_400_000);
phase('a year of one channel');
const yearEnd = T0 + 365 * 86_400_000;
const timed = async (run: () => Promise<unknown>) => {
  const times: number[] = [];
  for (let i = 0; i < 45; i++) {
    const q = performance.now();
    await run();
    times.push(performance.now() - q);
  }
  const warm = times.slice(5);
  return `p50 ${pct(warm, 0.5).toFixed(1)} ms, p95 ${pct(warm, 0.95).toFixed(1)} ms`;
};
const yearTrend = await timed(() => year.telemetry.trend(channel, T0, yearEnd, 2000, yearEnd));
const monthTrend = await timed(() =>
  year.telemetry.trend(channel, yearEnd - 30 * 86_400_000, yearEnd, 2000, yearEnd),
);
const yearMeans = await timed(() => year.telemetry.rollupMeans('1m', channel, T0, yearEnd));
await dispose(year);

// Extrapolation to 1,000 channels and a year.
const yearS = 365 * 86_400;
const gb = (bytes: number) => bytes / 1e9;
const rawGb = gb(CHANNELS * rawDays * 86_400 * rawChunks.perRow);
const minuteYears = minuteDays > 0 ? Math.min(1, minuteDays / 365) : 1;
const minuteGb = gb(CHANNELS * (yearS / 60) * minuteChunks.perRow * minuteYears);
const hourDayGb = gb(CHANNELS * (yearS / 3600) * hours.perRow + CHANNELS * 365 * days.perRow);
// The hot rows: at most the current hour plus ten minutes of raw samples, a day and an hour of minutes.
const hotGb = gb(CHANNELS * 4200 * plainRaw.perRow + CHANNELS * 1500 * 65);
const totalGb = rawGb + minuteGb + hourDayGb + hotGb;
const plainRawGb = gb(CHANNELS * rawDays * 86_400 * plainRaw.perRow);
const samples = CHANNELS * SECONDS;
const fmt = (n: number, d = 1) => n.toFixed(d);
const rate = (ms: number) => Math.round(samples / (ms / 1000)).toLocaleString('en');
const minuteLabel = minuteDays > 0 ? `${minuteDays} days` : 'forever';
process.stdout.write(
  [
    `| what | figure |`,
    `| --- | --- |`,
    `| raw path | ${CHANNELS} channels × ${SECONDS} s at 1 Hz = ${samples.toLocaleString('en')} samples, batches of ${BATCH_SECONDS} s |`,
    `| raw path's SQLite file after compaction → after giving the free pages back | ${fmt(rawFile / 1e6)} MB (${rawSpace?.before.freePages.toLocaleString('en')} of ${rawSpace?.before.pages.toLocaleString('en')} pages free) → ${fmt(rawFileAfter / 1e6)} MB |`,
    `| minute tier's SQLite file after compaction → after giving the free pages back | ${fmt(minuteFile / 1e6)} MB (${minuteSpace?.before.freePages.toLocaleString('en')} of ${minuteSpace?.before.pages.toLocaleString('en')} pages free) → ${fmt(minuteFileAfter / 1e6)} MB |`,
    `| ingest through the real path, compaction included | ${rate(realMs)} samples/s (compaction ${fmt(compactMs / 1000)} s of ${fmt(realMs / 1000)} s) |`,
    `| bare batched insert of the same rows | ${rate(bareMs)} samples/s |`,
    `| real path / bare insert | ${fmt(bareMs / realMs, 2)} (budget ≥ 0.50) |`,
    `| raw samples in chunks | ${fmt(rawChunks.perRow, 2)} bytes/sample (plain rows: ${fmt(plainRaw.perRow)} bytes/row) |`,
    `| minute rollups in chunks (${MINUTE_CHANNELS} channels × ${DAYS} days, compacted in ${fmt(minuteCompactS)} s) | ${fmt(minuteChunks.perRow, 2)} bytes/row |`,
    `| hourly / daily rollups (plain rows) | ${fmt(hours.perRow)} / ${fmt(days.perRow)} bytes/row |`,
    `| raw window (${rawDays} days) for 1,000 channels | ${fmt(rawGb, 2)} GB (plain rows: ${fmt(plainRawGb)} GB) |`,
    `| minute rollups, first year (kept ${minuteLabel}) | ${fmt(minuteGb, 2)} GB |`,
    `| hourly + daily rollups per year | ${fmt(hourDayGb, 2)} GB |`,
    `| hot rows (the current hour of samples, the current day of minutes) | ${fmt(hotGb, 2)} GB |`,
    `| first year, all tiers, 1,000 channels | ${fmt(totalGb, 2)} GB (budget 5 GB); each later year adds ${fmt(minuteGb + hourDayGb, 2)} GB |`,
    `| per channel-year | ${fmt((totalGb * 1e3) / CHANNELS, 2)} MB |`,
    `| one-year trend of a channel (≤ 2,000 points, hourly rollups) | ${yearTrend} (budget < 100 ms p95) |`,
    `| 30-day trend (≤ 2,000 points, minute chunks) | ${monthTrend} |`,
    `| a year of minute means (the hull-fouling read) | ${yearMeans} |`,
    '',
  ].join('\n'),
);
