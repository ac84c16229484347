import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../portable.ts';

/**
 * PostgreSQL: the telemetry tables' vacuum. Every sample updates its minute, hour and day rollup rows in place, and
 * the retention job deletes raw samples past the window, so these tables make dead rows fast; autovacuum's default
 * (a table vacuumed once a fifth of it is dead) lets a year-long rollup table bloat by that fifth before it is
 * cleaned. Here they are vacuumed when 1–2 % is dead, analysed as often, and the rollup tables leave a fifth of each
 * page free so an update can stay on its page (HOT) instead of making a new index entry. SQLite gives its space back
 * through incremental auto-vacuum instead (db/space.ts); nothing changes there. The shore's `fleet_rollups` is
 * partitioned by year (a partitioned table takes no storage parameters); its partitions keep the server's defaults.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) return;
  for (const table of ['rollup_1m', 'rollup_1h', 'rollup_1d']) {
    await sql`alter table ${sql.table(table)} set (
      fillfactor = 80,
      autovacuum_vacuum_scale_factor = 0.01,
      autovacuum_analyze_scale_factor = 0.02
    )`.execute(db);
  }
  await sql`alter table samples set (
    autovacuum_vacuum_scale_factor = 0.02,
    autovacuum_vacuum_insert_scale_factor = 0.05,
    autovacuum_analyze_scale_factor = 0.02
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) return;
  for (const table of ['rollup_1m', 'rollup_1h', 'rollup_1d']) {
    await sql`alter table ${sql.table(table)} reset (fillfactor, autovacuum_vacuum_scale_factor, autovacuum_analyze_scale_factor)`.execute(
      db,
    );
  }
  await sql`alter table samples reset (autovacuum_vacuum_scale_factor, autovacuum_vacuum_insert_scale_factor, autovacuum_analyze_scale_factor)`.execute(
    db,
  );
}
