import { type ColumnDefinitionBuilder, type Kysely, SqliteAdapter, sql } from 'kysely';

/** True when the Kysely instance talks to SQLite (migrations need it for a few types). */
export const isSqlite = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof SqliteAdapter;

/** An auto-increment integer primary key on both dialects. */
export function autoIdType(db: Kysely<unknown>) {
  return isSqlite(db) ? ('integer' as const) : sql`bigserial`;
}

export const autoId = (db: Kysely<unknown>) => (c: ColumnDefinitionBuilder) =>
  isSqlite(db) ? c.primaryKey().autoIncrement() : c.primaryKey();

/** A 64-bit float column on both dialects. */
export const realType = 'double precision' as const;
