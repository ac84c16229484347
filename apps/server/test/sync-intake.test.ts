import { connect, headers } from '@nats-io/transport-node';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validShip } from '../../../testing/factories.ts';
import { startSync } from '../src/features/sync/sync.jobs.ts';
import { encode } from '../src/features/sync/sync.link.ts';
import { SyncRepository } from '../src/features/sync/sync.repository.ts';
import {
  bucketDigest,
  dayChecksums,
  type RollupMessage,
  type SyncMessage,
  shipSubject,
} from '../src/features/sync/sync.sources.ts';
import type { SyncConfig } from '../src/platform/config.ts';
import { startNats, type TestNats, testSyncConfig } from './nats.ts';
import { waitFor } from './peers.ts';
import { createTestApp, type TestApp } from './stores.ts';

type Json = Record<string, unknown>;
type Db = TestApp['testStore']['store']['db'];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const IMO = validShip().imoNumber;

async function shipRollups(db: Db): Promise<string[]> {
  const out: string[] = [];
  for (const level of ['1h', '1d'] as const) {
    const rows =
      await sql<Json>`select c.name as channel, r.t, r.n, r.v_sum, r.v_min, r.v_max, r.v_last, r.last_t
      from ${sql.table(`rollup_${level}`)} r join channels c on c.id = r.channel_id`.execute(db);
    for (const r of rows.rows)
      out.push([level, r.channel, r.t, r.n, r.v_sum, r.v_min, r.v_max, r.v_last, r.last_t].join('|'));
  }
  return out.sort();
}

async function shoreRollups(db: Db, ship = IMO): Promise<string[]> {
  const rows = await db.selectFrom('fleet_rollups').selectAll().where('ship_id', '=', ship).execute();
  return rows
    .map((r) =>
      [r.level, r.channel, Number(r.t), r.n, r.v_sum, r.v_min, r.v_max, r.v_last, Number(r.last_t)].join('|'),
    )
    .sort();
}

/** The ship's per-day checksums of its stored buckets, as its manifest makes them. */
async function shipDayChecksums(db: Db): Promise<Map<number, string>> {
  const buckets = new Map<string, RollupMessage['rows']>();
  for (const level of ['1h', '1d'] as const) {
    const rows =
      await sql<Json>`select c.name as channel, r.t, r.n, r.v_sum, r.v_min, r.v_max, r.v_last, r.last_t
      from ${sql.table(`rollup_${level}`)} r join channels c on c.id = r.channel_id`.execute(db);
    for (const r of rows.rows) {
      const key = `rollup_${level}:${r.t}`;
      const list = buckets.get(key) ?? [];
      buckets.set(key, list);
      list.push([
        String(r.channel),
        Number(r.n),
        Number(r.v_sum),
        Number(r.v_min),
        Number(r.v_max),
        Number(r.v_last),
        Number(r.last_t),
      ]);
    }
  }
  return dayChecksums(
    [...buckets].map(([key, rows]) => {
      const [stream = '', t = '0'] = key.split(':');
      return [stream, Number(t), bucketDigest(rows)] as [string, number, string];
    }),
  );
}

/** Publishes raw bytes on a subject, as a (misbehaving) ship's NATS client would. */
async function publishRaw(nats: TestNats, subject: string, messages: readonly (Uint8Array | SyncMessage)[]) {
  const nc = await connect({ servers: nats.url });
  try {
    const { jetstream } = await import('@nats-io/jetstream');
    const js = jetstream(nc);
    await Promise.all(
      messages.map((m) => {
        if (m instanceof Uint8Array) return js.publish(subject, m, { headers: headers() });
        const { data, headers: h } = encode(m);
        return js.publish(subject, data, { headers: h });
      }),
    );
  } finally {
    await nc.close();
  }
}

const rollupOf = (ship: string, tS: number, value: number): RollupMessage => ({
  kind: 'rollup',
  ship,
  stream: 'rollup_1h',
  t: tS,
  version: 1,
  rows: [['navigation.speedOverGround', 6, value * 6, value, value, value, tS * 1000 + 3_000_000]],
});

describe.skipIf(!process.env.DATABASE_URL)(
  'the shore intake: complete, identified, isolated, checked',
  () => {
    let nats: TestNats;
    const apps: TestApp[] = [];
    const links: ReturnType<typeof startSync>[] = [];
    const shoreApp = async (over: Partial<SyncConfig> = {}) => {
      const app = await createTestApp('postgres', { sync: testSyncConfig(nats.url, 'shore', over) });
      apps.push(app);
      return app;
    };
    const shipApp = async () => {
      const app = await createTestApp('sqlite');
      apps.push(app);
      const res = await app.app.inject({
        method: 'PUT',
        url: '/api/v1/ship',
        headers: app.auth,
        payload: validShip() as unknown as Json,
      });
      expect(res.statusCode).toBe(200);
      return app;
    };
    const linkShip = (ship: TestApp, over: Partial<SyncConfig> = {}) => {
      const link = startSync(testSyncConfig(nats.url, 'ship', over), ship.testStore.store, {
        ships: ship.services.ships,
        log: ship.app.log,
      });
      links.push(link);
      return link;
    };

    beforeEach(async () => {
      nats = await startNats();
    });
    afterEach(async () => {
      for (const link of links.splice(0)) await link.stop().catch(() => undefined);
      for (const app of apps.splice(0)) await app.close().catch(() => undefined);
      await nats.dispose();
    });

    it('a ship whose history is written while it first syncs ends with every bucket ashore, reconciled', async () => {
      const shore = await shoreApp();
      const ship = await shipApp();
      // Only the last hour is compared again by the ship's recheck: what the first pass sent empty is found by the
      // reconciliation alone.
      const link = linkShip(ship, { recheckHours: 1 });
      const shoreDb = shore.testStore.store.db;
      const today = Math.floor(Date.now() / DAY) * DAY;
      // Four closed days of history written in half-days, newest first, while the sync runs (an import, a backfill).
      for (let end = today; end > today - 4 * DAY; end -= 12 * HOUR) {
        const samples = [];
        for (let t = end - 12 * HOUR; t < end; t += 10 * 60_000) {
          samples.push({ channel: 'navigation.speedOverGround', t, value: 6 + (t % 7) / 10 });
          samples.push({ channel: 'tanks.fuel.hfo.currentMass', t, value: 800_000 - (t % 1000) });
        }
        await ship.services.telemetry.writeSamples(samples);
        await new Promise((r) => setTimeout(r, 250));
      }
      const expected = await shipRollups(ship.testStore.store.db);
      expect(expected.length).toBe(2 * (4 * 24 + 4));
      const reconciled = async () =>
        (
          await shoreDb
            .selectFrom('fleet_ships')
            .select('reconciled_at')
            .where('ship_id', '=', IMO)
            .executeTakeFirst()
        )?.reconciled_at ?? undefined;
      await waitFor(
        async () =>
          (await link.service.status()).backlog.count === 0 &&
          (await reconciled()) !== undefined &&
          (await shoreRollups(shoreDb)).length === expected.length,
        40_000,
        'the history reconciled ashore',
      );
      expect(await shoreRollups(shoreDb)).toEqual(expected);
      const shore4 = await new SyncRepository(shoreDb, 'postgres').dayChecksums(
        IMO,
        (today - 4 * DAY) / 1000,
        today / 1000,
      );
      expect(shore4).toEqual(await shipDayChecksums(ship.testStore.store.db));
      expect(shore4.size).toBe(4);
      const status = (await shore.app.inject({ url: '/api/v1/sync', headers: shore.auth })).json();
      expect(status.ships[0]).toMatchObject({ shipId: IMO, partial: false, deadLetters: { count: 0 } });
    }, 60_000);
  },
);
