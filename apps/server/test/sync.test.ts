import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { sql } from 'kysely';
import { generate } from 'selfsigned';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { arrival, departure, validShip } from '../../../testing/factories.ts';
import { startSync } from '../src/features/sync/sync.jobs.ts';
import { decode, encode, TokenBucket } from '../src/features/sync/sync.link.ts';
import { minuteChannel } from '../src/features/sync/sync.ship.ts';
import { SHORE_CONSUMER } from '../src/features/sync/sync.shore.ts';
import { SHIPS_STREAM, type SyncMessage, shipSubject } from '../src/features/sync/sync.sources.ts';
import { ShoreRepository } from '../src/features/sync/sync-shore.repository.ts';
import type { SyncConfig } from '../src/platform/config.ts';
import { startNats, type TestNats, testSyncConfig } from './nats.ts';
import { freePort, waitFor } from './peers.ts';
import { createTestApp, type TestApp } from './stores.ts';

type Json = Record<string, unknown>;
const HOUR = 3_600_000;
const IMO = validShip().imoNumber;

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

type Db = TestApp['testStore']['store']['db'];
/** The ship's records as the shore should hold them: stream → ids. */
async function shipRecordKeys(db: Db): Promise<string[]> {
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
    .where('stream', 'in', ['ship', 'ship_start_info', 'filling', 'bunker', 'hull_cleaning', 'alarm_event'])
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

/** Every message the shore's stream holds, in order: its message id and what it carried. */
async function streamMessages(nats: TestNats): Promise<{ id: string; stream: string; t: number }[]> {
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

type ShipLink = ReturnType<typeof startSync>;
const backlog = async (link: ShipLink) => (await link.service.status()).backlog.count;

describe.skipIf(!process.env.DATABASE_URL)('ship-to-shore sync over NATS JetStream', () => {
  let nats: TestNats;
  const apps: TestApp[] = [];
  const shoreApp = async () => {
    const app = await createTestApp('postgres', { sync: testSyncConfig(nats.url, 'shore') });
    apps.push(app);
    return app;
  };
  const links: ShipLink[] = [];
  const shipApp = async () => {
    const app = await createTestApp('sqlite');
    apps.push(app);
    return app;
  };
  /** The ship's sync on a filled ship's store (started after its data exists, as on a ship that has sailed). */
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

  it('sends every record and rollup once: the shore holds each exactly once, and a resend is dropped', async () => {
    const shore = await shoreApp();
    const ship = await shipApp();
    await fillShip(ship, 30);
    const link = linkShip(ship);
    const shipDb = ship.testStore.store.db;
    const shoreDb = shore.testStore.store.db;
    const expectedRollups = await shipRollups(shipDb);
    const expectedRecords = await shipRecordKeys(shipDb);
    expect(expectedRollups.length).toBeGreaterThan(60);

    await waitFor(
      async () =>
        (await backlog(link)) === 0 &&
        (await shoreRollups(shoreDb)).length === expectedRollups.length &&
        (await shoreRecordKeys(shoreDb)).length === expectedRecords.length,
      20_000,
      'the full sync',
    );
    await waitFor(async () => (await streamState(nats)).pending === 0, 10_000, 'the shore consumer');
    expect(await shoreRollups(shoreDb)).toEqual(expectedRollups);
    expect(await shoreRecordKeys(shoreDb)).toEqual(expectedRecords);
    const published = await streamMessages(nats);
    expect(new Set(published.map((m) => m.id)).size).toBe(published.length);
    expect(expectedRecords.filter((k) => k.startsWith('alarm_event:'))).toHaveLength(2);

    // A redelivered or older version changes nothing ashore (natural keys, versions only go up).
    const repo = new ShoreRepository(shoreDb, 'postgres');
    const bunker = await shoreDb
      .selectFrom('fleet_records')
      .selectAll()
      .where('stream', '=', 'bunker')
      .executeTakeFirstOrThrow();
    const again = {
      kind: 'record',
      ship: IMO,
      stream: 'bunker',
      key: bunker.key,
      t: bunker.t,
      deleted: false,
    } as const;
    await repo.upsertRecord({ ...again, version: bunker.version, row: JSON.parse(bunker.data) }, 'x');
    await repo.upsertRecord(
      { ...again, version: bunker.version - 1, row: { id: bunker.key, port: 'Old' } },
      'x',
    );
    expect(
      await shoreDb.selectFrom('fleet_records').selectAll().where('stream', '=', 'bunker').execute(),
    ).toEqual([bunker]);

    // Every acknowledgement lost: the ship sends it all again under the same message ids, JetStream drops them.
    await shipDb.updateTable('sync_items').set({ sent_version: 0, pending: 1 }).execute();
    await waitFor(async () => (await backlog(link)) === 0, 20_000, 'the resend');
    expect((await streamState(nats)).messages).toBe(published.length);
    expect(await shoreRollups(shoreDb)).toEqual(expectedRollups);
    expect(await shoreRecordKeys(shoreDb)).toEqual(expectedRecords);

    const status = (await shore.app.inject({ url: '/api/v1/sync', headers: shore.auth })).json();
    expect(status).toMatchObject({ role: 'shore', connected: true });
    expect(status.ships).toEqual([
      expect.objectContaining({ shipId: IMO, name: 'ECO HELM', rollups: expectedRollups.length }),
    ]);
    const shipStatus = await link.service.status();
    expect(shipStatus).toMatchObject({ role: 'ship', connected: true, shipId: IMO, backlog: { count: 0 } });
    expect(shipStatus.lastContactAt).not.toBeNull();
    // The metrics' message counters (platform/metrics.ts): every message sent was acknowledged.
    const messages = link.service.messages();
    expect(messages.sent).toBeGreaterThan(0);
    expect(messages.acked).toBe(messages.sent);
  });

  it('sends the minutes of the configured channel groups too, an hour of them a message, and none of the others', async () => {
    const shore = await shoreApp();
    const ship = await shipApp();
    await fillShip(ship, 30);
    const link = linkShip(ship, { minuteGroups: ['navigation'] });
    const minutes = async (db: Db, sqlText: ReturnType<typeof sql<Json>>) =>
      (await sqlText.execute(db)).rows
        .map((r) => [r.channel, Number(r.t), Number(r.n), Number(r.v_sum)].join('|'))
        .sort();
    // On board: the minutes of the navigation group's channels within the history sent (five days).
    const fromS = Math.floor(Date.now() / 1000) - 5 * 86_400;
    const expected = (
      await minutes(
        ship.testStore.store.db,
        sql<Json>`select c.name as channel, r.t, r.n, r.v_sum from rollup_1m r join channels c on c.id = r.channel_id
          where r.t >= ${Math.floor(fromS / 3600) * 3600}`,
      )
    ).filter((row) => minuteChannel(row.split('|')[0]!, ['navigation']));
    expect(expected.some((row) => row.startsWith('navigation.speedOverGround|'))).toBe(true);
    const ashore = () =>
      minutes(
        shore.testStore.store.db,
        sql<Json>`select channel, t, n, v_sum from fleet_rollups where level = '1m' and ship_id = ${IMO}`,
      );
    await waitFor(
      async () => (await backlog(link)) === 0 && (await ashore()).length === expected.length,
      20_000,
      'the minutes ashore',
    );
    expect(await ashore()).toEqual(expected);
    // The tanks' minutes stay on board; their hours go as always.
    expect((await ashore()).some((row) => row.startsWith('tanks.'))).toBe(false);
    const hours = new Set(expected.map((row) => Math.floor(Number(row.split('|')[1]) / 3600)));
    const published = (await streamMessages(nats)).filter((m) => m.stream === 'rollup_1m');
    expect(published.length).toBe(hours.size);
    expect(published.every((m) => m.t % 3600 === 0)).toBe(true);
  });

  it('resumes after the link drops mid-sync: every record and rollup is on the shore exactly once', async () => {
    const shore = await shoreApp();
    // 24 kbit/s: the sync of these two days takes a few seconds, long enough to cut it in the middle.
    const ship = await shipApp();
    await fillShip(ship, 48);
    const link = linkShip(ship, { maxKbits: 24 });
    const shipDb = ship.testStore.store.db;
    const shoreDb = shore.testStore.store.db;
    await waitFor(async () => (await shoreRollups(shoreDb)).length >= 20, 20_000, 'a part of the sync');
    await nats.kill();
    const arrived = (await shoreRollups(shoreDb)).length;
    // While the link is down the crew adds a record; the status tells the link is gone and what waits.
    const cleaning = await ship.app.inject({
      method: 'POST',
      url: '/api/v1/records/hull-cleaning',
      headers: ship.auth,
      payload: {
        kind: 'hull_cleaning',
        place: 'Singapore anchorage',
        startTime: '2025-03-10T02:00:00Z',
        endTime: '2025-03-10T09:00:00Z',
        remark: 'divers',
      },
    });
    expect(cleaning.statusCode).toBe(201);
    const down = await waitFor(
      async () => {
        const s = await link.service.status();
        return !s.connected && s.backlog.count > 0 ? s : undefined;
      },
      10_000,
      'the link down',
    );
    expect(down.backlog.oldestAt).not.toBeNull();
    await nats.restart();

    const expectedRollups = await shipRollups(shipDb);
    const expectedRecords = await shipRecordKeys(shipDb);
    expect(expectedRecords.some((k) => k.startsWith('hull_cleaning:'))).toBe(true);
    expect(arrived).toBeLessThan(expectedRollups.length);
    await waitFor(
      async () =>
        (await backlog(link)) === 0 &&
        (await shoreRollups(shoreDb)).length === expectedRollups.length &&
        (await shoreRecordKeys(shoreDb)).length === expectedRecords.length,
      20_000,
      'the sync after the link returns',
    );
    // Acknowledgements lost with the server are redelivered after the ack wait: the natural keys make them no-ops.

    expect(await shoreRollups(shoreDb)).toEqual(expectedRollups);
    expect(await shoreRecordKeys(shoreDb)).toEqual(expectedRecords);
    const published = await streamMessages(nats);
    expect(new Set(published.map((m) => m.id)).size).toBe(published.length);
    // Newest first: the hourly buckets went out from the newest back; across the outage only the window that was
    // in flight (8 messages) may arrive out of order, retried after the ones the connection buffered.
    const hours = published.filter((m) => m.stream === 'rollup_1h').map((m) => m.t);
    const newestFirst = [...hours].sort((a, b) => b - a);
    expect(Math.max(...hours.map((t, i) => Math.abs(newestFirst.indexOf(t) - i)))).toBeLessThanOrEqual(8);
  }, 60_000);
  it('stores what arrives together, and a message the store refuses holds up none of the others', async () => {
    // The messages wait in the stream before the shore starts, so its consumer receives them together.
    const nc = await connect({ servers: nats.url });
    await (await jetstreamManager(nc)).streams.add({ name: SHIPS_STREAM, subjects: ['ecohelm.ship.>'] });
    const js = jetstream(nc);
    const t = Math.floor(Date.UTC(2025, 5, 1) / 1000);
    const record = (key: string): SyncMessage => ({
      kind: 'record',
      ship: '9074729',
      stream: 'bunker',
      key,
      version: 1,
      t: t * 1000,
      deleted: false,
      row: { id: Number(key), port: 'Rotterdam' },
    });
    // A rollup whose count is not an integer: PostgreSQL refuses its row, and with it the batch's transaction.
    const bad: SyncMessage = {
      kind: 'rollup',
      ship: '9074729',
      stream: 'rollup_1h',
      t,
      version: 1,
      rows: [['navigation.speedOverGround', 1.5, 6, 6, 6, 6, t * 1000]],
    };
    const messages: [string, SyncMessage][] = [
      ['bunker', record('1')],
      ['rollup_1h', bad],
      ['bunker', record('2')],
      ['bunker', record('3')],
    ];
    for (const [i, [stream, m]] of messages.entries()) {
      const { data, headers } = encode(m);
      await js.publish(shipSubject('9074729', stream), data, { msgID: `batch-test-${i}`, headers });
    }
    await nc.close();
    const shore = await shoreApp();
    const db = shore.testStore.store.db;
    await waitFor(
      async () =>
        (await db.selectFrom('fleet_records').select('key').where('stream', '=', 'bunker').execute())
          .length === 3,
      10_000,
      'the good messages stored',
    );
    expect(await db.selectFrom('fleet_rollups').selectAll().execute()).toEqual([]);
    expect((await db.selectFrom('fleet_ships').selectAll().execute()).map((s) => s.ship_id)).toEqual([
      '9074729',
    ]);
  });

  it('follows the rule on edits from both sides: the crew owns the entries, the shore owns verification', async () => {
    const shore = await shoreApp();
    const ship = await shipApp();
    const { arrivalId, departureId } = await fillShip(ship, 2);
    const link = linkShip(ship);
    const shoreDb = shore.testStore.store.db;
    const onShore = (id: string) =>
      shoreDb.selectFrom('fleet_records').selectAll().where('key', '=', id).executeTakeFirst();
    await waitFor(
      async () => (await onShore(arrivalId)) && (await onShore(departureId)),
      15_000,
      'the records ashore',
    );
    const decide = (recordId: string, decision: string, comment = '') =>
      shore.app.inject({
        method: 'POST',
        url: '/api/v1/sync/reviews',
        headers: shore.auth,
        payload: { shipId: IMO, recordId, decision, comment },
      });
    expect((await decide(departureId, 'returned')).statusCode).toBe(400);
    expect((await decide('no-such-record', 'verified')).statusCode).toBe(404);
    const shipRecord = async (id: string) =>
      (await ship.app.inject({ url: '/api/v1/filling/records?filter=all', headers: ship.auth }))
        .json()
        .records.find((r: Json) => r.id === id);

    const shipData = async (id: string) =>
      (
        await ship.testStore.store.db
          .selectFrom('filling_records')
          .select('data')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).data;

    // The shore verifies the arrival and returns the submitted departure with a comment.
    expect((await decide(arrivalId, 'verified')).statusCode).toBe(201);
    expect((await decide(departureId, 'returned', 'Cargo does not match the B/L')).statusCode).toBe(201);
    await waitFor(async () => (await link.service.reviews()).length === 2, 15_000, 'the decisions aboard');
    expect(await link.service.reviews()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ recordId: arrivalId, decision: 'verified', stale: false }),
        expect.objectContaining({
          recordId: departureId,
          decision: 'returned',
          comment: 'Cargo does not match the B/L',
          stale: false,
        }),
      ]),
    );
    // Returned: the submitted departure reopens for the crew, its entries untouched.
    expect(await shipRecord(departureId)).toMatchObject({ status: 'not_submitted' });
    expect(await shipData(departureId)).toContain('70000');

    // Both sides edit while the link is down: the crew corrects the departure and changes the verified arrival,
    // while the shore, not knowing, verifies the departure as it was.
    await nats.kill();
    const put = (id: string, record: Json) =>
      ship.app.inject({
        method: 'PUT',
        url: `/api/v1/filling/records/${id}`,
        headers: ship.auth,
        payload: { draft: false, record },
      });
    const correctedDeparture = departure({
      cargoT: 69_000,
      fuel: [{ fuelType: 'ls_hfo', robT: 700, consumedT: 0 }],
    });
    expect((await put(departureId, correctedDeparture)).statusCode).toBe(200);
    expect((await put(arrivalId, arrival({ distanceNm: 310 }))).statusCode).toBe(200);
    expect((await decide(departureId, 'verified')).statusCode).toBe(201);
    await nats.restart();

    // The crew's entries win ashore; both decisions were made on entries the crew has since changed: stale on
    // both sides, waiting for the shore's new decision. The shore's verification did not lock or change anything.
    await waitFor(
      async () => JSON.parse((await onShore(departureId))?.data ?? '{}').data?.includes('69000'),
      15_000,
      'the correction ashore',
    );
    await waitFor(
      async () => JSON.parse((await onShore(arrivalId))?.data ?? '{}').data?.includes('310'),
      15_000,
      'the arrival change ashore',
    );
    const ashore = (
      await shore.app.inject({ url: `/api/v1/sync/reviews?shipId=${IMO}`, headers: shore.auth })
    ).json().items;
    expect(ashore).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ recordId: arrivalId, decision: 'verified', stale: true }),
        expect.objectContaining({ recordId: departureId, decision: 'verified', stale: true }),
      ]),
    );
    await waitFor(
      async () =>
        (await link.service.reviews()).find((r) => r.recordId === departureId)?.decision === 'verified',
      15_000,
      'the stale verification aboard',
    );
    expect((await link.service.reviews()).every((r) => r.stale)).toBe(true);
    expect(await shipRecord(departureId)).toMatchObject({ status: 'not_submitted' });
    expect(await shipData(departureId)).toContain('69000');

    // The shore decides again on what the crew entered: current on both sides.
    expect((await decide(departureId, 'verified')).statusCode).toBe(201);
    await waitFor(
      async () => (await link.service.reviews()).find((r) => r.recordId === departureId)?.stale === false,
      15_000,
      'the new verification aboard',
    );
    expect(JSON.parse((await onShore(departureId))?.data ?? '{}').data).toBe(await shipData(departureId));
  });
});

/**
 * The shore's NATS holds each ship to its own subjects (docs/operations.md, "Setting up the shore"): a ship's user
 * publishes only under `ecohelm.ship.<its IMO>.>` and reads only its own decisions consumer. The list below is the
 * one the operations guide gives, proven here on a real nats-server.
 */
export const shipPermissions = (imo: string) => `{
  publish: { allow: [
    "ecohelm.ship.${imo}.>",
    "$JS.API.INFO",
    "$JS.API.CONSUMER.CREATE.ECOHELM_SHORE.ship_${imo}",
    "$JS.API.CONSUMER.CREATE.ECOHELM_SHORE.ship_${imo}.>",
    "$JS.API.CONSUMER.DURABLE.CREATE.ECOHELM_SHORE.ship_${imo}",
    "$JS.API.CONSUMER.INFO.ECOHELM_SHORE.ship_${imo}",
    "$JS.API.CONSUMER.MSG.NEXT.ECOHELM_SHORE.ship_${imo}",
    "$JS.ACK.ECOHELM_SHORE.ship_${imo}.>"
  ] }
  subscribe: { allow: ["_INBOX.>"] }
}`;

describe.skipIf(!process.env.DATABASE_URL)("a ship held to its own subjects on the shore's NATS", () => {
  it('syncs and takes its decisions under its own user, and cannot publish as another ship', async () => {
    const nats = await startNats({
      authorization: `{ users: [
        { user: shore, password: "shore-secret" }
        { user: ship${IMO}, password: "ship-secret", permissions: ${shipPermissions(IMO)} }
      ] }`,
    });
    const shore = await createTestApp('postgres', {
      sync: testSyncConfig(nats.url, 'shore', { user: 'shore', password: 'shore-secret' }),
    });
    const ship = await createTestApp('sqlite');
    const other = await createTestApp('sqlite');
    const links: ReturnType<typeof startSync>[] = [];
    const shipUser = { user: `ship${IMO}`, password: 'ship-secret' };
    try {
      const { arrivalId } = await fillShip(ship, 2);
      const link = startSync(testSyncConfig(nats.url, 'ship', shipUser), ship.testStore.store, {
        ships: ship.services.ships,
        log: ship.app.log,
      });
      links.push(link);
      const shoreDb = shore.testStore.store.db;
      await waitFor(
        async () =>
          (await backlog(link)) === 0 &&
          (await shoreDb.selectFrom('fleet_records').select('key').where('key', '=', arrivalId).execute())
            .length === 1,
        20_000,
        'the ship synced under its own user',
      );
      // The decision comes back through the ship's own consumer.
      const decide = await shore.app.inject({
        method: 'POST',
        url: '/api/v1/sync/reviews',
        headers: shore.auth,
        payload: { shipId: IMO, recordId: arrivalId, decision: 'verified', comment: '' },
      });
      expect(decide.statusCode, decide.body).toBe(201);
      await waitFor(async () => (await link.service.reviews()).length === 1, 15_000, 'the decision aboard');

      // Another ship (IMO 9300001) with this ship's credentials: the server refuses its subjects.
      const inject = (method: 'PUT', url: string, payload: Json) =>
        other.app.inject({ method, url, headers: other.auth, payload });
      expect(
        (await inject('PUT', '/api/v1/ship', { ...validShip(), imoNumber: '9300001' } as unknown as Json))
          .statusCode,
      ).toBe(200);
      const impostor = startSync(testSyncConfig(nats.url, 'ship', shipUser), other.testStore.store, {
        ships: other.services.ships,
        log: other.app.log,
      });
      links.push(impostor);
      await waitFor(async () => (await backlog(impostor)) > 0, 10_000, 'the other ship queued its records');
      // Long enough for several publish attempts (acknowledgement timeout 1.5 s): none is stored ashore.
      await new Promise((r) => setTimeout(r, 5_000));
      expect(await backlog(impostor)).toBeGreaterThan(0);
      expect(
        await shoreDb.selectFrom('fleet_ships').select('ship_id').where('ship_id', '=', '9300001').execute(),
      ).toEqual([]);
      expect(
        await shoreDb.selectFrom('fleet_records').select('key').where('ship_id', '=', '9300001').execute(),
      ).toEqual([]);
    } finally {
      for (const l of links) await l.stop().catch(() => undefined);
      for (const app of [ship, other, shore]) await app.close().catch(() => undefined);
      await nats.dispose();
    }
  }, 60_000);
});

describe.skipIf(!process.env.DATABASE_URL)('sync over TLS with client certificates', () => {
  it('syncs when the ship presents its certificate from the shore CA, and is refused without one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ecohelm-tls-'));
    const file = (name: string, text: string) => {
      writeFileSync(path.join(dir, name), text);
      return path.join(dir, name);
    };
    // A CA of the shore's, the NATS server's certificate (localhost, 127.0.0.1), and a certificate per client.
    const ca = await generate([{ name: 'commonName', value: 'Ecohelm test CA' }], {
      keyType: 'ec',
      algorithm: 'sha256',
      extensions: [
        { name: 'basicConstraints', cA: true, critical: true },
        { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
      ],
    });
    const signed = (cn: string, extensions: NonNullable<Parameters<typeof generate>[1]>['extensions']) =>
      generate([{ name: 'commonName', value: cn }], {
        keyType: 'ec',
        algorithm: 'sha256',
        ca: { key: ca.private, cert: ca.cert },
        extensions,
      });
    const server = await signed('localhost', [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
      { name: 'extKeyUsage', serverAuth: true },
    ]);
    const client = (cn: string) => signed(cn, [{ name: 'extKeyUsage', clientAuth: true }]);
    const [shoreCert, shipCert] = await Promise.all([client('shore'), client(`ship${IMO}`)]);
    const caFile = file('ca.pem', ca.cert);
    const tlsOf = (name: string, c: { cert: string; private: string }) => ({
      tlsCa: caFile,
      tlsCert: file(`${name}.pem`, c.cert),
      tlsKey: file(`${name}.key`, c.private),
    });
    const nats = await startNats({
      tls: `{ cert_file: ${JSON.stringify(file('server.pem', server.cert))}, key_file: ${JSON.stringify(
        file('server.key', server.private),
      )}, ca_file: ${JSON.stringify(caFile)}, verify: true }`,
    });
    const url = `tls://127.0.0.1:${nats.port}`;
    const shore = await createTestApp('postgres', {
      sync: testSyncConfig(url, 'shore', tlsOf('shore', shoreCert)),
    });
    const ship = await createTestApp('sqlite');
    const bare = await createTestApp('sqlite');
    const links: ReturnType<typeof startSync>[] = [];
    try {
      const { arrivalId } = await fillShip(ship, 2);
      const link = startSync(testSyncConfig(url, 'ship', tlsOf('ship', shipCert)), ship.testStore.store, {
        ships: ship.services.ships,
        log: ship.app.log,
      });
      links.push(link);
      const shoreDb = shore.testStore.store.db;
      await waitFor(
        async () =>
          (await backlog(link)) === 0 &&
          (await shoreDb.selectFrom('fleet_records').select('key').where('key', '=', arrivalId).execute())
            .length === 1,
        20_000,
        'the ship synced over TLS',
      );
      // Trusting the shore's CA but without a certificate of its own: the server refuses the connection.
      await fillShip(bare, 1);
      const refused = startSync(testSyncConfig(url, 'ship', { tlsCa: caFile }), bare.testStore.store, {
        ships: bare.services.ships,
        log: bare.app.log,
      });
      links.push(refused);
      const queued = await waitFor(
        async () => (await backlog(refused)) || undefined,
        10_000,
        'the records queued aboard',
      );
      await new Promise((r) => setTimeout(r, 5_000));
      // Nothing left the ship: the outbox still holds what was queued (and whatever the ship queued since, such as
      // an hour that closed meanwhile).
      const status = await refused.service.status();
      expect(status.connected).toBe(false);
      expect(status.backlog.count).toBeGreaterThanOrEqual(queued);
    } finally {
      for (const l of links) await l.stop().catch(() => undefined);
      for (const app of [ship, bare, shore]) await app.close().catch(() => undefined);
      await nats.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('sync link pieces', () => {
  it('caps the sending rate with a token bucket of one second', async () => {
    let now = 0;
    const bucket = new TokenBucket(64, () => now);
    const sleep = async (ms: number) => {
      now += ms;
    };
    // 64 kbit/s is 8,000 bytes a second: the first second's worth goes at once, then 8,000 bytes a second.
    for (let i = 0; i < 10; i++) await bucket.take(4_000, sleep);
    expect(now).toBe(4_000);
    // A message larger than the bucket waits for a full bucket, and the next ones pay for it.
    await bucket.take(20_000, sleep);
    await bucket.take(1, sleep);
    expect(now).toBeGreaterThanOrEqual(4_000 + 1_000 + 1_500);
  });

  it('keeps trying a shore that does not answer, says so, and stops at once', async () => {
    const t = await createTestApp('sqlite');
    const port = await freePort();
    const link = startSync(testSyncConfig(`nats://127.0.0.1:${port}`, 'ship'), t.testStore.store, {
      ships: t.services.ships,
      log: t.app.log,
    });
    try {
      const status = await waitFor(
        async () => {
          const s = await link.service.status();
          return s.error ? s : undefined;
        },
        5_000,
        'the error',
      );
      expect(status).toMatchObject({ role: 'ship', connected: false, lastContactAt: null });
      const stopping = Date.now();
      await link.stop();
      expect(Date.now() - stopping).toBeLessThan(2_000);
    } finally {
      await link.stop();
      await t.close();
    }
  });

  it('with sync not configured, says so and connects nowhere', async () => {
    const t = await createTestApp('sqlite');
    try {
      expect(t.config.sync).toBeUndefined();
      const res = await t.app.inject({ url: '/api/v1/sync', headers: t.auth });
      expect(res.json()).toMatchObject({ role: 'off', connected: false, backlog: { count: 0 } });
      expect(await t.testStore.store.db.selectFrom('sync_items').selectAll().execute()).toEqual([]);
      const decide = await t.app.inject({
        method: 'POST',
        url: '/api/v1/sync/reviews',
        headers: t.auth,
        payload: { shipId: '1', recordId: 'x', decision: 'verified' },
      });
      expect(decide.statusCode).toBe(409);
    } finally {
      await t.close();
    }
  });
});
