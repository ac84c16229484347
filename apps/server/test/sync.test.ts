import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { arrival, departure, validShip } from '../../../testing/factories.ts';
import { SHORE_CONSUMER } from '../src/features/sync/sync.shore.ts';
import { SHIPS_STREAM } from '../src/features/sync/sync.sources.ts';
import type { SyncConfig } from '../src/platform/config.ts';
import { startNats, type TestNats } from './nats.ts';
import { waitFor } from './peers.ts';
import { createTestApp, type TestApp } from './stores.ts';

type Json = Record<string, unknown>;
const HOUR = 3_600_000;
const IMO = validShip().imoNumber;

const syncConfig = (natsUrl: string, role: 'ship' | 'shore', over: Partial<SyncConfig> = {}): SyncConfig => ({
  role,
  natsUrl,
  user: undefined,
  password: undefined,
  token: undefined,
  credsFile: undefined,
  tlsCa: undefined,
  tlsCert: undefined,
  tlsKey: undefined,
  maxKbits: 100_000,
  historyDays: 5,
  recheckHours: 5 * 24,
  recheckMs: 500,
  scanMs: 150,
  reconnectMs: 150,
  ...over,
});

/**
 * A ship with its particulars, an arrival (not submitted) and a submitted departure, a bunker record and `hours`
 * of telemetry. Returns the filling records' ids.
 */
async function fillShip(ship: TestApp, hours: number): Promise<{ arrivalId: string; departureId: string }> {
  const inject = (method: 'POST' | 'PUT', url: string, payload: Json) =>
    ship.app.inject({ method, url, headers: ship.auth, payload });
  expect((await inject('PUT', '/api/v1/ship', validShip() as unknown as Json)).statusCode).toBe(200);
  await inject('POST', '/api/v1/ship/start-info', {
    changeType: 'year_beginning',
    startTime: '2025-01-01T00:00:00Z',
    robs: [{ fuelType: 'ls_hfo', robT: 720 }],
  });
  const ids: string[] = [];
  for (const record of [arrival(), departure({ fuel: [{ fuelType: 'ls_hfo', robT: 700, consumedT: 0 }] })]) {
    const res = await inject('POST', '/api/v1/filling/records', { draft: false, record });
    expect(res.statusCode).toBe(201);
    ids.push(res.json().id);
  }
  const [arrivalId = '', departureId = ''] = ids;
  expect((await inject('POST', '/api/v1/filling/records/report', { ids: [departureId] })).statusCode).toBe(
    200,
  );
  await inject('POST', '/api/v1/records/bunker', {
    port: 'Rotterdam',
    fuelType: 'ls_hfo',
    quantityT: 500,
    supplier: 'Bunker BV',
    startTime: '2025-02-27T08:00:00Z',
    endTime: '2025-02-27T14:00:00Z',
    tankNumber: '3P',
  });
  // Telemetry of `hours` hours ending two days ago: every hourly bucket and two or three daily ones.
  const end = Math.floor(Date.now() / HOUR) * HOUR - 48 * HOUR;
  const samples = [];
  for (let t = end - hours * HOUR; t < end; t += 10 * 60_000) {
    samples.push({ channel: 'navigation.speedOverGround', t, value: 6 + (t % 7) / 10 });
    samples.push({ channel: 'tanks.fuel.hfo.currentMass', t, value: 800_000 - (t % 1000) });
  }
  await ship.services.telemetry.writeSamples(samples);
  return { arrivalId, departureId };
}

type Db = TestApp['testStore']['store']['db'];
/** The ship's records as the shore should hold them: stream → ids. */
async function shipRecordKeys(db: Db): Promise<string[]> {
  const keys: string[] = [];
  for (const [stream, table] of [
    ['ship', 'ships'],
    ['ship_start_info', 'ship_start_info'],
    ['filling', 'filling_records'],
    ['bunker', 'bunker_records'],
  ] as const) {
    const rows = await sql<{ id: string | number }>`select id from ${sql.table(table)}`.execute(db);
    for (const r of rows.rows) keys.push(`${stream}:${r.id}`);
  }
  return keys.sort();
}

async function shipRollups(db: Db): Promise<string[]> {
  const out: string[] = [];
  for (const level of ['1h', '1d'] as const) {
    const rows = await sql<Json>`select c.name as channel, r.t, r.n, r.v_sum, r.v_min, r.v_max, r.v_last
      from ${sql.table(`rollup_${level}`)} r join channels c on c.id = r.channel_id`.execute(db);
    for (const r of rows.rows)
      out.push([level, r.channel, r.t, r.n, r.v_sum, r.v_min, r.v_max, r.v_last].join('|'));
  }
  return out.sort();
}

async function shoreRollups(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('fleet_rollups').selectAll().where('ship_id', '=', IMO).execute();
  return rows
    .map((r) => [r.level, r.channel, Number(r.t), r.n, r.v_sum, r.v_min, r.v_max, r.v_last].join('|'))
    .sort();
}

async function shoreRecordKeys(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('fleet_records')
    .select(['stream', 'key'])
    .where('ship_id', '=', IMO)
    .where('stream', 'in', ['ship', 'ship_start_info', 'filling', 'bunker'])
    .where('deleted', '=', 0)
    .execute();
  return rows.map((r) => `${r.stream}:${r.key}`).sort();
}

/** The shore's stream: messages stored (one per record version, duplicates dropped) and the consumer's backlog. */
async function streamState(nats: TestNats) {
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

const backlog = async (ship: TestApp) =>
  (await ship.app.inject({ url: '/api/v1/sync', headers: ship.auth })).json().backlog.count as number;

describe.skipIf(!process.env.DATABASE_URL)('ship-to-shore sync over NATS JetStream', () => {
  let nats: TestNats;
  const apps: TestApp[] = [];
  const shoreApp = async () => {
    const app = await createTestApp('postgres', { sync: syncConfig(nats.url, 'shore') });
    apps.push(app);
    return app;
  };
  const shipApp = async (over: Partial<SyncConfig> = {}) => {
    const app = await createTestApp('sqlite', { sync: syncConfig(nats.url, 'ship', over) });
    apps.push(app);
    return app;
  };

  beforeEach(async () => {
    nats = await startNats();
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close().catch(() => undefined);
    await nats.dispose();
  });

  it('sends every record and rollup once: the shore holds each exactly once, and a resend is dropped', async () => {
    const shore = await shoreApp();
    const ship = await shipApp();
    await fillShip(ship, 30);
    const shipDb = ship.testStore.store.db;
    const shoreDb = shore.testStore.store.db;
    const expectedRollups = await shipRollups(shipDb);
    const expectedRecords = await shipRecordKeys(shipDb);
    expect(expectedRollups.length).toBeGreaterThan(60);

    await waitFor(
      async () =>
        (await shoreRollups(shoreDb)).length === expectedRollups.length && (await backlog(ship)) === 0,
      20_000,
      'the full sync',
    );
    await waitFor(async () => (await streamState(nats)).pending === 0, 10_000, 'the shore consumer');
    expect(await shoreRollups(shoreDb)).toEqual(expectedRollups);
    expect(await shoreRecordKeys(shoreDb)).toEqual(expectedRecords);
    const buckets = new Set(
      expectedRollups.map((r) =>
        r
          .split('|')
          .filter((_, i) => i !== 1 && i < 3)
          .join('|'),
      ),
    );
    const published = (await streamState(nats)).messages;

    // Every acknowledgement lost: the ship sends it all again under the same message ids, JetStream drops them.
    await shipDb.updateTable('sync_items').set({ sent_version: 0, pending: 1 }).execute();
    await waitFor(async () => (await backlog(ship)) === 0, 20_000, 'the resend');
    expect((await streamState(nats)).messages).toBe(published);
    expect(await shoreRollups(shoreDb)).toEqual(expectedRollups);
    expect(await shoreRecordKeys(shoreDb)).toEqual(expectedRecords);
    // Each bucket and record went in one message; alarms and voyage events of the app are counted too.
    expect(published).toBeGreaterThanOrEqual(buckets.size + expectedRecords.length);

    const status = (await shore.app.inject({ url: '/api/v1/sync', headers: shore.auth })).json();
    expect(status).toMatchObject({ role: 'shore', connected: true });
    expect(status.ships).toEqual([
      expect.objectContaining({ shipId: IMO, name: 'ECO HELM', rollups: expectedRollups.length }),
    ]);
    const shipStatus = (await ship.app.inject({ url: '/api/v1/sync', headers: ship.auth })).json();
    expect(shipStatus).toMatchObject({ role: 'ship', connected: true, shipId: IMO, backlog: { count: 0 } });
    expect(shipStatus.lastContactAt).not.toBeNull();
  });
});
