/**
 * A store written by a release, kept as a fixture so every later release proves it opens and migrates it with
 * the data intact (`upgrade.test.ts`). `node apps/server/test/release-store.ts VERSION` writes
 * `test/fixtures/store-VERSION.sqlite.gz` and `store-VERSION.answers.json`: 24 days of simulated history (rollups only) with
 * its pre-filled filling records, the ship, a changed alarm limit, and the API's answers about all of it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { type BuiltApp, buildApp } from '../src/app.ts';
import { openStore, type Store } from '../src/db/client.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { prefillFillingRecords } from '../src/simulator/prefill-filling.ts';
import { deviceAuth, type TestApp, testConfig } from './stores.ts';

/** The moment the fixture's history ends; the answers are asked about the days before it. */
export const RELEASE_STORE_NOW = Date.UTC(2026, 10, 20, 12);
/** Long enough for port calls, bunkering and anchorages, so every kind of record is in the store. */
const HISTORY_DAYS = 24;

/** The questions asked of a store before and after an upgrade; their answers must not change. */
export const releaseStoreQuestions = [
  '/api/v1/ship',
  '/api/v1/ship/start-info',
  '/api/v1/filling/records?regime=imo_dcs&filter=all',
  '/api/v1/filling/records?regime=eu_mrv&filter=all',
  '/api/v1/voyages',
  '/api/v1/voyages/events?limit=500',
  '/api/v1/records/bunker',
  '/api/v1/records/oil-change',
  '/api/v1/records/hull-cleaning',
  '/api/v1/alarms/limits',
  `/api/v1/telemetry/trend?channel=navigation.speedOverGround&from=${new Date(RELEASE_STORE_NOW - 20 * 86_400_000).toISOString()}&to=${new Date(RELEASE_STORE_NOW).toISOString()}&points=200`,
  `/api/v1/telemetry/trend?channel=propulsion.main.fuel.hfo.massFlow&from=${new Date(RELEASE_STORE_NOW - 20 * 86_400_000).toISOString()}&to=${new Date(RELEASE_STORE_NOW).toISOString()}&points=200`,
] as const;

/** Asks every question; answers keyed by question, as JSON values. */
export async function askReleaseStore(app: TestApp['app'], auth: Record<string, string>) {
  const answers: Record<string, unknown> = {};
  for (const url of releaseStoreQuestions) {
    const res = await app.inject({ method: 'GET', url, headers: auth });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    answers[url] = res.json();
  }
  return answers;
}

/** Writes the store of release `version` (its fixture) into `dir` as the store file and opens it, not migrated. */
export function openReleaseStore(version: string, dir: string): Store {
  const file = path.join(dir, 'ecohelm.sqlite');
  writeFileSync(
    file,
    gunzipSync(readFileSync(path.join(import.meta.dirname, 'fixtures', `store-${version}.sqlite.gz`))),
  );
  return openStore({ sqliteFile: file });
}

/** Builds the app on `store` (its data in `dir`) with an admin device logged in, runs `use`, then closes the app. */
export async function withReleaseApp<T>(
  dir: string,
  store: Store,
  use: (app: BuiltApp['app'], services: BuiltApp['services'], auth: { authorization: string }) => Promise<T>,
): Promise<T> {
  const { app, services } = await buildApp(testConfig(dir), store, { logger: false });
  try {
    const { authorization } = await deviceAuth(services);
    return await use(app, services, { authorization });
  } finally {
    await app.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const version = process.argv[2];
  if (!version) throw new Error('usage: node apps/server/test/release-store.ts VERSION');
  const { simulateHistory } = await import('./sim-history.ts');
  const dir = mkdtempSync(path.join(tmpdir(), 'ecohelm-release-'));
  const file = path.join(dir, 'ecohelm.sqlite');
  const store = openStore({ sqliteFile: file });
  await migrateToLatest(store.db);
  const built = await buildApp(testConfig(dir), store, { logger: false });
  const { token } = await deviceAuth(built.services, {
    code: 'RELEASE-01',
    name: 'Release fixture',
    role: 'admin',
    secret: 'release-secret',
  });
  const auth = { authorization: `Bearer ${token}` };
  const t = {
    ...built,
    testStore: { store, dataDir: dir, dispose: async () => undefined },
  } as unknown as TestApp;
  await simulateHistory(t, RELEASE_STORE_NOW, HISTORY_DAYS);
  await prefillFillingRecords(built.services);
  const limit = await built.app.inject({
    method: 'PUT',
    url: '/api/v1/alarms/limits/propulsion.main.cylinders.1.exhaustTemperature',
    headers: auth,
    payload: {
      lowlow: null,
      low: null,
      high: 425,
      highhigh: 450,
      hysteresis: 5,
      delaySeconds: 5,
      enabled: true,
    },
  });
  if (limit.statusCode !== 200) throw new Error(`limit: ${limit.body}`);
  // Raw samples are a 7-day window that a later release may prune at once; the rollups are kept forever.
  await sql`DELETE FROM samples`.execute(store.db);
  // Minute rollups of the last two days only: enough rows to migrate, a fixture of a few megabytes.
  await sql`DELETE FROM rollup_1m WHERE t < ${Math.floor((RELEASE_STORE_NOW - 2 * 86_400_000) / 1000)}`.execute(
    store.db,
  );
  const answers = await askReleaseStore(built.app, auth);
  await built.app.close();
  await sql`VACUUM`.execute(store.db);
  await store.close();
  const out = path.join(import.meta.dirname, 'fixtures');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, `store-${version}.sqlite.gz`), gzipSync(readFileSync(file), { level: 9 }));
  writeFileSync(
    path.join(out, `store-${version}.answers.json`),
    `${JSON.stringify({ version, answers }, null, 1)}\n`,
  );
  rmSync(dir, { recursive: true, force: true });
  process.stdout.write(`wrote test/fixtures/store-${version}.sqlite.gz and its answers\n`);
}
