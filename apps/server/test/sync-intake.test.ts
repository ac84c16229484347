import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, headers } from '@nats-io/transport-node';
import { describe, expect, it } from 'vitest';
import { validShip } from '../../../testing/factories.ts';
import { encode } from '../src/features/sync/sync.link.ts';
import {
  bucketDigest,
  dayChecksums,
  type RollupMessage,
  type SyncMessage,
  shipSubject,
} from '../src/features/sync/sync.sources.ts';
import { ShoreRepository } from '../src/features/sync/sync-shore.repository.ts';
import { del, get, post } from './http.ts';
import type { TestNats } from './nats.ts';
import { waitFor } from './peers.ts';
import { viewerAuth } from './stores.ts';
import {
  type Db,
  HOUR,
  IMO,
  type Json,
  shipBuckets,
  shipRollups,
  shoreRollups,
  syncRig,
} from './sync-rig.ts';

const DAY = 24 * HOUR;

/** The ship's per-day checksums of its stored buckets, as its manifest makes them. */
async function shipDayChecksums(db: Db): Promise<Map<number, string>> {
  const buckets = new Map<string, RollupMessage['rows']>();
  for (const { level, t, row } of await shipBuckets(db)) {
    const key = `rollup_${level}:${t}`;
    buckets.set(key, [...(buckets.get(key) ?? []), row]);
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
    const rig = syncRig({
      // Its streams and consumer made before anything is published.
      shore: async (_app, nats) => {
        const nc = await connect({ servers: nats.url });
        const jsm = await jetstreamManager(nc);
        const ready = () =>
          jsm.consumers.info('ECOHELM_SHIPS', 'ecohelm_shore').then(
            () => true,
            () => false,
          );
        await waitFor(ready, 10_000, 'the shore consumer');
        await nc.close();
      },
      ship: async (app) => {
        const res = await app.app.inject({
          method: 'PUT',
          url: '/api/v1/ship',
          headers: app.auth,
          payload: validShip() as unknown as Json,
        });
        expect(res.statusCode).toBe(200);
      },
    });
    const { shoreApp, shipApp, linkShip } = rig;

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
      const shore4 = await new ShoreRepository(shoreDb, 'postgres').dayChecksums(
        IMO,
        (today - 4 * DAY) / 1000,
        today / 1000,
      );
      expect(shore4).toEqual(await shipDayChecksums(ship.testStore.store.db));
      expect(shore4.size).toBe(4);
      const status = (await get(shore, '/api/v1/sync')).json();
      expect(status.ships[0]).toMatchObject({ shipId: IMO, partial: false, deadLetters: { count: 0 } });
    }, 60_000);

    const deadLetters = async (db: Db, ship: string) =>
      db.selectFrom('fleet_dead_letters').selectAll().where('ship_id', '=', ship).orderBy('id').execute();

    it('takes the ship from the subject: refuses and counts a body naming another ship; ships only by registration; retires', async () => {
      const shore = await shoreApp({ autoRegister: false });
      const db = shore.testStore.store.db;
      const A = '9300011';
      const t0 = Math.floor(Date.now() / HOUR) * 3600 - 3 * 3600;
      // A ship no admin registered: nothing appears, its message waits as a dead letter.
      await publishRaw(rig.nats, shipSubject(A, 'rollup_1h'), [rollupOf(A, t0, 7)]);
      await waitFor(async () => (await deadLetters(db, A)).length === 1, 10_000, 'the unregistered letter');
      expect((await deadLetters(db, A))[0]).toMatchObject({ reason: 'unregistered' });
      expect(await db.selectFrom('fleet_ships').selectAll().execute()).toEqual([]);

      // Only an admin registers; the letters that waited for it are stored then.
      const viewer = await viewerAuth(shore);
      const register = (headers: Record<string, string>) =>
        post(shore, '/api/v1/sync/ships', { shipId: A, name: 'Alpha' }, headers);
      expect((await register(viewer)).statusCode).toBe(403);
      const registered = await register(shore.auth);
      expect(registered.statusCode, registered.body).toBe(201);
      expect(registered.json()).toMatchObject({ stored: 1, refused: 0 });
      expect(await shoreRollups(db, A)).toHaveLength(1);

      // A's credentials, A's subject, a body naming another ship (registered or not): refused and counted.
      const B = '9300022';
      await post(shore, '/api/v1/sync/ships', { shipId: B });
      const bunker: SyncMessage = {
        kind: 'record',
        ship: B,
        stream: 'bunker',
        key: 'b-1',
        version: 1,
        t: Date.now(),
        deleted: false,
        row: { id: 'b-1', quantity_t: 9999 },
      };
      await publishRaw(rig.nats, shipSubject(A, 'bunker'), [bunker, { ...bunker, ship: '1234567' }]);
      await waitFor(async () => (await deadLetters(db, A)).length === 2, 10_000, 'the refused letters');
      expect((await deadLetters(db, A)).map((l) => l.reason)).toEqual(['identity', 'identity']);
      expect(await db.selectFrom('fleet_records').selectAll().execute()).toEqual([]);
      const ships = await db
        .selectFrom('fleet_ships')
        .select(['ship_id', 'refused', 'last_contact_at'])
        .orderBy('ship_id')
        .execute();
      expect(ships).toEqual([
        { ship_id: A, refused: 2, last_contact_at: expect.any(String) },
        { ship_id: B, refused: 0, last_contact_at: null },
      ]);
      const status = (await get(shore, '/api/v1/sync')).json();
      expect(status.ships.find((s: Json) => s.shipId === A)).toMatchObject({
        refused: 2,
        deadLetters: { count: 2, oldestAt: expect.any(String) },
      });

      // The admin drops the letters, then retires A: its data goes, its later messages are dropped.
      const drop = await post(shore, '/api/v1/sync/dead-letters/drop', { shipId: A });
      expect(drop.json()).toMatchObject({ dropped: 2 });
      const retire = (headers: Record<string, string>) => del(shore, `/api/v1/sync/ships/${A}`, headers);
      expect((await retire(viewer)).statusCode).toBe(403);
      expect((await retire(shore.auth)).statusCode).toBe(204);
      const fleet = await get(shore, '/api/v1/fleet/ships');
      expect(fleet.json().ships.map((r: Json) => r.shipId)).toEqual([B]);
      expect(await shoreRollups(db, A)).toEqual([]);
      await publishRaw(rig.nats, shipSubject(A, 'rollup_1h'), [rollupOf(A, t0 + 3600, 8)]);
      await new Promise((r) => setTimeout(r, 1500));
      expect(await shoreRollups(db, A)).toEqual([]);
      expect(await deadLetters(db, A)).toEqual([]);
      const retired = await db
        .selectFrom('fleet_ships')
        .select('status')
        .where('ship_id', '=', A)
        .executeTakeFirst();
      expect(retired?.status).toBe('retired');
    }, 60_000);

    it("sets one ship's garbage aside without holding up another ship's next hour", async () => {
      const shore = await shoreApp();
      const db = shore.testStore.store.db;
      const bad = '9300033';
      const good = '9300044';
      const t0 = Math.floor(Date.now() / HOUR) * 3600 - 2 * 3600;
      await publishRaw(rig.nats, shipSubject(good, 'rollup_1h'), [rollupOf(good, t0 - 3600, 5)]);
      await waitFor(async () => (await shoreRollups(db, good)).length === 1, 10_000, 'the good ship known');
      // 300 undecodable messages, and one that decodes but cannot be stored (a record time that is no number).
      const garbage = Array.from({ length: 300 }, (_, i) =>
        new TextEncoder().encode(`garbage ${i} \u0000\u00ff`),
      );
      const unstorable = {
        kind: 'record',
        ship: bad,
        stream: 'bunker',
        key: 'x',
        version: 1,
        t: 'not a time',
        deleted: false,
        row: { id: 'x' },
      } as unknown as SyncMessage;
      await publishRaw(rig.nats, shipSubject(bad, 'rollup_1h'), garbage);
      await publishRaw(rig.nats, shipSubject(bad, 'bunker'), [unstorable]);
      const sentAt = Date.now();
      await publishRaw(rig.nats, shipSubject(good, 'rollup_1h'), [rollupOf(good, t0, 6)]);
      await waitFor(
        async () => (await shoreRollups(db, good)).length === 2,
        10_000,
        "the good ship's next hour",
      );
      expect(Date.now() - sentAt).toBeLessThan(10_000);

      // Every garbage message is a dead letter with its reason; the unstorable one after its bounded deliveries.
      await waitFor(async () => (await deadLetters(db, bad)).length === 301, 30_000, 'the dead letters');
      const letters = await deadLetters(db, bad);
      expect(letters.filter((l) => l.reason === 'undecodable')).toHaveLength(300);
      expect(letters.find((l) => l.reason === 'unstorable')).toMatchObject({ deliveries: 3 });
      const status = (await get(shore, '/api/v1/sync')).json();
      expect(status.ships.find((s: Json) => s.shipId === bad)).toMatchObject({
        deadLetters: { count: 301, oldestAt: expect.any(String) },
      });
      // Inspected, replayed (still refused, kept) and dropped by an admin.
      const list = await get(shore, `/api/v1/sync/dead-letters?shipId=${bad}&limit=1000`);
      expect(list.statusCode).toBe(200);
      const unstorableLetter = list.json().items.find((l: Json) => l.reason === 'unstorable');
      expect(JSON.parse(unstorableLetter.body)).toMatchObject({ kind: 'record', key: 'x' });
      const replay = await post(shore, '/api/v1/sync/dead-letters/replay', { ids: [unstorableLetter.id] });
      expect(replay.json()).toMatchObject({ stored: 0, refused: 1 });
      const drop = await post(shore, '/api/v1/sync/dead-letters/drop', { shipId: bad });
      expect(drop.json()).toMatchObject({ dropped: 301 });
      const nc = await connect({ servers: rig.nats.url });
      const consumer = await (await jetstreamManager(nc)).consumers.info('ECOHELM_SHIPS', 'ecohelm_shore');
      await nc.close();
      expect(consumer.num_ack_pending + consumer.num_pending).toBe(0);
    }, 60_000);

    it('refuses a bucket ahead of the shore clock, a (0, 0) position and a value out of range', async () => {
      const shore = await shoreApp();
      const db = shore.testStore.store.db;
      const ship = '9300055';
      const hour = Math.floor(Date.now() / HOUR) * 3600;
      const at = (tS: number, rows: RollupMessage['rows']): RollupMessage => ({
        kind: 'rollup',
        ship,
        stream: 'rollup_1h',
        t: tS,
        version: 1,
        rows,
      });
      const pos = (lat: number, lon: number, tS: number): RollupMessage['rows'] => [
        ['navigation.position.latitude', 6, lat * 6, lat, lat, lat, tS * 1000 + 3_000_000],
        ['navigation.position.longitude', 6, lon * 6, lon, lon, lon, tS * 1000 + 3_000_000],
      ];
      const year2027 = Date.UTC(2027, 5, 1) / 1000;
      await publishRaw(rig.nats, shipSubject(ship, 'rollup_1h'), [
        at(hour - 3 * 3600, pos(51.9, 4.1, hour - 3 * 3600)),
        at(year2027 + 365 * 86_400, pos(0, 0, year2027 + 365 * 86_400)),
        at(hour + 2 * 3600, pos(52, 4, hour + 2 * 3600)),
        at(hour - 2 * 3600, pos(0, 0, hour - 2 * 3600)),
        at(hour - 4 * 3600, [
          ['navigation.speedOverGround', 6, 6000, 1000, 1000, 1000, (hour - 4 * 3600) * 1000],
        ]),
      ]);
      await waitFor(async () => (await deadLetters(db, ship)).length === 4, 10_000, 'the refused buckets');
      expect((await deadLetters(db, ship)).map((l) => l.reason).sort()).toEqual([
        'future',
        'future',
        'no_fix',
        'out_of_range',
      ]);
      const stored = await db
        .selectFrom('fleet_rollups')
        .select(['t', 'channel'])
        .where('ship_id', '=', ship)
        .execute();
      expect(stored.map((r) => Number(r.t))).toEqual([hour - 3 * 3600, hour - 3 * 3600]);
    }, 30_000);

    it('announces itself under a new IMO number without a restart, on streams with the configured limits', async () => {
      const shore = await shoreApp();
      const ship = await shipApp();
      linkShip(ship);
      const db = shore.testStore.store.db;
      const particulars = async (id: string) =>
        db
          .selectFrom('fleet_records')
          .select('key')
          .where('ship_id', '=', id)
          .where('stream', '=', 'ship')
          .execute();
      await waitFor(async () => (await particulars(IMO)).length === 1, 15_000, 'the particulars ashore');
      const renamed = { ...validShip(), imoNumber: '9300001' };
      const put = await ship.app.inject({
        method: 'PUT',
        url: '/api/v1/ship',
        headers: ship.auth,
        payload: renamed as unknown as Json,
      });
      expect(put.statusCode).toBe(200);
      await waitFor(
        async () => (await particulars('9300001')).length === 1,
        15_000,
        'the ship under its new IMO',
      );

      const nc = await connect({ servers: rig.nats.url });
      const info = await (await jetstreamManager(nc)).streams.info('ECOHELM_SHIPS');
      await nc.close();
      // testSyncConfig: a day and 512 MB.
      expect(info.config.max_age).toBe(86_400 * 1e9);
      expect(info.config.max_bytes).toBe(512 * 1024 * 1024);
    }, 40_000);
  },
);
