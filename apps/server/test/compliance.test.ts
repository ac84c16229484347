import type { ComplianceResponse } from '@ecohelm/contracts';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportingYear } from '../../../testing/factories.ts';
import { get, postRecord, post as postTo, put as putTo } from './http.ts';
import { offlineShore, shipRecordRows, shipWithParticulars, storeAshore } from './shore-copy.ts';
import type { TestApp } from './stores.ts';

type Json = Record<string, unknown>;
const SHIPS = ['9300101', '9300202'];

describe.skipIf(!process.env.DATABASE_URL)('fleet compliance on a shore (FuelEU pooling, ETS)', () => {
  let shore: TestApp;
  let ship: TestApp;
  let fleet: Json[];

  beforeAll(async () => {
    shore = await offlineShore();
    ship = await shipWithParticulars();
    for (const record of reportingYear(2025, { anchorage: true })) {
      expect((await postRecord(ship, record)).statusCode).toBe(201);
    }
    // The second ship's records are drafts; the first ship's are submitted (a verified year).
    for (const shipId of [SHIPS[1]!, SHIPS[0]!]) {
      if (shipId === SHIPS[0]) {
        // As the crew's reports leave them all once the year is closed.
        await sql`update filling_records set status = 'submitted', submitted_at = ${new Date().toISOString()}`.execute(
          ship.testStore.store.db,
        );
      }
      await storeAshore(shore, shipId, await shipRecordRows(ship));
    }
    fleet = (await get(shore, '/api/v1/fleet/ships?year=2025')).json().ships;
  }, 60_000);

  afterAll(async () => {
    for (const t of [shore, ship]) await t?.close().catch(() => undefined);
  });

  it("lists each ship's FuelEU balance and penalty as the fleet page does, and the ETS bill at the price", async () => {
    const res = await get(shore, '/api/v1/fleet/compliance?year=2025&price=70');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ComplianceResponse;
    expect(body.ships).toHaveLength(2);
    expect(body.ships.map((s) => [s.shipId, s.status])).toEqual([
      [SHIPS[0], 'verified'],
      [SHIPS[1], 'provisional'],
    ]);
    expect(body.ships[1]?.unsubmittedRecords).toBeGreaterThan(0);
    for (const s of body.ships) {
      const row = fleet.find((r) => r.shipId === s.shipId) as { fuelEu: Json; etsAllowances: number };
      expect(s.issue).toBeNull();
      expect(s.balanceT).toBeCloseTo(row.fuelEu.complianceBalanceTCo2e as number, 6);
      expect(s.plan?.penaltyAloneEur).toBeCloseTo(row.fuelEu.penaltyEur as number, 4);
      expect(s.ets?.allowances).toBeCloseTo(row.etsAllowances, 6);
      expect(s.ets?.costEur).toBeCloseTo(row.etsAllowances * 70, 4);
    }
    expect(body.totals.etsCostEur).toBeCloseTo(body.totals.allowances * 70, 4);
    expect(body.totals.billEur).toBeCloseTo(body.totals.penaltyEur + body.totals.etsCostEur, 4);
  });

  it('takes what-ifs and fixes, refuses unknown ships and bad input, and exports the allocation', async () => {
    const post = (url: string, payload: Json) => postTo(shore, url, payload);
    const base = { year: 2025, pricePerAllowanceEur: 70 };
    const fixed = await post('/api/v1/fleet/compliance', {
      ...base,
      fixes: [{ shipId: SHIPS[0], fix: 'out' }],
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((fixed.json() as ComplianceResponse).ships[0]?.plan?.poolReason).toBe('fixed_out');
    const unknown = await post('/api/v1/fleet/compliance', {
      ...base,
      fixes: [{ shipId: '1234567', fix: 'in' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details[0].path).toBe('fixes.0.shipId');
    const bad = await post('/api/v1/fleet/compliance', { ...base, pricePerAllowanceEur: -1 });
    expect(bad.statusCode).toBe(400);
    const twice = await post('/api/v1/fleet/compliance', {
      ...base,
      fixes: [
        { shipId: SHIPS[0], fix: 'out' },
        { shipId: SHIPS[0], fix: 'in' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const file = await post('/api/v1/fleet/compliance/export', { ...base, lang: 'zh_CN' });
    expect(file.statusCode, file.body.slice(0, 200)).toBe(200);
    expect(file.headers['content-disposition']).toContain('fueleu-allocation-2025-zh_CN.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(String(wb.worksheets[0]?.getCell('A1').value)).toContain('FuelEU 合并池分摊 2025');
  });

  it('carries a recorded bank and advance into the next year', async () => {
    const put = (payload: Json) => putTo(shore, '/api/v1/fleet/compliance/flexibility', payload);
    expect(
      (await put({ shipId: SHIPS[1], year: 2025, bankedT: 0, borrowedT: 20, penalised: false })).statusCode,
    ).toBe(200);
    expect(
      (await put({ shipId: SHIPS[1], year: 2025, bankedT: 0, borrowedT: 30, penalised: false })).statusCode,
    ).toBe(200);
    expect(
      (await put({ shipId: '1234567', year: 2025, bankedT: 0, borrowedT: 1, penalised: false })).statusCode,
    ).toBe(404);
    expect(
      (await put({ shipId: SHIPS[1], year: 2025, bankedT: -1, borrowedT: 0, penalised: false })).statusCode,
    ).toBe(400);
    const year = new Date().getUTCFullYear();
    const res = await get(shore, `/api/v1/fleet/compliance?year=${year}`);
    expect(res.statusCode, res.body).toBe(200);
    const s = (res.json() as ComplianceResponse).ships.find((x) => x.shipId === SHIPS[1]);
    expect(s?.status).toBe('provisional');
    expect(s?.carriedInT).toBeCloseTo(-33, 9);
    expect(s?.borrowedLastYear).toBe(true);
    expect((await get(shore, `/api/v1/fleet/compliance?year=${year + 1}`)).statusCode).toBe(400);
  });

  it('is on a shore only', async () => {
    expect((await get(ship, '/api/v1/fleet/compliance')).statusCode).toBe(409);
  });
});
