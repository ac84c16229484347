import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mulberry32 } from '@ecohelm/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { Sample } from '../src/features/ingest/types.ts';
import {
  decodeMinutes,
  decodeSamples,
  emptyMinuteColumns,
  encodeMinutes,
  encodeSamples,
} from '../src/features/telemetry/chunk-codec.ts';
import { TelemetryRepository } from '../src/features/telemetry/telemetry.repository.ts';
import { TelemetryService } from '../src/features/telemetry/telemetry.service.ts';
import { askReleaseStore, openReleaseStore, RELEASE_STORE_NOW, withReleaseApp } from './release-store.ts';
import { createTestStore, sqliteIntegrity, storeKinds, type TestStore } from './stores.ts';

const EXTREMES = [
  0,
  -0,
  Number.MIN_VALUE,
  -Number.MIN_VALUE,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.EPSILON,
  2 ** 53 + 2,
  -(2 ** 60),
  1e-300,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  0.1 + 0.2,
  273.15 + 85.3,
];

/** A value series of one kind: register-like decimals, noisy doubles, or a mix with the extremes. */
function series(next: () => number, n: number, kind: number): Float64Array {
  const v = new Float64Array(n);
  let level = (next() - 0.5) * 10 ** Math.floor(next() * 8);
  for (let i = 0; i < n; i++) {
    level += (next() - 0.5) * 3;
    if (kind === 0) v[i] = Math.round(level * 100) / 100;
    else if (kind === 1) v[i] = level * Math.PI;
    else v[i] = next() < 0.2 ? EXTREMES[Math.floor(next() * EXTREMES.length)]! : Math.round(level * 10) / 10;
  }
  return v;
}

/** Strictly increasing integer times with irregular gaps (1 ms to days). */
function times(next: () => number, n: number, start: number): Float64Array {
  const t = new Float64Array(n);
  let at = start;
  for (let i = 0; i < n; i++) {
    at += next() < 0.8 ? 1000 : 1 + Math.floor(next() ** 4 * 3 * 86_400_000);
    t[i] = at;
  }
  return t;
}

const same = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  a.length === b.length && Array.from(a).every((x, i) => Object.is(x, b[i]));

describe('chunk codec', () => {
  it('gives back every sample bit for bit: random series, irregular times, extremes', () => {
    const next = mulberry32(15);
    for (let c = 0; c < 300; c++) {
      const n = Math.floor(next() * 4000);
      const t = times(next, n, Math.floor(next() * 2e12));
      const v = series(next, n, c % 3);
      const back = decodeSamples(encodeSamples(t, v));
      expect(same(back.t, t), `times of case ${c}`).toBe(true);
      expect(same(back.v, v), `values of case ${c}`).toBe(true);
    }
  });

  it('gives back every minute rollup column bit for bit', () => {
    const next = mulberry32(3);
    for (let c = 0; c < 100; c++) {
      const n = Math.floor(next() * 1500);
      const m = emptyMinuteColumns(n);
      let t = 1_700_000_000 + Math.floor(next() * 1e6) * 60;
      for (let i = 0; i < n; i++) {
        t += next() < 0.9 ? 60 : 60 * (1 + Math.floor(next() * 500));
        m.t[i] = t;
        m.n[i] = next() < 0.9 ? 60 : 1 + Math.floor(next() * 100);
        m.lastT[i] = t * 1000 + Math.floor(next() * 60_000);
      }
      m.sum.set(series(next, n, c % 3));
      m.min.set(series(next, n, (c + 1) % 3));
      m.max.set(series(next, n, (c + 2) % 3));
      m.last.set(series(next, n, c % 3));
      const back = decodeMinutes(encodeMinutes(m));
      for (const key of Object.keys(m) as (keyof typeof m)[]) {
        expect(same(back[key], m[key]), `${key} of case ${c}`).toBe(true);
      }
    }
  });

  it('packs a register read at 0.1 K every second into about a byte a sample or less', () => {
    const next = mulberry32(7);
    const t = Float64Array.from({ length: 3600 }, (_, i) => Date.UTC(2026, 0, 1) + i * 1000);
    const v = Float64Array.from(
      t,
      (_, i) => 273.15 + Math.round((85 + 3 * Math.sin(i / 600) + next() * 0.3) * 10) / 10,
    );
    expect(encodeSamples(t, v).length / 3600).toBeLessThan(1);
  });

  it('refuses a chunk of another format', () => {
    const chunk = encodeSamples([1, 2], [3, 4]);
    chunk[0] = 9;
    expect(() => decodeSamples(chunk)).toThrow(/format 9/);
  });
});

const T0 = Date.UTC(2026, 2, 1, 10, 20);
const HOUR = 3_600_000;
const DAY = 86_400_000;
const SOG = 'navigation.speedOverGround';
const COG = 'navigation.courseOverGroundTrue';
const POWER = 'propulsion.main.shaftPower';

/** Three hours of three channels at irregular 1 Hz (gaps, a circular channel), in uneven batches. */
function history(): Sample[][] {
  const next = mulberry32(42);
  const batches: Sample[][] = [];
  let batch: Sample[] = [];
  for (let s = 0; s < 3 * 3600; s++) {
    if (next() < 0.05) continue;
    const t = T0 + s * 1000 + (next() < 0.1 ? Math.floor(next() * 999) : 0);
    batch.push({ channel: SOG, t, value: Math.round((6 + Math.sin(s / 300) + next() * 0.05) * 100) / 100 });
    batch.push({ channel: COG, t, value: (s / 1000) % (2 * Math.PI) });
    if (s % 3 === 0) batch.push({ channel: POWER, t, value: 5e6 + Math.round(next() * 1e5) });
    if (batch.length > 700 + Math.floor(next() * 900)) {
      batches.push(batch);
      batch = [];
    }
  }
  batches.push(batch);
  return batches;
}

/** Late and repeated samples: a value written again for a time already stored replaces it, as before. */
function lateSamples(): Sample[] {
  return [
    { channel: SOG, t: T0 + 100_000, value: 9.99 },
    { channel: SOG, t: T0 + 100_500, value: 8.88 },
    { channel: SOG, t: T0 + HOUR + 5_000, value: 1.23 },
    { channel: POWER, t: T0 + 2 * HOUR, value: 7e6 },
  ];
}

/** Every reader of the repository, over ranges that cut hours and minutes in the middle. */
/** The answers with every number to 12 significant digits, unless `exact`. */
function settle(value: unknown, exact: boolean): unknown {
  if (exact) return value;
  if (typeof value === 'number') return Number(value.toPrecision(12));
  if (ArrayBuffer.isView(value)) return Array.from(value as Float64Array, (v) => Number(v.toPrecision(12)));
  if (Array.isArray(value)) return value.map((v) => settle(v, false));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, settle(v, false)]));
  return value;
}

async function answers(telemetry: TelemetryService, now: number) {
  const out: Record<string, unknown> = {};
  const from = T0 - 30 * 60_000;
  const to = T0 + 4 * HOUR;
  for (const channel of [SOG, COG, POWER]) {
    out[`raw ${channel}`] = await telemetry.rawSamples(channel, T0 + 1234, T0 + 2 * HOUR + 777);
    out[`latest ${channel}`] = (await telemetry.latest([channel])).get(channel);
    out[`trend raw ${channel}`] = await telemetry.trend(channel, T0 + 600_000, T0 + 2 * HOUR, 2000, now);
    out[`trend 1m ${channel}`] = await telemetry.trend(channel, from, to, 50, now);
    for (const level of ['1m', '1h', '1d'] as const) {
      out[`rows ${level} ${channel}`] = await telemetry.rollups(level, channel, from, to);
      out[`means ${level} ${channel}`] = await telemetry.rollupMeans(level, channel, from, to);
      out[`buckets ${level} ${channel}`] = await telemetry.rollupBuckets(
        level,
        channel,
        from,
        to,
        7 * 60_000,
      );
    }
  }
  return out;
}

describe.each(storeKinds)('telemetry chunks on %s', (kind) => {
  let plain: TestStore;
  let chunked: TestStore;
  let a: TelemetryService;
  let b: TelemetryService;
  const now = T0 + 4 * HOUR;
  beforeAll(async () => {
    plain = await createTestStore(kind);
    chunked = await createTestStore(kind);
    a = new TelemetryService(new TelemetryRepository(plain.store));
    b = new TelemetryService(new TelemetryRepository(chunked.store));
    await a.init();
    await b.init();
    for (const batch of history()) {
      await a.writeSamples(batch);
      await b.writeSamples(batch);
    }
  });
  afterAll(async () => {
    await plain.dispose();
    await chunked.dispose();
  });

  it('answers every read the same after compaction, and after late samples into compacted hours', async () => {
    const before = await answers(b, now);
    // Fresh services: nothing cached in memory, the latest values come from the store.
    const read = async () => {
      const fresh = new TelemetryService(new TelemetryRepository(chunked.store));
      await fresh.init();
      return answers(fresh, now);
    };
    const moved = await b.compact(Date.UTC(2030, 0, 1));
    if (kind === 'sqlite') {
      expect(moved.samples).toBeGreaterThan(20_000);
      expect(moved.minutes).toBeGreaterThan(300);
      const left = await sql<{ n: number }>`select count(*) as n from samples`.execute(chunked.store.db);
      expect(Number(left.rows[0]?.n)).toBe(0);
    } else {
      expect(moved).toEqual({ samples: 0, minutes: 0 });
    }
    expect(await read()).toEqual(before);

    await a.writeSamples(lateSamples());
    await b.writeSamples(lateSamples());
    const expected = await answers(a, now);
    expect(await read()).toEqual(expected);
    // Compacting again merges the late rows into their chunks; nothing changes for a reader.
    await b.compact(Date.UTC(2030, 0, 1));
    expect(await read()).toEqual(expected);
  });

  it('prunes the raw window and the minutes inside a chunk as it did rows', async () => {
    const rawBefore = T0 + HOUR + 1_234_567;
    expect(await b.pruneRaw(rawBefore + b.rawWindowMs)).toBe(await a.pruneRaw(rawBefore + a.rawWindowMs));
    const keepMinutes = new TelemetryService(new TelemetryRepository(plain.store), { minuteWindowDays: 1 });
    const keepMinutesB = new TelemetryService(new TelemetryRepository(chunked.store), {
      minuteWindowDays: 1,
    });
    await keepMinutes.init();
    await keepMinutesB.init();
    const minuteBefore = T0 + 2 * HOUR + 15 * 60_000;
    expect(await keepMinutesB.pruneMinutes(minuteBefore + DAY)).toBe(
      await keepMinutes.pruneMinutes(minuteBefore + DAY),
    );
    expect(await answers(b, now)).toEqual(await answers(a, now));
    const raw = await b.rawSamples(SOG, 0, now);
    expect(raw[0]!.t).toBeGreaterThanOrEqual(rawBefore);
  });

  it('rebuilds hours and days from minutes held in chunks as from rows', async () => {
    await a.rebuildHourDayRollups(T0, T0 + 4 * HOUR);
    await b.rebuildHourDayRollups(T0, T0 + 4 * HOUR);
    // SQLite sums in the order of its index (and the chunk path sums as it does): equal to the bit. PostgreSQL's
    // `sum()` of doubles follows the plan's row order, which two stores of the same rows need not share: equal to
    // the 12th significant digit there (one unit in the last place of a 7,000-sized sum, seen under load).
    const exact = kind === 'sqlite';
    expect(settle(await answers(b, now), exact)).toEqual(settle(await answers(a, now), exact));
  });
});

describe('compaction leaves recent periods hot', () => {
  let ts: TestStore;
  beforeAll(async () => {
    ts = await createTestStore('sqlite');
  });
  afterAll(() => ts.dispose());

  it('moves an hour ten minutes after it ends and a day an hour after it ends, not before', async () => {
    const telemetry = new TelemetryService(new TelemetryRepository(ts.store));
    await telemetry.init();
    const day = Date.UTC(2026, 4, 2);
    // Two hours of samples a minute at the end of a day and the first hour of the next.
    const samples = Array.from({ length: 180 }, (_, i) => ({
      channel: SOG,
      t: day - 2 * HOUR + i * 60_000,
      value: 5 + i / 100,
    }));
    await telemetry.writeSamples(samples);
    // 5 minutes after midnight: the last hour of the day ended too recently, the one before is moved.
    expect(await telemetry.compact(day + 5 * 60_000)).toEqual({ samples: 60, minutes: 0 });
    // 61 minutes after: both hours of the closed day are moved, with its minutes; the open hour stays.
    expect(await telemetry.compact(day + 61 * 60_000)).toEqual({ samples: 60, minutes: 120 });
    expect(await telemetry.rawSamples(SOG, day - 2 * HOUR, day + HOUR)).toHaveLength(180);
    expect(await telemetry.rollups('1m', SOG, day - 2 * HOUR, day + HOUR)).toHaveLength(180);
  });
});

describe('a store of the old layout (release fixture)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'ecohelm-chunks-upgrade-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('migrates, compacts its rows into chunks and answers as before', async () => {
    const store = openReleaseStore('0.1.0', dir);
    try {
      await migrateToLatest(store.db);
      await withReleaseApp(dir, store, async (app, services, auth) => {
        const minutes = () =>
          services.telemetry.rollups('1m', SOG, RELEASE_STORE_NOW - 3 * DAY, RELEASE_STORE_NOW);
        const before = { api: await askReleaseStore(app, auth), minutes: await minutes() };
        expect(before.minutes.length).toBeGreaterThan(1000);
        const moved = await services.telemetry.compact(RELEASE_STORE_NOW + 30 * DAY);
        expect(moved.minutes).toBeGreaterThan(0);
        expect({ api: await askReleaseStore(app, auth), minutes: await minutes() }).toEqual(before);
        expect(await sqliteIntegrity(store.db)).toBe('ok');
      });
    } finally {
      await store.close();
    }
  });
});
