import { existsSync, renameSync, rmSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { migrations } from './migrations/index.ts';

/** Where a staged restore waits for the next start, beside the store file. */
export const pendingRestoreFile = (storeFile: string) => `${storeFile}.restore-pending`;

/** What a backup file holds, or why it cannot be restored. */
export type BackupCheck = { ok: true; migrations: number } | { ok: false; reason: string };

/**
 * Checks a file is an Ecohelm store this release can open: a SQLite database that passes its integrity check,
 * with the migrations table, and no migration this release does not know (a store from a newer release).
 */
export function checkBackupFile(file: string): BackupCheck {
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') return { ok: false, reason: `the file is damaged (${String(integrity)})` };
    const table = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'")
      .get();
    if (!table) return { ok: false, reason: 'the file is not an Ecohelm store (no migrations table)' };
    const names = (db.prepare('SELECT name FROM kysely_migration').all() as { name: string }[]).map(
      (r) => r.name,
    );
    const unknown = names.filter((n) => !(n in migrations));
    if (unknown.length > 0) {
      return { ok: false, reason: `the store was written by a newer release (${unknown.join(', ')})` };
    }
    return { ok: true, migrations: names.length };
  } catch (error) {
    return { ok: false, reason: `the file is not a SQLite database (${(error as Error).message})` };
  } finally {
    db?.close();
  }
}

/**
 * Puts a staged restore in place before the store opens: the current store (with its WAL) is kept beside it as
 * `<file>.before-restore-<time>`. Returns the name the old store was kept under, or undefined when none waits.
 */
export function applyPendingRestore(storeFile: string, now = new Date()): string | undefined {
  const pending = pendingRestoreFile(storeFile);
  if (!existsSync(pending)) return undefined;
  const kept = `${storeFile}.before-restore-${now.toISOString().replace(/[-:]/g, '').slice(0, 15)}`;
  if (existsSync(storeFile)) renameSync(storeFile, kept);
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(storeFile + suffix)) renameSync(storeFile + suffix, kept + suffix);
  }
  renameSync(pending, storeFile);
  rmSync(`${pending}-journal`, { force: true });
  return kept;
}
