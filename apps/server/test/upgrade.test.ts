import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { askReleaseStore, openReleaseStore, withReleaseApp } from './release-store.ts';
import { sqliteIntegrity } from './stores.ts';

const fixtures = path.join(import.meta.dirname, 'fixtures');
const releases = readdirSync(fixtures)
  .map((f) => /^store-(.+)\.sqlite\.gz$/.exec(f)?.[1])
  .filter((v): v is string => v !== undefined);

describe.each(releases)('a store written by release %s', (version) => {
  it('opens with this code, takes every new migration and answers as it did before', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), `ecohelm-upgrade-${version}-`));
    try {
      const before = JSON.parse(
        readFileSync(path.join(fixtures, `store-${version}.answers.json`), 'utf8'),
      ) as {
        answers: Record<string, unknown>;
      };
      const store = openReleaseStore(version, dir);
      try {
        const ranBefore = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(store.db);
        await migrateToLatest(store.db);
        const ranAfter = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(store.db);
        expect(ranAfter.rows.map((r) => r.name).sort()).toEqual(Object.keys(migrations).sort());
        expect(ranAfter.rows.length).toBeGreaterThanOrEqual(ranBefore.rows.length);

        await withReleaseApp(dir, store, async (app, _services, auth) => {
          const after = await askReleaseStore(app, auth);
          // Later releases may add fields; everything the release answered is still there, unchanged.
          for (const [question, answer] of Object.entries(before.answers)) {
            expect(after[question], question).toMatchObject(answer as object);
          }
          expect(await sqliteIntegrity(store.db)).toBe('ok');
        });
      } finally {
        await store.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
