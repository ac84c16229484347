/**
 * 100 ships syncing into one shore (`node bench/fleet-sync.bench.ts`, part of `npm run bench`; needs DATABASE_URL,
 * PostgreSQL, and Debian's nats-server).
 *
 * 1. Ships: ECOHELM_BENCH_FLEET_SHIPS (default 100) SQLite stores, each written by the built-in simulator (a seed
 *    of its own, and its model started up to 87 days earlier and replayed, so each ship is at its own point of its
 *    voyages) for ECOHELM_BENCH_FLEET_DAYS (default 1) days of history, with the simulator's particulars under an
 *    IMO number of its own, its voyages pre-filled as filling records and a reporting year (2025) of the crew's
 *    filling records: records (particulars, filling, voyage events, bunker records) and hourly and daily rollups.
 * 2. Link: a nats-server with JetStream on a free port, started here; one shore, the real server in its own process
 *    (`scripts/e2e-server.mjs` on ECOHELM_BENCH_FLEET_PORT, default 8470, a PostgreSQL database of its own,
 *    ECOHELM_SYNC_ROLE=shore), and every ship's sync (ShipSync, uncapped: the bench measures what the shore takes
 *    in, not the 64 kbit/s a ship sends by default) in this process, all started at once.
 * 3. Measured: messages and bytes JetStream stored (one per record version and rollup bucket), wall time from start
 *    until the shore holds every record and bucket, messages/s and MB/s through the shore; the ingest lag of each
 *    record message (the shore's `received_at` minus JetStream's stored time) p50/p95/max, and how long the shore
 *    needed after the last ship's outbox was empty; the shore's PostgreSQL size (tables, indexes, partitions) per
 *    ship-day, extrapolated to a ship-year (×365: rollups and the simulator's records grow by the day).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { openStore, type Store } from '../apps/server/src/db/client.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { FillingRepository } from '../apps/server/src/features/filling/filling.repository.ts';
import { FillingService, type SaveInput } from '../apps/server/src/features/filling/filling.service.ts';
import { RecordsRepository } from '../apps/server/src/features/records/records.repository.ts';
import { RecordsService } from '../apps/server/src/features/records/records.service.ts';
import { ShipRepository } from '../apps/server/src/features/ship/ship.repository.ts';
import { ShipService } from '../apps/server/src/features/ship/ship.service.ts';
import { startSync } from '../apps/server/src/features/sync/sync.jobs.ts';
import { decode } from '../apps/server/src/features/sync/sync.link.ts';
import { SHORE_CONSUMER } from '../apps/server/src/features/sync/sync.shore.ts';
import { SHIPS_STREAM } from '../apps/server/src/features/sync/sync.sources.ts';
import { TelemetryRepository } from '../apps/server/src/features/telemetry/telemetry.repository.ts';
import { TelemetryService } from '../apps/server/src/features/telemetry/telemetry.service.ts';
import { VoyageRepository } from '../apps/server/src/features/voyages/voyages.repository.ts';
import { VoyageService } from '../apps/server/src/features/voyages/voyages.service.ts';
import { prefillFillingRecords, simulatorShip } from '../apps/server/src/simulator/prefill-filling.ts';
import { VesselSimulator } from '../apps/server/src/simulator/simulator.ts';
import { startNats, testSyncConfig } from '../apps/server/test/nats.ts';
import { reportingYear } from '../testing/factories.ts';

const SHIPS = Number(process.env.ECOHELM_BENCH_FLEET_SHIPS ?? 100);
const DAYS = Number(process.env.ECOHELM_BENCH_FLEET_DAYS ?? 1);
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error('fleet-sync bench: DATABASE_URL (PostgreSQL) is required for the shore.');
  process.exit(1);
}

const silent = {
  level: 'silent',
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child: () => silent,
} as unknown as FastifyBaseLogger;

/** An IMO number with its check digit (weights 7..2 over the first six digits). */
function imoOf(i: number): string {
  const six = String(960_000 + i).padStart(6, '0');
  const sum = [...six].reduce((a, d, k) => a + Number(d) * (7 - k), 0);
  return `${six}${sum % 10}`;
}

const syncConfig = (natsUrl: string) =>
  testSyncConfig(natsUrl, 'ship', {
    maxKbits: 1_000_000,
    historyDays: DAYS + 1,
    recheckHours: 48,
    recheckMs: 3_600_000,
    scanMs: 2_000,
    reconnectMs: 500,
    ackTimeoutMs: 10_000,
  });

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};
const fmt = (v: number, d = 1) => v.toLocaleString('en-US', { maximumFractionDigits: d });

// ── 1. the ships ─────────────────────────────────────────────────────────────
const dir = mkdtempSync(path.join(tmpdir(), 'ecohelm-bench-fleet-'));
const now = Date.now();
const ships: { store: Store; ships: ShipService; imo: string }[] = [];
const tGen = performance.now();
for (let i = 0; i < SHIPS; i++) {
  const store = openStore({ sqliteFile: path.join(dir, `ship-${i}.sqlite`) });
  await migrateToLatest(store.db);
  const telemetry = new TelemetryService(new TelemetryRepository(store));
  await telemetry.init();
  const voyages = new VoyageService(new VoyageRepository(store.db));
  const records = new RecordsService(new RecordsRepository(store.db));
  const shipService = new ShipService(new ShipRepository(store.db));
  const filling = new FillingService(new FillingRepository(store.db), shipService, undefined, () =>
    records.listBunker({ limit: 100_000 }),
  );
  const imo = imoOf(i);
  await shipService.saveShip(
    {
      ...simulatorShip(),
      imoNumber: imo,
      mmsi: String(412_000_000 + i),
      nameEn: `ECO BENCH ${String(i).padStart(3, '0')}`,
    },
    'bench',
  );
  // Each ship at its own point of the simulator's voyages: its model starts up to 87 days earlier and is replayed
  // (nothing written) to the day the bench writes, so some ships are at sea and some in port.
  const DAY = 86_400_000;
  const writeFrom = Math.floor((now - DAYS * DAY) / 60_000) * 60_000;
  await voyages.setState('simulator.seed', String(1000 + i));
  await voyages.setState('simulator.origin', String(Math.floor(writeFrom / DAY) * DAY - (i % 30) * 3 * DAY));
  await voyages.setState('simulator.writtenUntil', String(writeFrom));
  await new VesselSimulator({
    voyages,
    records,
    history: telemetry,
    live: { write: async () => undefined },
    seed: 1000 + i,
    historyDays: DAYS,
    now: () => now,
    progress: () => undefined,
  }).start({ live: false });
  await prefillFillingRecords({ voyages, ships: shipService, filling, records });
  // A reporting year of the crew's own filling records besides the simulator's (the fleet figures need a year).
  for (const record of reportingYear(2025, { anchorage: true })) {
    await filling.create({ record: record as SaveInput['record'] }, 'bench');
  }
  ships.push({ store, ships: shipService, imo });
  if ((i + 1) % 10 === 0) process.stderr.write(`  ${i + 1}/${SHIPS} ships written\n`);
}
const genS = (performance.now() - tGen) / 1000;

// ── 2. the shore and the link ────────────────────────────────────────────────
const nats = await startNats();
const dbName = `ecohelm_bench_fleet_${Date.now()}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const shoreUrl = new URL(adminUrl);
shoreUrl.pathname = `/${dbName}`;
// The shore is the real server in a process of its own (as deployed), on its own PostgreSQL database.
const SHORE_PORT = Number(process.env.ECOHELM_BENCH_FLEET_PORT ?? 8470);
const shoreServer = spawn(
  process.execPath,
  [
    'scripts/e2e-server.mjs',
    String(SHORE_PORT),
    `DATABASE_URL=${shoreUrl}`,
    'ECOHELM_SYNC_ROLE=shore',
    // The bench's ships are not registered by an admin: they appear on their first message.
    'ECOHELM_SYNC_AUTO_REGISTER=1',
    `ECOHELM_SYNC_NATS_URL=${nats.url}`,
    'ECOHELM_SIMULATOR=0',
    // A shore has user accounts, no built-in console device: its first admin.
    'ECOHELM_ADMIN_USER=bench',
    'ECOHELM_ADMIN_PASSWORD=bench-password',
  ],
  { stdio: 'ignore' },
);
const shoreOrigin = `http://127.0.0.1:${SHORE_PORT}`;
let token = '';
for (let k = 0; ; k++) {
  const res = await fetch(`${shoreOrigin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: 'bench-password' }),
  }).catch(() => undefined);
  if (res?.ok) {
    token = ((await res.json()) as { token: string }).token;
    break;
  }
  if (k > 300) throw new Error('the shore server did not start');
  await new Promise((r) => setTimeout(r, 200));
}
const shoreStore = openStore({ databaseUrl: shoreUrl.toString() });
const nc = await connect({ servers: nats.url });
const jsm = await jetstreamManager(nc);
// The shore makes the stream; wait for it, so the ships' first publishes land.
for (let k = 0; k < 100; k++) {
  const ok = await jsm.streams
    .info(SHIPS_STREAM)
    .then(() => true)
    .catch(() => false);
  if (ok) break;
  await new Promise((r) => setTimeout(r, 100));
}

const t0 = performance.now();
const links = ships.map((s) => startSync(syncConfig(nats.url), s.store, { ships: s.ships, log: silent }));

const countOf = async (store: Store, where: 'all' | 'pending') => {
  let q = store.db.selectFrom('sync_items').select((eb) => eb.fn.countAll<number>().as('n'));
  if (where === 'pending') q = q.where('pending', '=', 1);
  return Number((await q.executeTakeFirstOrThrow()).n);
};
let shipsDoneAt: number | undefined;
let maxPending = 0;
let lastReport = 0;
for (;;) {
  await new Promise((r) => setTimeout(r, 250));
  const consumer = await jsm.consumers.info(SHIPS_STREAM, SHORE_CONSUMER).catch(() => undefined);
  const shorePending = consumer ? consumer.num_pending + consumer.num_ack_pending : Number.POSITIVE_INFINITY;
  if (consumer) maxPending = Math.max(maxPending, shorePending);
  let queued = 0;
  let pending = 0;
  if (shipsDoneAt === undefined) {
    let empty = 0;
    for (const s of ships) {
      const n = await countOf(s.store, 'all');
      if (n === 0) empty++;
      queued += n;
      pending += await countOf(s.store, 'pending');
    }
    if (empty === 0 && pending === 0) shipsDoneAt = performance.now();
  }
  // Every outbox is empty (each acknowledged by JetStream) and the shore's consumer has stored and acknowledged all.
  if (shipsDoneAt !== undefined && shorePending === 0) break;
  if (performance.now() - lastReport > 5000) {
    lastReport = performance.now();
    process.stderr.write(
      `  ${fmt((lastReport - t0) / 1000, 0)} s: ships ${shipsDoneAt ? 'done' : `${pending} of ${queued} waiting`}, shore ${shorePending} waiting\n`,
    );
  }
  if (performance.now() - t0 > 30 * 60_000) throw new Error('fleet sync did not finish within 30 minutes');
}
const doneAt = performance.now();
// The intake's checks: each ship reconciles its history after its first sync (a manifest, answered by the shore);
// nothing may be set aside.
const reconciledCount = async () =>
  Number(
    (
      await shoreStore.db
        .selectFrom('fleet_ships')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('reconciled_at', 'is not', null)
        .executeTakeFirstOrThrow()
    ).n,
  );
for (let k = 0; k < 240 && (await reconciledCount()) < SHIPS; k++)
  await new Promise((r) => setTimeout(r, 250));
const reconciledAt = performance.now();
const reconciled = await reconciledCount();
const deadLetters = Number(
  (
    await shoreStore.db
      .selectFrom('fleet_dead_letters')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
);
if (deadLetters > 0) throw new Error(`the shore set ${deadLetters} messages aside`);

// ── 3. figures ───────────────────────────────────────────────────────────────
const info = await jsm.streams.info(SHIPS_STREAM);
const messages = info.state.messages;
const bytes = info.state.bytes;
const wallS = (doneAt - t0) / 1000;
// Each record message's lag: stored in JetStream → written by the shore.
const received = new Map<string, number>();
for (const r of await shoreStore.db
  .selectFrom('fleet_records')
  .select(['ship_id', 'stream', 'key', 'version', 'received_at'])
  .execute()) {
  received.set(`${r.ship_id}|${r.stream}|${r.key}|${r.version}`, Date.parse(r.received_at));
}
const lags: number[] = [];
const reader = await jetstream(nc).consumers.get(SHIPS_STREAM);
let read = 0;
while (read < messages) {
  for await (const m of await reader.fetch({
    max_messages: Math.min(1000, messages - read),
    expires: 5000,
  })) {
    read++;
    const body = decode(m.data, m.headers);
    if (body.kind !== 'record') continue;
    const at = received.get(`${body.ship}|${body.stream}|${body.key}|${body.version}`);
    if (at !== undefined) lags.push(at - m.info.timestampNanos / 1e6);
  }
}
const size = await sql<{ bytes: string }>`select
    (select coalesce(sum(pg_total_relation_size(relid)), 0) from pg_partition_tree('fleet_rollups'))
    + pg_total_relation_size('fleet_records') + pg_total_relation_size('fleet_ships')
    + pg_total_relation_size('fleet_reviews') as bytes`.execute(shoreStore.db);
const pgBytes = Number(size.rows[0]?.bytes ?? 0);
const perShipYearMb = ((pgBytes / SHIPS / DAYS) * 365) / 1e6;
const recordsRows = received.size;
const rollupRows = Number(
  (
    await shoreStore.db
      .selectFrom('fleet_rollups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
);

// The fleet page and the fleet report on what arrived, through the shore's HTTP API: every ship figured from its rows.
const auth = { authorization: `Bearer ${token}` };
/** p50 of five answers of the fleet page for `year`, and how many ships it rated. */
async function fleetPage(year: number): Promise<{ ms: number; rated: number; source: string }> {
  const ms: number[] = [];
  let rated = 0;
  let source = '';
  for (let k = 0; k < 5; k++) {
    const t = performance.now();
    const o = (await (
      await fetch(`${shoreOrigin}/api/v1/fleet/ships?year=${year}`, { headers: auth })
    ).json()) as {
      ships: { cii: { rating: string | null; source: string } | null }[];
    };
    ms.push(performance.now() - t);
    rated = o.ships.filter((x) => x.cii?.rating).length;
    source = [...new Set(o.ships.map((x) => x.cii?.source ?? '-'))].join('/');
  }
  return { ms: pct(ms, 50), rated, source };
}
const pastYear = await fleetPage(2025);
const thisYear = await fleetPage(new Date().getUTCFullYear());
const tReport = performance.now();
const report = await (
  await fetch(`${shoreOrigin}/api/v1/fleet/reports/export?year=2025&lang=en_US`, { headers: auth })
).arrayBuffer();
const reportMs = performance.now() - tReport;
// Fleet compliance (issue #29): every ship's FuelEU and ETS figures of 2025, the pool and the bill at 80 EUR.
const tCompliance = performance.now();
const compliance = (await (
  await fetch(`${shoreOrigin}/api/v1/fleet/compliance?year=2025&price=80`, { headers: auth })
).json()) as { ships: { plan: unknown }[]; pool: { members: string[] } | null };
const complianceMs = performance.now() - tCompliance;

const rows: [string, string][] = [
  ['ships × days of history', `${SHIPS} × ${DAYS}`],
  ['ships written by the simulator (s)', fmt(genS)],
  ['messages stored by JetStream (records + rollup buckets)', fmt(messages, 0)],
  ['records / rollup rows on the shore', `${fmt(recordsRows, 0)} / ${fmt(rollupRows, 0)}`],
  ['bytes stored by JetStream (deflated payloads + headers)', `${fmt(bytes / 1e6, 2)} MB`],
  ['per ship-day on the link', `${fmt(bytes / SHIPS / DAYS / 1e3, 1)} kB`],
  ['wall time, start → shore holds everything (s)', fmt(wallS, 1)],
  [
    'throughput through the shore',
    `${fmt(messages / wallS, 0)} messages/s, ${fmt(bytes / wallS / 1e6, 2)} MB/s`,
  ],
  [
    'record ingest lag p50 / p95 / max (ms)',
    `${fmt(pct(lags, 50), 0)} / ${fmt(pct(lags, 95), 0)} / ${fmt(Math.max(...lags), 0)}`,
  ],
  ['shore behind the last ship by (s)', fmt((doneAt - (shipsDoneAt ?? doneAt)) / 1000, 2)],
  [
    'ships reconciled (per-day checksums equal) / dead letters',
    `${reconciled} of ${SHIPS}, ${fmt((reconciledAt - doneAt) / 1000, 1)} s after / ${deadLetters}`,
  ],
  ['largest shore backlog seen (messages)', fmt(maxPending, 0)],
  [
    'fleet compliance 2025 (ships planned / in the pool / ms)',
    `${compliance.ships.filter((x) => x.plan).length} of ${compliance.ships.length} / ${compliance.pool?.members.length ?? 0} / ${fmt(complianceMs, 0)}`,
  ],
  [
    'fleet page, every ship figured from its voyage ledger, 2025 / this year, p50 of 5',
    `${fmt(pastYear.ms, 0)} ms (${pastYear.rated} rated, ${pastYear.source}) / ${fmt(thisYear.ms, 0)} ms (${thisYear.rated} rated, ${thisYear.source})`,
  ],
  ['fleet report XLSX', `${fmt(reportMs, 0)} ms, ${fmt(report.byteLength / 1e3, 0)} kB`],
  ['PostgreSQL size of the fleet tables', `${fmt(pgBytes / 1e6, 1)} MB`],
  ['PostgreSQL per ship-year (extrapolated ×365)', `${fmt(perShipYearMb, 0)} MB`],
];
const w = Math.max(...rows.map((r) => r[0].length));
console.log(`\n| ${'figure'.padEnd(w)} | value |\n| ${'-'.repeat(w)} | ----- |`);
for (const [k, v] of rows) console.log(`| ${k.padEnd(w)} | ${v} |`);

await Promise.allSettled(links.map((l) => l.stop()));
shoreServer.kill('SIGTERM');
await new Promise((r) => shoreServer.once('exit', r));
await nc.close();
await nats.dispose();
for (const s of ships) await s.store.close();
await shoreStore.close();
// The pool's last connections may still be closing: wait for them rather than kill them.
for (let attempt = 0; ; attempt++) {
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName}${attempt < 30 ? '' : ' WITH (FORCE)'}`);
    break;
  } catch (error) {
    if (attempt >= 30 || (error as { code?: string }).code !== '55006') throw error;
    await new Promise((r) => setTimeout(r, 100));
  }
}
await admin.end();
rmSync(dir, { recursive: true, force: true });
rmSync(path.join(tmpdir(), `ecohelm-e2e-${SHORE_PORT}`), { recursive: true, force: true });
