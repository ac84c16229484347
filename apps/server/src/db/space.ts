import { statfsSync, statSync } from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import type { Store } from './client.ts';

/**
 * Giving the SQLite file's free pages back to the disk. Pruning and compaction (features/telemetry) free pages inside
 * the file; SQLite reuses them but never shrinks the file by itself. A store made by this release is created with
 * `auto_vacuum = INCREMENTAL` (db/client.ts), so `PRAGMA incremental_vacuum` truncates the free pages off its end, a
 * few thousand pages at a time between which the console answers. A store of an earlier release was made without
 * it (`auto_vacuum = NONE`): the mode changes only with a full `VACUUM`, which rewrites the file and holds the store
 * for its duration (tens of seconds for a store of several hundred MB), so it runs once, in the quiet hour, when a
 * quarter or more of the file is free and the disk has room for the copy. PostgreSQL gives space back by itself
 * (autovacuum; docs/operations.md).
 */

/** `PRAGMA auto_vacuum`: 0 none, 1 full, 2 incremental. */
export type AutoVacuum = 0 | 1 | 2;

export interface SpaceState {
  autoVacuum: AutoVacuum;
  pageSize: number;
  pages: number;
  freePages: number;
  /** The file and its write-ahead log on disk, bytes. */
  fileBytes: number;
}

export interface SpaceResult {
  action: 'none' | 'incremental' | 'vacuum';
  before: SpaceState;
  after: SpaceState;
}

export interface SpaceOptions {
  /** The SQLite file, to measure it on disk. */
  file: string;
  /** The hour (server local time, 0–23) in which a store without incremental vacuum may be rewritten once. */
  quietHour?: number;
  /** Free bytes on the disk of the store (the rewrite needs room for a copy); measured with statfs by default. */
  freeDiskBytes?: () => number;
  /** Below this many free pages the incremental vacuum waits for more (default 256: 1 MB of 4 KB pages). */
  minFreePages?: number;
  now?: () => Date;
  /** Where what was given back is logged. */
  log?: { info(o: object, m: string): void };
}

const sizeOf = (file: string) => {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
};

export function spaceState(sqlite: SQLite.Database, file: string): SpaceState {
  return {
    autoVacuum: Number(sqlite.pragma('auto_vacuum', { simple: true })) as AutoVacuum,
    pageSize: Number(sqlite.pragma('page_size', { simple: true })),
    pages: Number(sqlite.pragma('page_count', { simple: true })),
    freePages: Number(sqlite.pragma('freelist_count', { simple: true })),
    fileBytes: sizeOf(file) + sizeOf(`${file}-wal`),
  };
}

/** Free bytes of the disk holding `file` (0 when it cannot be measured: no rewrite then). */
const freeDisk = (file: string) => () => {
  try {
    const s = statfsSync(path.dirname(file));
    return Number(s.bavail) * Number(s.bsize);
  } catch {
    return 0;
  }
};

const STEP_PAGES = 4096;
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Gives the store's free pages back to the disk if it can now (see the module's comment) and logs what it gave back.
 * SQLite only. The job registry runs it every ten minutes, five after the compaction (app.ts, `store.give-space-back`).
 */
export async function giveSpaceBack(store: Store, options: SpaceOptions): Promise<SpaceResult | undefined> {
  const result = await reclaim(store, options);
  if (result && result.action !== 'none') {
    options.log?.info(
      {
        action: result.action,
        freedPages: result.before.freePages - result.after.freePages,
        fileMbBefore: Math.round(result.before.fileBytes / 1e6),
        fileMbAfter: Math.round(result.after.fileBytes / 1e6),
      },
      'gave the store file’s free pages back to the disk',
    );
  }
  return result;
}

async function reclaim(store: Store, options: SpaceOptions): Promise<SpaceResult | undefined> {
  const sqlite = store.sqlite;
  if (!sqlite) return undefined;
  const before = spaceState(sqlite, options.file);
  if (before.autoVacuum === 2) {
    if (before.freePages < (options.minFreePages ?? 256)) return { action: 'none', before, after: before };
    // A step at a time: each holds the store for a few milliseconds.
    for (let left = before.freePages; left > 0; ) {
      sqlite.pragma(`incremental_vacuum(${STEP_PAGES})`);
      const now = Number(sqlite.pragma('freelist_count', { simple: true }));
      if (now >= left) break;
      left = now;
      await tick();
    }
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    return { action: 'incremental', before, after: spaceState(sqlite, options.file) };
  }
  const hour = (options.now?.() ?? new Date()).getHours();
  const quiet = hour === (options.quietHour ?? 3);
  const worth = before.pages > 0 && before.freePages / before.pages >= 0.25;
  const room = (options.freeDiskBytes ?? freeDisk(options.file))() > 1.2 * before.pageSize * before.pages;
  if (!quiet || !worth || !room) return { action: 'none', before, after: before };
  // db/client.ts asked for incremental auto-vacuum at open; the rewrite makes it so.
  sqlite.pragma('auto_vacuum = INCREMENTAL');
  sqlite.exec('VACUUM');
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  return { action: 'vacuum', before, after: spaceState(sqlite, options.file) };
}
