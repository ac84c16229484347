/**
 * One ship's console on a shore (`node bench/fleet-console.bench.ts`, part of `npm run bench`; needs DATABASE_URL,
 * PostgreSQL).
 *
 * The shore holds what a ship's first sync sends (features/sync): its particulars and a reporting year of filling
 * records as the ship's rows, and 400 days of hourly and daily rollups of every catalogue channel
 * (ECOHELM_BENCH_CONSOLE_DAYS). The bench opens the ship's console through the real shore app
 * (`GET /api/v1/fleet/ships/:id/console/*`) and measures: the first read, which makes the ship's copy (an in-memory
 * store and the ship's own app); later reads of the overview's page answer and of the CII statistics from the copy
 * (median of 15); and the process's RSS before and after the copy is made.
 */
import { channelCatalogue, circularParts } from '@ecohelm/domain';
import { ShoreRepository } from '../apps/server/src/features/sync/sync-shore.repository.ts';
import { simulatorShip } from '../apps/server/src/simulator/prefill-filling.ts';
import { createTestApp } from '../apps/server/test/stores.ts';
import { reportingYear } from '../testing/factories.ts';

if (!process.env.DATABASE_URL) {
  console.error('fleet-console bench: DATABASE_URL (PostgreSQL) is required for the shore.');
  process.exit(1);
}
const DAYS = Number(process.env.ECOHELM_BENCH_CONSOLE_DAYS ?? 400);
const IMO = '9811000';
const HOUR = 3_600_000;
const mb = (bytes: number) => Math.round(bytes / 1e6);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// The ship: its rows as its own store holds them.
const ship = await createTestApp('sqlite');
const put = (method: 'PUT' | 'POST', url: string, payload: unknown) =>
  ship.app.inject({ method, url, headers: ship.auth, payload: payload as object });
await put('PUT', '/api/v1/ship', simulatorShip());
for (const record of reportingYear(new Date().getUTCFullYear() - 1, { anchorage: true }))
  await put('POST', '/api/v1/filling/records', { record });
const shipDb = ship.testStore.store.db;
const shipRows = [
  ...(await shipDb.selectFrom('ships').selectAll().execute()).map((r) => ['ship', r] as const),
  ...(await shipDb.selectFrom('filling_records').selectAll().execute()).map((r) => ['filling', r] as const),
];

const shore = await createTestApp('postgres', { shore: true });
const db = shore.testStore.store.db;
const now = Date.now();
await db
  .insertInto('fleet_ships')
  .values({ ship_id: IMO, name: 'BENCH', last_contact_at: new Date(now).toISOString() })
  .execute();
await db
  .insertInto('fleet_records')
  .values(
    shipRows.map(([stream, row], i) => ({
      ship_id: IMO,
      stream,
      key: String(i),
      version: 1,
      t: now,
      deleted: 0,
      data: JSON.stringify(row),
      received_at: new Date(now).toISOString(),
    })),
  )
  .execute();

// Rollups: every catalogue channel (with the Σ sin / Σ cos of the circular ones), a slow random walk.
const channels = channelCatalogue.flatMap((c) =>
  c.circular ? [c.id, circularParts(c.id).sin, circularParts(c.id).cos] : [c.id],
);
const lastHour = Math.floor(now / HOUR) * HOUR - HOUR;
const sync = new ShoreRepository(db, 'postgres');
for (
  let y = new Date(lastHour - DAYS * 24 * HOUR - 86_400_000).getUTCFullYear();
  y <= new Date(now).getUTCFullYear();
  y++
)
  await sync.ensurePartition(Date.UTC(y, 6, 1) / 1000);
let rows = 0;
const started = performance.now();
for (const level of ['1h', '1d'] as const) {
  const width = level === '1h' ? HOUR : 24 * HOUR;
  const first = lastHour - DAYS * 24 * HOUR;
  let batch: object[] = [];
  const flush = async () => {
    if (batch.length)
      await db
        .insertInto('fleet_rollups')
        .values(batch as never)
        .execute();
    rows += batch.length;
    batch = [];
  };
  for (let t = Math.ceil(first / width) * width; t <= lastHour; t += width) {
    for (let c = 0; c < channels.length; c++) {
      const mean = 10 + c + Math.sin(t / (40 * HOUR) + c);
      const n = width / 1000;
      batch.push({
        ship_id: IMO,
        level,
        channel: channels[c]!,
        t: t / 1000,
        n,
        v_sum: mean * n,
        v_min: mean - 1,
        v_max: mean + 1,
        v_last: mean,
        last_t: t + width - 1000,
      });
      if (batch.length >= 2000) await flush();
    }
  }
  await flush();
}
console.error(
  `fleet-console bench: ${rows} rollup rows written in ${Math.round(performance.now() - started)} ms`,
);

const read = async (path: string) => {
  const t0 = performance.now();
  const res = await shore.app.inject({
    method: 'GET',
    url: `/api/v1/fleet/ships/${IMO}/console/${path}`,
    headers: shore.auth,
  });
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return performance.now() - t0;
};

globalThis.gc?.();
const rssBefore = process.memoryUsage().rss;
const firstRead = await read('ship');
globalThis.gc?.();
const rssAfter = process.memoryUsage().rss;
const overview: number[] = [];
const cii: number[] = [];
for (let i = 0; i < 15; i++) {
  overview.push(await read('overview/page?period=year'));
  cii.push(await read(`cii/statistics?dimension=annual&unit=month&year=${new Date().getUTCFullYear() - 1}`));
}
console.log(
  JSON.stringify(
    {
      bench: 'fleet-console',
      days: DAYS,
      channels: channels.length,
      'rollup rows': rows,
      'first read, copy made (ms)': Math.round(firstRead),
      'overview page from the copy, median (ms)': Math.round(median(overview)),
      'CII statistics from the copy, median (ms)': Math.round(median(cii)),
      'RSS before the copy (MB)': mb(rssBefore),
      'RSS with the copy (MB)': mb(rssAfter),
    },
    null,
    2,
  ),
);
await shore.close();
await ship.close();
