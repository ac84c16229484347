import { writeFileSync } from 'node:fs';
import { type FleetOverviewResponse, type FleetShipDetail, fleetMessages } from '@ecohelm/contracts';
import { co2FromFuel, fuelChannels } from '@ecohelm/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrival, departure, reportingYear, validShip } from '../../../testing/factories.ts';
import { startSync } from '../src/features/sync/sync.jobs.ts';
import { ShoreRepository } from '../src/features/sync/sync-shore.repository.ts';
import { del, get, loggedInUser, post, postRecord, put } from './http.ts';
import { startNats, type TestNats, testSyncConfig } from './nats.ts';
import { waitFor } from './peers.ts';
import { createTestApp, type TestApp, viewerAuth } from './stores.ts';
import { rotterdamBunker } from './sync-rig.ts';

type Json = Record<string, unknown>;
const IMO = validShip().imoNumber;
/** How long a wait for the shore's copy of a ship to catch up may take. */
const WAIT_MS = 90_000;
const SILENT_IMO = '9300000';
/**
 * The 2025 year closed by an arrival in Hamburg that lies there to the turn of the year, then a passage to Rotterdam
 * ending nine days ago: figures for this year too.
 */
const hfoMdo = (hfo: number, mdo: number) => [
  { fuelType: 'ls_hfo', robT: hfo },
  { fuelType: 'mdo_mgo', robT: mdo },
];
const records = [
  ...reportingYear(2025, { anchorage: true }),
  arrival({
    voyageNumber: '2504',
    portNameEn: 'Hamburg',
    portInEea: true,
    eventTime: '2025-03-11T08:00:00Z',
    distanceNm: 300,
    cargoT: 40_000,
    fuel: hfoMdo(1065, 74),
  }),
  departure({
    voyageNumber: '2601',
    portNameEn: 'Hamburg',
    portInEea: true,
    eventTime: '2026-01-01T00:00:00Z',
    cargoT: 40_000,
    fuel: hfoMdo(1000, 60),
  }),
  arrival({
    voyageNumber: '2601',
    eventTime: new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 9 * 86_400_000).toISOString(),
    distanceNm: 320,
    cargoT: 40_000,
    fuel: hfoMdo(985, 59),
  }),
];
const HOUR = 3_600_000;
/** `ECOHELM_RECORD_FIXTURES=1` saves the answers for the web's page tests (apps/web/src/test/fixtures). */
const record = (name: string, body: string) => {
  if (process.env.ECOHELM_RECORD_FIXTURES === '1') {
    writeFileSync(
      new URL(`../../web/src/test/fixtures/${name}`, import.meta.url),
      `${JSON.stringify(JSON.parse(body), null, 2)}\n`,
    );
  }
};

const syncConfig = (natsUrl: string, role: 'ship' | 'shore') =>
  testSyncConfig(natsUrl, role, { historyDays: 7, recheckHours: 48 });

/** Fuel consumed in the year per fuel type, from the records alone: first ROB + bunkered − last ROB. */
/** Fuel of 2025: the records up to the Hamburg departure at 00:00 UTC on 1 January 2026. */
function consumedFromRecords(): Record<string, number> {
  const withFuel = records.filter(
    (r) => Array.isArray(r.fuel) && String(r.eventTime) <= '2026-01-01T00:00:00Z',
  );
  const rob = (r: Json | undefined) =>
    Object.fromEntries(
      ((r?.fuel ?? []) as { fuelType: string; robT: number }[]).map((f) => [f.fuelType, f.robT]),
    );
  const first = rob(withFuel[0]);
  const last = rob(withFuel.at(-1));
  const out: Record<string, number> = {};
  for (const f of Object.keys(first)) out[f] = (first[f] ?? 0) - (last[f] ?? 0);
  for (const r of records) {
    for (const b of (r.bunkers as { fuelType: string; quantityT: number }[] | undefined) ?? []) {
      out[b.fuelType] = (out[b.fuelType] ?? 0) + b.quantityT;
    }
  }
  return out;
}

describe.skipIf(!process.env.DATABASE_URL)(
  'fleet overview, ship detail and fleet report on a shore server',
  () => {
    let nats: TestNats;
    let shore: TestApp;
    let ship: TestApp;
    let vessel: TestApp;
    let link: ReturnType<typeof startSync>;

    beforeAll(async () => {
      nats = await startNats();
      shore = await createTestApp(
        'postgres',
        { shore: true, sync: syncConfig(nats.url, 'shore') },
        // The ship's console on the shore takes in what arrived at the first read after it.
        { fleetConsoleRefreshMs: 0 },
      );
      vessel = await createTestApp('sqlite');
      ship = await createTestApp('sqlite');
      const particulars = { ...validShip(), nameZh: '生态舵', mainEnginePowerKw: 9_000, netTonnage: 25_000 };
      expect((await put(ship, '/api/v1/ship', particulars)).statusCode).toBe(200);
      for (const record of records) {
        const res = await postRecord(ship, record);
        expect(res.statusCode, res.body).toBe(201);
      }
      // An active alarm and a cleared one, as the alarm engine stores them.
      const alarm = (key: string, state: string) => ({
        key,
        category: 'equipmentAlarm',
        condition: 'high',
        equipment: 'me',
        channel: 'propulsion.main.exhaustTemperature',
        priority: 'warning',
        state,
        escalated: 0,
        raised_at: '2026-01-02T03:00:00.000Z',
        updated_at: '2026-01-02T03:00:00.000Z',
        acknowledged_at: null,
        acknowledged_by: null,
        cleared_at: state === 'cleared' ? '2026-01-02T04:00:00.000Z' : null,
        silenced_until: null,
        unack_since: null,
        value: 420,
        limit_value: 400,
      });
      await ship.testStore.store.db
        .insertInto('alarms')
        .values([alarm('limit:a:high', 'active_unacknowledged'), alarm('limit:b:high', 'cleared')])
        .execute();
      // A position: the last hour ends at 53.5 N, 8.1 E.
      const end = Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR;
      const samples = [];
      for (let t = end - 3 * HOUR; t < end; t += 10 * 60_000) {
        samples.push({
          channel: 'navigation.position.latitude',
          t,
          value: 53 + (t - end + 3 * HOUR) / (6 * HOUR),
        });
        samples.push({ channel: 'navigation.position.longitude', t, value: 8.1 });
      }
      // Five days of sailing ending two days ago (closed daily buckets, synced): the overview's CII of this year.
      const sailedTo = end - 48 * HOUR;
      for (let t = sailedTo - 5 * 24 * HOUR; t < sailedTo; t += 10 * 60_000) {
        samples.push({ channel: 'navigation.speedOverGround', t, value: 6 + (t % 7) / 10 });
        samples.push({ channel: fuelChannels[0]!.id, t, value: 0.45 + (t % 5) / 100 });
      }
      await ship.services.telemetry.writeSamples(samples);
      link = startSync(syncConfig(nats.url, 'ship'), ship.testStore.store, {
        ships: ship.services.ships,
        log: ship.app.log,
      });
      await waitFor(
        async () => {
          const s = await link.service.status();
          const held = await shore.testStore.store.db
            .selectFrom('fleet_records')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('stream', '=', 'filling')
            .executeTakeFirstOrThrow();
          const alarms = await shore.testStore.store.db
            .selectFrom('fleet_records')
            .select('key')
            .where('stream', '=', 'alarm')
            .execute();
          const days = await shore.testStore.store.db
            .selectFrom('fleet_rollups')
            .select('t')
            .where('level', '=', '1d')
            .where('channel', '=', 'navigation.speedOverGround')
            .execute();
          // Every record, both alarms and the five sailed days (with the days' position) are ashore.
          return (
            s.backlog.count === 0 &&
            Number(held.n) === records.length &&
            alarms.length === 2 &&
            days.length >= 5
          );
        },
        30_000,
        'the ship synced',
      );
      // A second ship the shore heard from two days ago, without particulars yet.
      await new ShoreRepository(shore.testStore.store.db, 'postgres').touchShip(
        SILENT_IMO,
        new Date(Date.now() - 48 * HOUR).toISOString(),
        'SILENT',
      );
    }, 120_000);

    afterAll(async () => {
      await link?.stop().catch(() => undefined);
      for (const t of [shore, ship, vessel]) await t?.close().catch(() => undefined);
      await nats?.dispose();
    });

    it("says the shape, lets the shore's users read the fleet and refuses elsewhere", async () => {
      expect((await get(shore, '/api/v1/config', {} as never)).json().shape).toBe('fleet');
      expect((await get(vessel, '/api/v1/config', {} as never)).json().shape).toBe('vessel');
      // The least of the shore's roles reads the fleet; a ship's crew console does not.
      const { login, headers: viewer } = await loggedInUser(shore, {
        username: 'viewer',
        displayName: 'Viewer',
        role: 'viewer',
        password: 'viewer-password',
      });
      expect(login.json().permissions).toContain('fleet:read');
      expect((await get(shore, '/api/v1/fleet/ships', viewer)).statusCode).toBe(200);
      expect((await get(shore, '/api/v1/fleet/ships', await viewerAuth(shore))).statusCode).toBe(403);
      expect((await get(shore, '/api/v1/fleet/ships', {} as never)).statusCode).toBe(401);
      // On board a crew console has no fleet:read (403); the admin's console has every permission, and learns that
      // the fleet lives on a shore (409).
      expect((await get(vessel, '/api/v1/fleet/ships', await viewerAuth(vessel))).statusCode).toBe(403);
      expect((await get(vessel, '/api/v1/fleet/ships')).statusCode).toBe(409);
      expect((await get(shore, '/api/v1/fleet/ships?year=1999')).statusCode).toBe(400);
      expect((await get(shore, '/api/v1/fleet/ships/0000000')).statusCode).toBe(404);
    });

    it('lists every ship with the figures its own console computes from the same records', async () => {
      const res = await get(shore, '/api/v1/fleet/ships?year=2025');
      expect(res.statusCode, res.body).toBe(200);
      const fleet = res.json() as FleetOverviewResponse;
      record('fleet-ships.json', res.body);
      expect(fleet.ships.map((s) => s.shipId)).toEqual([IMO, SILENT_IMO]);
      const [row, silent] = fleet.ships as [
        FleetOverviewResponse['ships'][0],
        FleetOverviewResponse['ships'][0],
      ];
      expect(silent).toMatchObject({ name: 'SILENT', stale: true, issue: 'ship_incomplete', cii: null });
      expect(silent.hoursSinceContact).toBeGreaterThan(47.9);

      const cii = (await get(ship, '/api/v1/cii/statistics?dimension=annual&unit=month&year=2025')).json();
      const mrv = (await get(ship, '/api/v1/reports?regime=eu_mrv&year=2025')).json();
      expect(cii.summary.attainedCii).toBeGreaterThan(0);
      expect(mrv.ets.allowances).toBeGreaterThan(0);
      expect(row).toMatchObject({
        name: 'ECO HELM',
        nameZh: '生态舵',
        imoNumber: IMO,
        stale: false,
        issue: null,
        activeAlarms: 1,
        cii: {
          year: 2025,
          source: 'records',
          attainedCii: cii.summary.attainedCii,
          requiredCii: cii.summary.requiredCii,
          rating: cii.summary.rating,
          // A past year is complete: its projection is what it attained.
          projectedCii: cii.summary.attainedCii,
          projectedRating: cii.summary.rating,
        },
        etsAllowances: mrv.ets.allowances,
        fuelEu: mrv.fuelEu,
      });
      expect(row.hoursSinceContact).toBeLessThan(0.1);
      expect(row.position?.lat).toBeCloseTo(53.5, 1);
      expect(row.position?.lon).toBeCloseTo(8.1, 6);
      expect(Date.parse(row.position?.at ?? '')).toBeGreaterThan(Date.now() - 4 * HOUR);
    });

    it('this year: the year to date and year-end projection its own overview shows, from the same voyage ledger', async () => {
      const own = (await get(ship, '/api/v1/overview?period=year')).json().cii.yearToDate;
      const year = new Date().getUTCFullYear();
      const row = (await get(shore, '/api/v1/fleet/ships')).json().ships.find((s: Json) => s.shipId === IMO);
      expect(own.attained).toBeGreaterThan(0);
      expect(row.cii).toMatchObject({
        year,
        source: 'records',
        attainedCii: own.attained,
        requiredCii: own.required,
        rating: own.rating,
        projectedRating: own.projectedRating,
      });
      // The projection runs the rest of the year from "now", a few milliseconds apart in the two requests.
      expect(row.cii.projectedCii).toBeCloseTo(own.projectedAttained, 6);
    });

    it('opens one ship: its records with the shore decisions, its CII and its active alarms', async () => {
      const first = (await get(shore, `/api/v1/fleet/ships/${IMO}?year=2025`)).json() as FleetShipDetail;
      expect(first.records).toHaveLength(records.length);
      const departure = first.records.find((r) => r.kind === 'departure');
      expect(departure?.review).toBeNull();
      const decide = await post(shore, '/api/v1/sync/reviews', {
        shipId: IMO,
        recordId: departure?.id,
        decision: 'verified',
      });
      expect(decide.statusCode, decide.body).toBe(201);
      const res = await get(shore, `/api/v1/fleet/ships/${IMO}?year=2025`);
      expect(res.statusCode, res.body).toBe(200);
      const detail = res.json() as FleetShipDetail;
      record('fleet-ship.json', res.body);
      expect(detail.records.find((r) => r.id === departure?.id)?.review).toMatchObject({
        decision: 'verified',
        stale: false,
      });
      const own = (await get(ship, '/api/v1/filling/records?filter=all')).json();
      expect(detail.records.map((r) => [r.id, r.checkState, r.consumedT]).sort()).toEqual(
        own.records.map((r: Json) => [r.id, r.checkState, r.consumedT]).sort(),
      );
      const cii = (await get(ship, '/api/v1/cii/statistics?dimension=annual&unit=month&year=2025')).json();
      expect(detail.cii?.summary).toEqual(cii.summary);
      expect(detail.cii?.voyages).toEqual(cii.voyages);
      expect(detail.alarms.map((a) => [a.key, a.state, a.value])).toEqual([
        // 420 K as the console shows it.
        ['limit:a:high', 'active_unacknowledged', 146.85],
      ]);
      expect(detail.particulars?.imoNumber).toBe(IMO);
    });

    it("opens one ship's whole console from the shore's copy: the ship's own answers, read only", async () => {
      const console = (path: string, headers = shore.auth) =>
        get(shore, `/api/v1/fleet/ships/${IMO}/console/${path}`, headers);
      // The same answers as the ship's own API, for reads made of records and of rollups.
      for (const path of [
        'ship',
        'filling/records?filter=all',
        'cii/statistics?dimension=annual&unit=month&year=2025',
        'reports?regime=eu_mrv&year=2025',
        'reports?regime=imo_dcs&year=2025',
        'records/bunker',
        'alarms/history?pageSize=50',
      ]) {
        const [copy, own] = [await console(path), await get(ship, `/api/v1/${path}`)];
        expect(own.statusCode, `${path}: ${own.body}`).toBe(200);
        expect(copy.statusCode, `${path}: ${copy.body}`).toBe(200);
        // Made a few milliseconds apart.
        const { generatedAt: _copyAt, serverTime: _copyTime, ...copied } = copy.json();
        const { generatedAt: _ownAt, serverTime: _ownTime, ...owned } = own.json();
        expect(copied, path).toEqual(owned);
      }
      // The ship's open alarm, as its engine restored it on board.
      const active = (await console('alarms/active')).json();
      expect(active.items.map((a: Json) => [a.key, a.state])).toEqual([
        ['limit:a:high', 'active_unacknowledged'],
      ]);
      // This year's CII on the overview, from the synced daily rollups.
      const [copy, own] = [
        await console('overview?period=year'),
        await get(ship, '/api/v1/overview?period=year'),
      ];
      expect(copy.statusCode, copy.body).toBe(200);
      expect(copy.json().cii.yearToDate.attained).toBeGreaterThan(0);
      expect(copy.json().cii.yearToDate).toMatchObject({
        attained: own.json().cii.yearToDate.attained,
        rating: own.json().cii.yearToDate.rating,
      });
      // The latest position is the last value of the newest hourly bucket, with its time.
      const latest = await console('telemetry/latest?channels=navigation.position.latitude');
      expect(latest.statusCode, latest.body).toBe(200);
      const lat = latest.json().values.find((v: Json) => v.channel === 'navigation.position.latitude');
      expect(lat?.value).toBeCloseTo(53.5, 1);
      // Hourly trends where the ship has raw samples: the copy holds hours.
      const from = new Date(Date.now() - 24 * HOUR).toISOString();
      const to = new Date().toISOString();
      const trend = await console(
        `telemetry/trend?channel=navigation.position.latitude&from=${from}&to=${to}`,
      );
      expect(trend.statusCode, trend.body).toBe(200);
      expect(trend.json().source).toBe('1h');
      expect(trend.json().points.length).toBeGreaterThanOrEqual(3);
      // Read only: every write is refused with the reason, nothing is live, and the fleet's permission is needed.
      const write = await post(shore, `/api/v1/fleet/ships/${IMO}/console/filling/records`, {
        record: records[0],
      });
      expect(write.statusCode).toBe(403);
      expect(write.json().error.message).toBe(fleetMessages.consoleReadOnly);
      const live = await console('telemetry/live?channels=navigation.speedOverGround');
      expect(live.statusCode).toBe(409);
      expect(live.json().error.message).toBe(fleetMessages.consoleNoLive);
      expect((await console('ship', await viewerAuth(shore))).statusCode).toBe(403);
      expect((await get(shore, '/api/v1/fleet/ships/0000000/console/ship')).statusCode).toBe(404);
      expect((await get(vessel, `/api/v1/fleet/ships/${IMO}/console/ship`)).statusCode).toBe(409);
      // A second read takes the same copy (the ship has not been heard from since).
      expect((await console('ship')).json()).toEqual((await get(ship, '/api/v1/ship')).json());
    });

    // Three waits, each a sync round and a new app for the copy: seconds alone, much longer beside the other test
    // files on a busy machine; the test as a whole may take as long as they do.
    it(
      "keeps the ship's console up to date: a record added, changed and deleted on board, and new hours",
      async () => {
        const console = (path: string) => get(shore, `/api/v1/fleet/ships/${IMO}/console/${path}`);
        const bunkers = async () => (await console('records/bunker')).json().items as Json[];
        const before = await bunkers();
        const added = await post(ship, '/api/v1/records/bunker', rotterdamBunker());
        expect(added.statusCode, added.body).toBe(201);
        const id = added.json().id;
        // Newer hours of the ship's position, after the copy was made.
        const hour = Math.floor(Date.now() / HOUR) * HOUR - HOUR;
        await ship.services.telemetry.writeSamples([
          { channel: 'navigation.position.latitude', t: hour - 30 * 60_000, value: 54.25 },
          { channel: 'navigation.position.latitude', t: hour - 10 * 60_000, value: 54.5 },
        ]);
        // Each read after the ship was heard from starts the update; a later one sees it.
        await waitFor(
          async () => {
            const lat = (await console('telemetry/latest?channels=navigation.position.latitude')).json()
              .values[0];
            return (await bunkers()).some((b) => b.id === id) && lat?.value === 54.5;
          },
          WAIT_MS,
          'the added record and the new hour in the copy',
        );
        expect((await bunkers()).length).toBe(before.length + 1);
        const changed = await put(ship, `/api/v1/records/bunker/${id}`, {
          ...rotterdamBunker(),
          port: 'Hamburg',
          quantityT: 450,
        });
        expect(changed.statusCode, changed.body).toBe(200);
        await waitFor(
          async () => (await bunkers()).find((b) => b.id === id)?.port === 'Hamburg',
          WAIT_MS,
          'the change in the copy',
        );
        const removed = await del(ship, `/api/v1/records/bunker/${id}`);
        expect(removed.statusCode, removed.body).toBeLessThan(300);
        await waitFor(
          async () => !(await bunkers()).some((b) => b.id === id),
          WAIT_MS,
          'the deletion in the copy',
        );
        expect(await bunkers()).toEqual(before);
      },
      3 * WAIT_MS + 30_000,
    );

    it('exports the fleet report: a sheet per regime, a row per ship, totals that the records add up to', async () => {
      const res = await get(shore, '/api/v1/fleet/reports/export?year=2025&lang=en_US');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets.map((w) => w.name)).toEqual(['EU MRV', 'IMO DCS', 'EU ETS', 'FuelEU']);
      const table = (name: string) => {
        const ws = wb.getWorksheet(name)!;
        const rows: unknown[][] = [];
        ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
        const header = rows[1] as string[];
        const body = rows.slice(2);
        const col = (h: string) => header.indexOf(h);
        return { header, body, col };
      };
      const dcs = table('IMO DCS');
      expect(dcs.body.map((r) => r[0])).toEqual(['ECO HELM', 'SILENT', 'Fleet total']);
      expect(dcs.body[1]?.at(-1)).toBe('Ship basic information incomplete');
      // Recomputed from the records alone: fuel = first ROB + bunkered − last ROB, CO2 by the fuels' factors.
      const consumed = consumedFromRecords();
      const fuelTotal = dcs.body[2]?.[dcs.col('Fuel (t)')] as number;
      expect(fuelTotal).toBeCloseTo(
        Object.values(consumed).reduce((a, b) => a + b, 0),
        6,
      );
      expect(dcs.body[2]?.[dcs.col('CO2 (t)')] as number).toBeCloseTo(co2FromFuel(consumed), 6);
      const ownDcs = (await get(ship, '/api/v1/reports?regime=imo_dcs&year=2025')).json();
      expect(dcs.body[0]?.[dcs.col('Distance (nm)')]).toBeCloseTo(ownDcs.totals.distanceNm, 9);

      const ets = table('EU ETS');
      const mrv = (await get(ship, '/api/v1/reports?regime=eu_mrv&year=2025')).json();
      expect(ets.body[2]?.[ets.col('Allowances (EUA)')]).toBeCloseTo(mrv.ets.allowances, 9);
      const fuelEu = table('FuelEU');
      expect(fuelEu.body[0]?.[fuelEu.col('Penalty (EUR)')] ?? '').toEqual(mrv.fuelEu.penaltyEur ?? '');
      const zh = await get(shore, '/api/v1/fleet/reports/export?year=2025&lang=zh_CN');
      const wbZh = new ExcelJS.Workbook();
      await wbZh.xlsx.load(zh.rawPayload as unknown as ArrayBuffer);
      expect(String(wbZh.worksheets[0]?.getRow(1).getCell(1).value)).toBe('船队排放报告 2025');
    });
  },
);
