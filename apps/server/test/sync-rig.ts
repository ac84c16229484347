import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect } from 'vitest';
import {
  arrival,
  bunkerRecord,
  departure,
  hfoOnly,
  startInfo,
  validShip,
} from '../../../testing/factories.ts';
import { startSync } from '../src/features/sync/sync.jobs.ts';
import { decode } from '../src/features/sync/sync.link.ts';
import { SHORE_CONSUMER } from '../src/features/sync/sync.shore.ts';
import { type RollupMessage, SHIPS_STREAM } from '../src/features/sync/sync.sources.ts';
import type { SyncConfig } from '../src/platform/config.ts';
import { post, postRecord, put } from './http.ts';
import { startNats, type TestNats, testSyncConfig } from './nats.ts';
import { waitFor } from './peers.ts';
import { createTestApp, type TestApp } from './stores.ts';

/**
 * What the ship-to-shore sync tests share: a filled ship, the keys each side holds, the shore stream's state, a
 * ship's link started on its store, and `syncRig`, the apps and links of a test on a NATS server of its own.
 */

export type Json = Record<string, unknown>;
export const HOUR = 3_600_000;
export const IMO = validShip().imoNumber;

/** The bunkering in Rotterdam of the filled ship (and the fleet tests' ship): 500 t of HFO. */
export const rotterdamBunker = () =>
  bunkerRecord({
    port: 'Rotterdam',
    quantityT: 500,
    supplier: 'Bunker BV',
    startTime: '2025-02-27T08:00:00Z',
    endTime: '2025-02-27T14:00:00Z',
  });

/**
 * A ship with its particulars, an arrival (not submitted) and a submitted departure, a bunker record and `hours`
 * of telemetry. Returns the filling records' ids.
 */
export async function fillShip(
  ship: TestApp,
  hours: number,
): Promise<{ arrivalId: string; departureId: string }> {
  expect((await put(ship, '/api/v1/ship', validShip())).statusCode).toBe(200);
  await post(ship, '/api/v1/ship/start-info', startInfo());
  const ids: string[] = [];
  for (const record of [arrival(), departure({ fuel: hfoOnly(700, 0) })]) {
    const res = await postRecord(ship, record, false);
    expect(res.statusCode).toBe(201);
    ids.push(res.json().id);
  }
  const [arrivalId = '', departureId = ''] = ids;
  expect((await post(ship, '/api/v1/filling/records/report', { ids: [departureId] })).statusCode).toBe(200);
  await post(ship, '/api/v1/records/bunker', rotterdamBunker());
  // Telemetry of `hours` hours ending two days ago: every hourly bucket and two or three daily ones.
  const end = Math.floor(Date.now() / HOUR) * HOUR - 48 * HOUR;
  const samples = [];
  for (let t = end - hours * HOUR; t < end; t += 10 * 60_000) {
    samples.push({ channel: 'navigation.speedOverGround', t, value: 6 + (t % 7) / 10 });
    samples.push({ channel: 'tanks.fuel.hfo.currentMass', t, value: 800_000 - (t % 1000) });
  }
  await ship.services.telemetry.writeSamples(samples);
  // Two transitions of an alarm, as the alarm engine appends them.
  await ship.testStore.store.db
    .insertInto('alarm_events')
    .values(
      (['active_unack', 'active_ack'] as const).map((to, i) => ({
        alarm_id: 1,
        at: new Date(end - i * HOUR).toISOString(),
        event: i === 0 ? 'raised' : 'acknowledged',
        from_state: i === 0 ? null : 'active_unack',
        to_state: to,
        source: 'engine',
        device_code: null,
        value: 1,
      })),
    )
    .execute();
  return { arrivalId, departureId };
}

export type Db = TestApp['testStore']['store']['db'];
/** The ship's records as the shore should hold them: stream → ids. */
export async function shipRecordKeys(db: Db): Promise<string[]> {
  const keys: string[] = [];
  for (const [stream, table] of [
    ['ship', 'ships'],
    ['ship_start_info', 'ship_start_info'],
    ['filling', 'filling_records'],
    ['bunker', 'bunker_records'],
    ['hull_cleaning', 'hull_cleaning_records'],
    ['alarm_event', 'alarm_events'],
  ] as const) {
    const rows = await sql<{ id: string | number }>`select id from ${sql.table(table)}`.execute(db);
    for (const r of rows.rows) keys.push(`${stream}:${r.id}`);
  }
  return keys.sort();
}

type ShipBucketRow = { level: '1h' | '1d'; t: number; row: RollupMessage['rows'][number] };
/** The ship's hourly and daily buckets: each row as a rollup message carries it, with its level and start (s). */
export async function shipBuckets(db: Db): Promise<ShipBucketRow[]> {
  const out: ShipBucketRow[] = [];
  for (const level of ['1h', '1d'] as const) {
    const rows =
      await sql<Json>`select c.name as channel, r.t, r.n, r.v_sum, r.v_min, r.v_max, r.v_last, r.last_t
      from ${sql.table(`rollup_${level}`)} r join channels c on c.id = r.channel_id`.execute(db);
    for (const r of rows.rows) {
      const [n, sum, min, max, last, lastT] = [r.n, r.v_sum, r.v_min, r.v_max, r.v_last, r.last_t].map(
        Number,
      );
      out.push({
        level,
        t: Number(r.t),
        row: [String(r.channel), n!, sum!, min!, max!, last!, lastT!],
      });
    }
  }
  return out;
}

/** The ship's rollups as the shore should hold them, one line each. */
export async function shipRollups(db: Db): Promise<string[]> {
  const buckets = await shipBuckets(db);
  return buckets
    .map(({ level, t, row: [channel, ...values] }) => [level, channel, t, ...values].join('|'))
    .sort();
}

/** The rollups the shore holds of the ship `ship`, one line each. */
export async function shoreRollups(db: Db, ship = IMO): Promise<string[]> {
  const rows = await db.selectFrom('fleet_rollups').selectAll().where('ship_id', '=', ship).execute();
  return rows
    .map((r) =>
      [r.level, r.channel, Number(r.t), r.n, r.v_sum, r.v_min, r.v_max, r.v_last, Number(r.last_t)].join('|'),
    )
    .sort();
}

export async function shoreRecordKeys(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('fleet_records')
    .select(['stream', 'key'])
    .where('ship_id', '=', IMO)
    .where('stream', 'in', ['ship', 'ship_start_info', 'filling', 'bunker', 'hull_cleaning', 'alarm_event'])
    .where('deleted', '=', 0)
    .execute();
  return rows.map((r) => `${r.stream}:${r.key}`).sort();
}

/** The shore's stream: messages stored (one per record version, duplicates dropped) and the consumer's backlog. */
export async function streamState(nats: TestNats) {
  const nc = await connect({ servers: nats.url });
  try {
    const jsm = await jetstreamManager(nc);
    const stream = await jsm.streams.info(SHIPS_STREAM);
    const consumer = await jsm.consumers.info(SHIPS_STREAM, SHORE_CONSUMER);
    return {
      messages: stream.state.messages,
      pending: consumer.num_pending + consumer.num_ack_pending,
    };
  } finally {
    await nc.close();
  }
}

/** Every message the shore's stream holds, in order: its message id and what it carried. */
export async function streamMessages(nats: TestNats): Promise<{ id: string; stream: string; t: number }[]> {
  const nc = await connect({ servers: nats.url });
  try {
    const { messages } = (await jetstreamManager(nc).then((m) => m.streams.info(SHIPS_STREAM))).state;
    const consumer = await jetstream(nc).consumers.get(SHIPS_STREAM);
    const out: { id: string; stream: string; t: number }[] = [];
    while (out.length < messages) {
      for await (const m of await consumer.fetch({ max_messages: messages - out.length, expires: 2000 })) {
        const body = decode(m.data, m.headers);
        out.push({
          id: m.headers?.get('Nats-Msg-Id') ?? '',
          stream: 'stream' in body ? body.stream : body.kind,
          t: body.kind === 'rollup' ? body.t : 0,
        });
      }
    }
    return out;
  } finally {
    await nc.close();
  }
}

export type ShipLink = ReturnType<typeof startSync>;
export const backlog = async (link: ShipLink) => (await link.service.status()).backlog.count;

/** The ship's sync on `ship`'s store towards the NATS server at `url` (`over` adds to the test configuration). */
export function startShipSync(url: string, ship: TestApp, over: Partial<SyncConfig> = {}): ShipLink {
  return startSync(testSyncConfig(url, 'ship', over), ship.testStore.store, {
    ships: ship.services.ships,
    log: ship.app.log,
  });
}

/** Waits until the ship's outbox is empty and the shore holds the record `recordId`. */
export async function syncedAshore(link: ShipLink, shore: TestApp, recordId: string, what: string) {
  const shoreDb = shore.testStore.store.db;
  await waitFor(
    async () =>
      (await backlog(link)) === 0 &&
      (await shoreDb.selectFrom('fleet_records').select('key').where('key', '=', recordId).execute())
        .length === 1,
    20_000,
    what,
  );
}

export interface SyncRig {
  /** This test's NATS server. */
  readonly nats: TestNats;
  /** A shore console (PostgreSQL) syncing through this test's NATS. */
  shoreApp(over?: Partial<SyncConfig>): Promise<TestApp>;
  /** A ship console (SQLite). */
  shipApp(): Promise<TestApp>;
  /** The ship's sync on a filled ship's store (started after its data exists, as on a ship that has sailed). */
  linkShip(ship: TestApp, over?: Partial<SyncConfig>): ShipLink;
}

/**
 * Registers, in the calling `describe`, a NATS server started before each test and disposed of after it, with the
 * links and apps the test made through the rig stopped and closed; `ready` finishes a new shore or ship console.
 */
export function syncRig(
  ready: {
    shore?: (app: TestApp, nats: TestNats) => Promise<void>;
    ship?: (app: TestApp) => Promise<void>;
  } = {},
): SyncRig {
  let nats: TestNats | undefined;
  const apps: TestApp[] = [];
  const links: ShipLink[] = [];
  const natsOf = () => {
    if (!nats) throw new Error('no NATS server outside a test');
    return nats;
  };
  beforeEach(async () => {
    nats = await startNats();
  });
  afterEach(async () => {
    for (const link of links.splice(0)) await link.stop().catch(() => undefined);
    for (const app of apps.splice(0)) await app.close().catch(() => undefined);
    await natsOf().dispose();
    nats = undefined;
  });
  return {
    get nats() {
      return natsOf();
    },
    shoreApp: async (over = {}) => {
      const app = await createTestApp('postgres', { sync: testSyncConfig(natsOf().url, 'shore', over) });
      apps.push(app);
      await ready.shore?.(app, natsOf());
      return app;
    },
    shipApp: async () => {
      const app = await createTestApp('sqlite');
      apps.push(app);
      await ready.ship?.(app);
      return app;
    },
    linkShip: (ship, over = {}) => {
      const link = startShipSync(natsOf().url, ship, over);
      links.push(link);
      return link;
    },
  };
}
