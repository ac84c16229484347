import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { arrival, departure, hfoOnly, hullCleaningRecord } from '../../../testing/factories.ts';
import { encode } from '../src/features/sync/sync.link.ts';
import { minuteChannel } from '../src/features/sync/sync.ship.ts';
import { SHIPS_STREAM, type SyncMessage, shipSubject } from '../src/features/sync/sync.sources.ts';
import { ShoreRepository } from '../src/features/sync/sync-shore.repository.ts';
import { get, post } from './http.ts';
import { waitFor } from './peers.ts';
import {
  backlog,
  type Db,
  fillShip,
  IMO,
  type Json,
  type ShipLink,
  shipRecordKeys,
  shipRollups,
  shoreRecordKeys,
  shoreRollups,
  streamMessages,
  streamState,
  syncRig,
} from './sync-rig.ts';

describe.skipIf(!process.env.DATABASE_URL)('ship-to-shore sync over NATS JetStream', () => {
  const rig = syncRig();
  /** Waits until the ship's outbox is empty and the shore holds every one of the ship's rollups and records. */
  const allAshore = (link: ShipLink, shoreDb: Db, rollups: string[], records: string[], what: string) =>
    waitFor(
      async () =>
        (await backlog(link)) === 0 &&
        (await shoreRollups(shoreDb)).length === rollups.length &&
        (await shoreRecordKeys(shoreDb)).length === records.length,
      20_000,
      what,
    );
  const { shoreApp, shipApp, linkShip } = rig;

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

    await allAshore(link, shoreDb, expectedRollups, expectedRecords, 'the full sync');
    await waitFor(async () => (await streamState(rig.nats)).pending === 0, 10_000, 'the shore consumer');
    expect(await shoreRollups(shoreDb)).toEqual(expectedRollups);
    expect(await shoreRecordKeys(shoreDb)).toEqual(expectedRecords);
    const published = await streamMessages(rig.nats);
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
    expect((await streamState(rig.nats)).messages).toBe(published.length);
    expect(await shoreRollups(shoreDb)).toEqual(expectedRollups);
    expect(await shoreRecordKeys(shoreDb)).toEqual(expectedRecords);

    const status = (await get(shore, '/api/v1/sync')).json();
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
    const published = (await streamMessages(rig.nats)).filter((m) => m.stream === 'rollup_1m');
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
    await rig.nats.kill();
    const arrived = (await shoreRollups(shoreDb)).length;
    // While the link is down the crew adds a record; the status tells the link is gone and what waits.
    const cleaning = await post(
      ship,
      '/api/v1/records/hull-cleaning',
      hullCleaningRecord({
        kind: 'hull_cleaning',
        place: 'Singapore anchorage',
        startTime: '2025-03-10T02:00:00Z',
        endTime: '2025-03-10T09:00:00Z',
        remark: 'divers',
      }),
    );
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
    await rig.nats.restart();

    const expectedRollups = await shipRollups(shipDb);
    const expectedRecords = await shipRecordKeys(shipDb);
    expect(expectedRecords.some((k) => k.startsWith('hull_cleaning:'))).toBe(true);
    expect(arrived).toBeLessThan(expectedRollups.length);
    await allAshore(link, shoreDb, expectedRollups, expectedRecords, 'the sync after the link returns');
    // Acknowledgements lost with the server are redelivered after the ack wait: the natural keys make them no-ops.

    expect(await shoreRollups(shoreDb)).toEqual(expectedRollups);
    expect(await shoreRecordKeys(shoreDb)).toEqual(expectedRecords);
    const published = await streamMessages(rig.nats);
    expect(new Set(published.map((m) => m.id)).size).toBe(published.length);
    // Newest first: the hourly buckets went out from the newest back; across the outage only the window that was
    // in flight (8 messages) may arrive out of order, retried after the ones the connection buffered.
    const hours = published.filter((m) => m.stream === 'rollup_1h').map((m) => m.t);
    const newestFirst = [...hours].sort((a, b) => b - a);
    expect(Math.max(...hours.map((t, i) => Math.abs(newestFirst.indexOf(t) - i)))).toBeLessThanOrEqual(8);
  }, 60_000);
  it('stores what arrives together, and a message the store refuses holds up none of the others', async () => {
    // The messages wait in the stream before the shore starts, so its consumer receives them together.
    const nc = await connect({ servers: rig.nats.url });
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
      post(shore, '/api/v1/sync/reviews', { shipId: IMO, recordId, decision, comment });
    expect((await decide(departureId, 'returned')).statusCode).toBe(400);
    expect((await decide('no-such-record', 'verified')).statusCode).toBe(404);
    const shipRecord = async (id: string) =>
      (await get(ship, '/api/v1/filling/records?filter=all')).json().records.find((r: Json) => r.id === id);

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
    await rig.nats.kill();
    const put = (id: string, record: Json) =>
      ship.app.inject({
        method: 'PUT',
        url: `/api/v1/filling/records/${id}`,
        headers: ship.auth,
        payload: { draft: false, record },
      });
    const correctedDeparture = departure({
      cargoT: 69_000,
      fuel: hfoOnly(700, 0),
    });
    expect((await put(departureId, correctedDeparture)).statusCode).toBe(200);
    expect((await put(arrivalId, arrival({ distanceNm: 310 }))).statusCode).toBe(200);
    expect((await decide(departureId, 'verified')).statusCode).toBe(201);
    await rig.nats.restart();

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
    const ashore = (await get(shore, `/api/v1/sync/reviews?shipId=${IMO}`)).json().items;
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
