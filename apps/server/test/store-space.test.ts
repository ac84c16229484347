import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../src/db/client.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { giveSpaceBack, spaceState } from '../src/db/space.ts';

const dirs: string[] = [];
const stores: Store[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function storeIn(made: 'now' | 'by an earlier release') {
  const dir = mkdtempSync(path.join(tmpdir(), 'ecohelm-space-'));
  dirs.push(dir);
  const file = path.join(dir, 'ecohelm.sqlite');
  if (made === 'by an earlier release') {
    // What releases before incremental auto-vacuum made: the default mode, tables already there.
    const old = new SQLite(file);
    old.pragma('journal_mode = WAL');
    old.exec('create table legacy_marker (x integer)');
    old.close();
  }
  const store = openStore({ sqliteFile: file });
  stores.push(store);
  await migrateToLatest(store.db);
  return { store, file, sqlite: store.sqlite! };
}

/** About 15 MB of raw samples, then the prune of them, as the retention job does. */
function fillAndPrune(sqlite: SQLite.Database) {
  const insert = sqlite.prepare('insert into samples (channel_id, t, value) values (?, ?, ?)');
  sqlite.transaction(() => {
    for (let i = 0; i < 600_000; i++) insert.run(1 + (i % 50), 1_700_000_000_000 + i * 1000, Math.sin(i));
  })();
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  const full = statSync(sqlite.name).size;
  sqlite.exec('delete from samples');
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  return full;
}

describe('the SQLite store gives the space compaction frees back to the disk', () => {
  it('a store made now: incremental auto-vacuum, the file shrinks after pruning', async () => {
    const { store, file, sqlite } = await storeIn('now');
    expect(spaceState(sqlite, file).autoVacuum).toBe(2);
    const full = fillAndPrune(sqlite);
    // Pruning alone frees pages inside the file; the file stays as large.
    const pruned = spaceState(sqlite, file);
    expect(pruned.freePages).toBeGreaterThan(2000);
    expect(statSync(file).size).toBe(full);

    const result = await giveSpaceBack(store, { file });
    expect(result?.action).toBe('incremental');
    expect(result?.after.freePages).toBe(0);
    expect(statSync(file).size).toBeLessThan(full / 4);
    // Nothing more to give: it waits for more.
    expect((await giveSpaceBack(store, { file }))?.action).toBe('none');
  });

  it('a store of an earlier release: rewritten once in the quiet hour, incremental from then on', async () => {
    const { store, file, sqlite } = await storeIn('by an earlier release');
    expect(spaceState(sqlite, file).autoVacuum).toBe(0);
    const full = fillAndPrune(sqlite);
    const at = (hour: number) => () => new Date(2026, 10, 27, hour, 15);

    const busy = await giveSpaceBack(store, { file, quietHour: 3, now: at(14) });
    expect(busy?.action).toBe('none');
    expect(statSync(file).size).toBe(full);
    const noRoom = await giveSpaceBack(store, { file, quietHour: 3, now: at(3), freeDiskBytes: () => 1e6 });
    expect(noRoom?.action).toBe('none');

    const quiet = await giveSpaceBack(store, { file, quietHour: 3, now: at(3) });
    expect(quiet?.action).toBe('vacuum');
    expect(statSync(file).size).toBeLessThan(full / 4);
    expect(spaceState(sqlite, file).autoVacuum).toBe(2);
    // The rows are all still there.
    expect(sqlite.prepare('select count(*) as n from legacy_marker').get()).toEqual({ n: 0 });

    const again = fillAndPrune(sqlite);
    expect((await giveSpaceBack(store, { file, now: at(14) }))?.action).toBe('incremental');
    expect(statSync(file).size).toBeLessThan(again / 4);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL vacuums the telemetry tables early', () => {
  it('the rollup tables at 1 % dead rows with room for in-place updates, the raw samples at 2 %', async () => {
    const { createTestStore } = await import('./stores.ts');
    const { sql } = await import('kysely');
    const t = await createTestStore('postgres');
    try {
      const rows = await sql<{ relname: string; reloptions: string[] }>`
        select relname, reloptions from pg_class
        where relname in ('rollup_1m', 'rollup_1h', 'rollup_1d', 'samples') and relkind = 'r'
        order by relname`.execute(t.store.db);
      const options = Object.fromEntries(rows.rows.map((r) => [r.relname, r.reloptions]));
      for (const table of ['rollup_1m', 'rollup_1h', 'rollup_1d']) {
        expect(options[table]).toEqual(
          expect.arrayContaining(['fillfactor=80', 'autovacuum_vacuum_scale_factor=0.01']),
        );
      }
      expect(options.samples).toEqual(expect.arrayContaining(['autovacuum_vacuum_scale_factor=0.02']));
    } finally {
      await t.dispose();
    }
  });
});
