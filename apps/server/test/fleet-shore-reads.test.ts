import { mulberry32 } from '@ecohelm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportingYear, validShip } from '../../../testing/factories.ts';
import { routeGuards } from '../src/platform/auth.ts';
import { get, loggedInUser, post, postRecord, put } from './http.ts';
import { offlineShore, shipRecordRows, shipWithParticulars, storeAshore } from './shore-copy.ts';
import type { TestApp } from './stores.ts';

type Json = Record<string, unknown>;
const ORDERED = '9300101';
const SHUFFLED = '9300202';

/** The same rows, shuffled by a seeded generator (a different order than the ship's). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = mulberry32(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe.skipIf(!process.env.DATABASE_URL)(
  'fleet reads on a shore: row order, malformed records, permissions',
  () => {
    let shore: TestApp;
    let ship: TestApp;

    beforeAll(async () => {
      shore = await offlineShore();
      ship = await shipWithParticulars();
      // The bunkering in Shanghai entered at the time of the arrival: a tie that only the ship's order (by entry) breaks.
      const records = reportingYear(2025, { anchorage: true });
      const arrival = records.find((r) => r.kind === 'arrival')!;
      const bunkering = records.find((r) => r.kind === 'bunkering')!;
      bunkering.eventTime = arrival.eventTime;
      // Two readings of the opening stock at the same time (a change of company on New Year's Day): which seeds the
      // ROB chain is the ship's order (start time, then id).
      for (const robT of [950, 900]) {
        const res = await post(ship, '/api/v1/ship/start-info', {
          changeType: robT === 950 ? 'year_beginning' : 'company_change',
          startTime: '2025-01-01T00:00:00Z',
          robs: [
            { fuelType: 'ls_hfo', robT },
            { fuelType: 'mdo_mgo', robT: 100 },
          ],
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      for (const record of records) {
        expect((await postRecord(ship, record)).statusCode).toBe(201);
      }
      const rows = await shipRecordRows(ship);
      expect(rows.length).toBeGreaterThan(8);
      await storeAshore(shore, ORDERED, rows);
      await storeAshore(shore, SHUFFLED, shuffled(rows, 7));
    }, 60_000);

    afterAll(async () => {
      for (const t of [shore, ship]) await t?.close().catch(() => undefined);
    });

    it('gives the same figures for rows stored in another order', async () => {
      const res = await get(shore, '/api/v1/fleet/ships?year=2025');
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().ships as Json[];
      const of = (id: string) => {
        const { shipId: _id, ...rest } = rows.find((r) => r.shipId === id)!;
        return rest;
      };
      expect(of(ORDERED)).toMatchObject({ issue: null });
      expect(of(SHUFFLED)).toEqual(of(ORDERED));
    });

    it('leaves a malformed stored record out and names it, instead of failing the page', async () => {
      const db = shore.testStore.store.db;
      const malformed = {
        ship_id: ORDERED,
        version: 1,
        t: 0,
        deleted: 0,
        received_at: new Date().toISOString(),
      };
      await db
        .insertInto('fleet_records')
        .values([
          { ...malformed, stream: 'filling', key: 'broken', data: '{"id": "broken", ' },
          { ...malformed, stream: 'alarm_event', key: 'abc', data: '{"id": "abc", "alarm_id": 1}' },
        ])
        .execute();
      const res = await get(shore, '/api/v1/fleet/ships?year=2025');
      expect(res.statusCode, res.body).toBe(200);
      const detail = await get(shore, `/api/v1/fleet/ships/${ORDERED}`);
      expect(detail.statusCode, detail.body).toBe(200);
      for (const path of ['ship', 'filling/records', 'alarms/history']) {
        const console = await get(shore, `/api/v1/fleet/ships/${ORDERED}/console/${path}`);
        expect(console.statusCode, `${path}: ${console.body}`).toBe(200);
      }
    });

    it("refuses on every console route each role the ship's own route refuses, and the shore's particulars to a superintendent", async () => {
      const roles = ['viewer', 'superintendent', 'emission_manager', 'admin'] as const;
      const users: Record<string, { auth: { authorization: string }; permissions: string[] }> = {};
      for (const role of roles) {
        const { login, headers } = await loggedInUser(shore, {
          username: `u-${role.replace('_', '-')}`,
          displayName: role,
          role,
          password: `${role}-password-1`,
        });
        expect(login.statusCode, login.body).toBe(200);
        users[role] = { auth: headers, permissions: login.json().permissions };
      }
      // Every read of the ship's own console (the same app the copy runs), its parameters filled in.
      const routes = routeGuards(ship.app).filter(
        (r) =>
          r.method === 'GET' &&
          r.url.startsWith('/api/v1/') &&
          !r.url.includes('*') &&
          !r.url.startsWith('/api/v1/fleet') &&
          r.url !== '/api/v1/config' &&
          !r.url.startsWith('/api/v1/telemetry/live'),
      );
      expect(routes.length).toBeGreaterThan(40);
      const refusedWrongly: string[] = [];
      for (const role of roles) {
        const user = users[role]!;
        for (const route of routes) {
          const path = route.url.replace('/api/v1/', '').replace(/:[A-Za-z]+/g, '1');
          const res = await get(shore, `/api/v1/fleet/ships/${ORDERED}/console/${path}`, user.auth);
          const allowed = route.permission !== undefined && user.permissions.includes(route.permission);
          // 404: a route the copy does not serve at all (backups, ingest, the sync's own).
          if (!allowed && ![403, 404].includes(res.statusCode))
            refusedWrongly.push(`${role} ${route.url}: ${res.statusCode}`);
        }
      }
      expect(refusedWrongly).toEqual([]);
      // The issue's case: the EU MRV export needs reports:export through the console too.
      const exportPath = `/api/v1/fleet/ships/${ORDERED}/console/reports/export?regime=eu_mrv&year=2025`;
      expect((await get(shore, exportPath, users.viewer!.auth)).statusCode).toBe(403);
      expect((await get(shore, exportPath, users.superintendent!.auth)).statusCode).not.toBe(403);
      // The shore's own particulars: not a superintendent's to write.
      const putShip = (auth: { authorization: string }) => put(shore, '/api/v1/ship', validShip(), auth);
      expect((await putShip(users.superintendent!.auth)).statusCode).toBe(403);
      expect((await putShip(users.admin!.auth)).statusCode).toBe(200);
    }, 120_000);
  },
);
