/**
 * The floor the telemetry write path is measured against (the ingest and storage benches): samples inserted into
 * SQLite's plain `samples` table by prepared statements in one transaction a batch, 250 rows a statement.
 */
import type { Store } from '../apps/server/src/db/client.ts';
import type { Sample } from '../apps/server/src/features/ingest/types.ts';

const K = 250;

/** A writer of one batch a call into `store`'s `samples` table; `channelId` gives a channel's numeric id. */
export function bareSampleWriter(
  store: Store,
  channelId: (channel: string) => number,
): (batch: Sample[]) => void {
  const db = store.sqlite!;
  const many = db.prepare(
    `insert into samples (channel_id, t, value) values ${Array(K).fill('(?,?,?)').join(',')}`,
  );
  const one = db.prepare('insert into samples (channel_id, t, value) values (?,?,?)');
  return db.transaction((b: Sample[]) => {
    let i = 0;
    for (; i + K <= b.length; i += K) {
      const params: number[] = [];
      for (let j = i; j < i + K; j++) params.push(channelId(b[j]!.channel), b[j]!.t, b[j]!.value);
      many.run(params);
    }
    for (; i < b.length; i++) one.run(channelId(b[i]!.channel), b[i]!.t, b[i]!.value);
  });
}
