import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { type BuiltApp, buildApp } from '../src/app.ts';
import { openStore, type Store, type StoreKind } from '../src/db/client.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { type AppConfig, loadConfig } from '../src/platform/config.ts';

/** The store kinds tests run on: SQLite always, PostgreSQL when DATABASE_URL is set and answers. */
export const storeKinds: StoreKind[] = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
if (!process.env.DATABASE_URL) {
  console.info('DATABASE_URL is not set: PostgreSQL cases are skipped, SQLite only.');
}

export interface TestStore {
  store: Store;
  dataDir: string;
  dispose(): Promise<void>;
}

/** A migrated store on a fresh temporary SQLite file, or a fresh throwaway PostgreSQL database. */
export async function createTestStore(kind: StoreKind): Promise<TestStore> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ecohelm-test-'));
  if (kind === 'sqlite') {
    return migratedStore(openStore({ sqliteFile: path.join(dataDir, 'ecohelm.sqlite') }), dataDir);
  }
  const adminUrl = process.env.DATABASE_URL!;
  const name = `ecohelm_t_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return migratedStore(openStore({ databaseUrl: url.toString() }), dataDir, async () => {
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect();
    // The pool's last connections may still be closing: wait for them rather than kill them (a killed
    // connection that is ending raises an uncaught error in the test run); force only as a last resort.
    for (let attempt = 0; ; attempt++) {
      try {
        await a.query(`DROP DATABASE IF EXISTS ${name}${attempt < 20 ? '' : ' WITH (FORCE)'}`);
        break;
      } catch (error) {
        if (attempt >= 20 || (error as { code?: string }).code !== '55006') throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    await a.end();
  });
}

/** `store` migrated, disposed of by closing it, then `drop` (its database), then removing `dataDir`. */
async function migratedStore(
  store: Store,
  dataDir: string,
  drop: () => Promise<void> = async () => undefined,
): Promise<TestStore> {
  await migrateToLatest(store.db);
  return {
    store,
    dataDir,
    dispose: async () => {
      await store.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What SQLite's integrity check says of the store `db` ('ok' when sound). */
export async function sqliteIntegrity(db: Store['db']): Promise<string | undefined> {
  const check = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db);
  return check.rows[0]?.integrity_check;
}

/** The configuration of an app on the store in `dataDir` as tests and benches build it: no simulator, no web console. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): AppConfig {
  return {
    ...loadConfig({ ECOHELM_DATA_DIR: dataDir, ...env }),
    simulator: false,
    webDist: path.join(dataDir, 'no-web'),
    // Vitest's runs (not the benches that build their apps here) check every answer against its contract.
    checkAnswers: process.env.NODE_ENV === 'test',
  };
}

/** Registers a console device (the test console, an admin, unless said) and answers its token and bearer header. */
export async function deviceAuth(
  services: BuiltApp['services'],
  device: { code: string; name: string; role: 'admin' | 'viewer'; secret: string } = {
    code: 'TEST-01',
    name: 'Test console',
    role: 'admin',
    secret: 'test-secret',
  },
): Promise<{ token: string; authorization: string }> {
  const { id } = await services.sessions.registerDevice(device);
  const { token } = await services.sessions.issueToken(id, 'device');
  return { token, authorization: `Bearer ${token}` };
}

export interface TestApp extends BuiltApp {
  config: AppConfig;
  testStore: TestStore;
  /** A live device token of an admin device, for `Authorization: Bearer`. */
  token: string;
  /** Headers carrying `token`. */
  auth: { authorization: string };
  close(): Promise<void>;
}

/** Builds the real app on a fresh store with an admin device logged in. */
export async function createTestApp(
  kind: StoreKind,
  overrides: Partial<AppConfig> = {},
  buildOptions: Omit<NonNullable<Parameters<typeof buildApp>[2]>, 'logger'> = {},
): Promise<TestApp> {
  const testStore = await createTestStore(kind);
  const config: AppConfig = {
    // Fixtures are dated (2024, 2025): no lower time bound unless a test sets one.
    ...testConfig(testStore.dataDir, { ECOHELM_INGEST_MAX_AGE_DAYS: '0' }),
    ...overrides,
  };
  const built = await buildApp(config, testStore.store, { ...buildOptions, logger: false });
  const { token, authorization } = await deviceAuth(built.services);
  return {
    ...built,
    config,
    testStore,
    token,
    auth: { authorization },
    close: async () => {
      await built.app.close();
      await testStore.dispose();
    },
  };
}

/** A logged-in viewer (no write permissions), for 403 cases. */
export async function viewerAuth(t: TestApp): Promise<{ authorization: string }> {
  const { authorization } = await deviceAuth(t.services, {
    code: 'VIEWER-01',
    name: 'Viewer',
    role: 'viewer',
    secret: 'viewer-secret',
  });
  return { authorization };
}
