import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type StoreKind = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  kind: StoreKind;
  /** The raw SQLite handle for bulk paths (ingest); undefined on PostgreSQL. */
  sqlite: SQLite.Database | undefined;
  close(): Promise<void>;
}

/** Opens the store: PostgreSQL when a URL is given, else a SQLite file (WAL) in `dataDir`. */
export function openStore(options: { databaseUrl?: string | undefined; sqliteFile?: string }): Store {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', sqlite: undefined, close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // A new file is made with incremental auto-vacuum, so the pages compaction frees can be given back to the disk
  // (db/space.ts); on a file of an earlier release this only takes effect at its next VACUUM.
  sqlite.pragma('auto_vacuum = INCREMENTAL');
  sqlite.pragma('journal_mode = WAL');
  // FULL: an acknowledged write survives a power cut, not only a process crash.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 8 MB of page cache (the default is 2 MB): bulk history and year-long trends touch many pages, and the kernel
  // caches the file as well. It was 32 MB, which stayed with the server after the year's analyses (decisions,
  // "Server memory"); the one-year trend and ingest measured the same (bench/ingest.bench.ts).
  sqlite.pragma('cache_size = -8192');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, kind: 'sqlite', sqlite, close: () => db.destroy() };
}

/** How many prepared statements the SQLite store keeps for reuse (the server's queries take ~200 shapes). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The SQLite handle as Kysely sees it, with its prepared statements kept by their SQL and used again. Kysely prepares
 * a statement for every query, and better-sqlite3 frees one only when the garbage collector takes its small wrapper,
 * which a small JavaScript heap rarely asks for: 40,000 queries held 460 MB of native memory until a full collection
 * (docs/decisions.md, "Server memory"). A statement still iterating (a streamed query) is not handed out twice: a
 * fresh one is prepared for the second caller. The least recently used statement goes past `size`.
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = (sql: string): SQLite.Statement => {
    const kept = cache.get(sql);
    if (kept && !kept.busy) {
      cache.delete(sql);
      cache.set(sql, kept);
      return kept;
    }
    const statement = sqlite.prepare(sql);
    if (!kept) {
      cache.set(sql, statement);
      if (cache.size > size) cache.delete(cache.keys().next().value as string);
    }
    return statement;
  };
  return new Proxy(sqlite, {
    get(target, property) {
      if (property === 'prepare') return prepare;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
