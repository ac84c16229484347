import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RollupLevel, RollupRow } from './rollup.ts';
import type { StoredSample } from './telemetry.columns.ts';

/** PostgreSQL's writes of the telemetry tables: `unnest` arrays, one statement per table and 50,000 rows. */

export const rollupTable = (level: RollupLevel) => `rollup_${level}` as const;

/** PostgreSQL rejects one statement updating a row twice, so the last sample per key wins here. */
export async function pgInsertSamples(
  trx: Kysely<Database>,
  samples: readonly StoredSample[],
): Promise<void> {
  if (samples.length === 0) return;
  const byKey = new Map<string, StoredSample>();
  for (const s of samples) byKey.set(`${s.channelId}:${s.t}`, s);
  const rows = [...byKey.values()];
  for (let i = 0; i < rows.length; i += 50_000) {
    const part = rows.slice(i, i + 50_000);
    await sql`
      insert into samples (channel_id, t, value)
      select * from unnest(${part.map((s) => s.channelId)}::integer[], ${part.map((s) => s.t)}::bigint[],
        ${part.map((s) => s.value)}::double precision[])
      on conflict (channel_id, t) do update set value = excluded.value`.execute(trx);
  }
}

export async function pgUpsertRollups(
  trx: Kysely<Database>,
  level: RollupLevel,
  rows: readonly RollupRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const table = sql.table(rollupTable(level));
  for (let i = 0; i < rows.length; i += 50_000) {
    const part = rows.slice(i, i + 50_000);
    await sql`
      insert into ${table} as r (channel_id, t, n, v_sum, v_min, v_max, v_last, last_t)
      select * from unnest(
        ${part.map((x) => x.channelId)}::integer[], ${part.map((x) => x.t)}::bigint[], ${part.map((x) => x.n)}::integer[],
        ${part.map((x) => x.sum)}::double precision[], ${part.map((x) => x.min)}::double precision[],
        ${part.map((x) => x.max)}::double precision[], ${part.map((x) => x.last)}::double precision[],
        ${part.map((x) => x.lastT)}::bigint[])
      on conflict (channel_id, t) do update set
        n = r.n + excluded.n,
        v_sum = r.v_sum + excluded.v_sum,
        v_min = least(r.v_min, excluded.v_min),
        v_max = greatest(r.v_max, excluded.v_max),
        v_last = case when excluded.last_t >= r.last_t then excluded.v_last else r.v_last end,
        last_t = greatest(r.last_t, excluded.last_t)`.execute(trx);
  }
}
