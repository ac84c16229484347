import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openStore } from '../src/db/client.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { askReleaseStore } from './release-store.ts';
import { deviceAuth, testConfig } from './stores.ts';

const fixtures = path.join(import.meta.dirname, 'fixtures');
const releases = readdirSync(fixtures)
  .map((f) => /^store-(.+)\.sqlite\.gz$/.exec(f)?.[1])
  .filter((v): v is string => v !== undefined);

describe.each(releases)('a store written by release %s', (version) => {
  it('opens with this code, takes every new migration and answers as it did before', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), `ecohelm-upgrade-${version}-`));
    try {
      const file = path.join(dir, 'ecohelm.sqlite');
      writeFileSync(file, gunzipSync(readFileSync(path.join(fixtures, `store-${version}.sqlite.gz`))));
      const before = JSON.parse(
        readFileSync(path.join(fixtures, `store-${version}.answers.json`), 'utf8'),
      ) as {
        answers: Record<string, unknown>;
      };
      const store = openStore({ sqliteFile: file });
      try {
        const ranBefore = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(store.db);
        await migrateToLatest(store.db);
        const ranAfter = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(store.db);
        expect(ranAfter.rows.map((r) => r.name).sort()).toEqual(Object.keys(migrations).sort());
        expect(ranAfter.rows.length).toBeGreaterThanOrEqual(ranBefore.rows.length);

        const { app, services } = await buildApp(testConfig(dir), store, { logger: false });
        try {
          const { authorization } = await deviceAuth(services);
          const after = await askReleaseStore(app, { authorization });
          // Later releases may add fields; everything the release answered is still there, unchanged.
          for (const [question, answer] of Object.entries(before.answers)) {
            expect(after[question], question).toMatchObject(answer as object);
          }
          const integrity = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(store.db);
          expect(integrity.rows[0]?.integrity_check).toBe('ok');
        } finally {
          await app.close();
        }
      } finally {
        await store.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
