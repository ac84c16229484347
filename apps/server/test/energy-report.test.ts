import { energyReportResponseSchema } from '@ecohelm/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnergyReportService } from '../src/features/energy-report/energy-report.service.ts';
import { prefillFillingRecords } from '../src/simulator/prefill-filling.ts';
import { simulateHistory } from './sim-history.ts';
import { createTestApp, storeKinds, type TestApp } from './stores.ts';

const KINDS = ['hfo', 'lfo', 'mgo'] as const;

describe('fuel oil report on simulated history', () => {
  let t: TestApp;
  const now = Date.parse('2026-06-01T00:00:00Z');
  const service = () =>
    new EnergyReportService(
      { telemetry: t.services.telemetry, records: t.services.records, ledger: t.services.ledger },
      { shipTimeOffsetMinutes: 480, now: () => now },
    );

  beforeAll(async () => {
    t = await createTestApp(storeKinds[0]!);
    await simulateHistory(t, now, 60);
    const { voyages, ships, filling, records } = t.services;
    await prefillFillingRecords({ voyages, ships, filling, records });
  }, 300_000);
  afterAll(() => t?.close());

  it('balances each tank day by day: remaining on board follows bunkers less consumption', async () => {
    const body = energyReportResponseSchema.parse(await service().report({ period: 'day' }));
    expect(body.rows).toHaveLength(30);
    // Ship days start at 00:00 UTC+8.
    expect(body.rows[0]!.from.slice(11)).toBe('16:00:00.000Z');
    expect(body.rows.at(-1)!.label).toBe('2026-06-01');
    // Days with a delivery are left out: the simulator's bunker records and its tank readings differ by some
    // minutes, as a delivery note and the soundings do on board.
    const deliveries = await t.services.records.listBunker({ limit: 1000 });
    const delivering = (from: string, to: string) =>
      deliveries.some(
        (d) =>
          Date.parse(d.startTime) - 3_600_000 < Date.parse(to) &&
          Date.parse(d.endTime) + 3_600_000 > Date.parse(from),
      );
    let checked = 0;
    for (let i = 1; i < body.rows.length; i++) {
      const [a, b] = [body.rows[i - 1]!, body.rows[i]!];
      if (delivering(b.from, b.to)) continue;
      for (const k of KINDS) {
        if (a.robT[k] === null || b.robT[k] === null) continue;
        const expected = a.robT[k]! + b.bunkeredT[k] - b.consumedT[k];
        // Tanks are read every 30 minutes: a day's balance closes within a tonne or 3 % of its burn.
        expect(Math.abs(b.robT[k]! - expected), `${b.label} ${k}`).toBeLessThan(
          Math.max(1, 0.03 * b.consumedT[k]),
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
    const burnt = KINDS.reduce((s, k) => s + body.total.consumedT[k], 0);
    const byConsumer = Object.values(body.total.byConsumerT).reduce((s, v) => s + v, 0);
    expect(byConsumer).toBeCloseTo(burnt, 6);
    expect(burnt / 30).toBeGreaterThan(5);
  });

  it('reports ship months and voyages, with every delivery of the range bunkered in them', async () => {
    const months = energyReportResponseSchema.parse(
      await service().report({ period: 'month', from: '2026-04-01T00:00:00.000Z' }),
    );
    expect(months.rows.map((r) => r.label)).toEqual(['2026-04', '2026-05', '2026-06']);
    expect(months.rows[1]!.from).toBe('2026-04-30T16:00:00.000Z');
    const voyages = energyReportResponseSchema.parse(await service().report({ period: 'voyage' }));
    expect(voyages.rows.length).toBeGreaterThan(0);
    for (const v of voyages.rows) expect(v.distanceNm).not.toBeNull();
    const bunkers = await t.services.records.listBunker({ limit: 1000 });
    const inRange = bunkers.filter(
      (b) =>
        Date.parse(b.endTime) >= Date.parse(months.from) && Date.parse(b.endTime) < Date.parse(months.to),
    );
    const bunkered = KINDS.reduce((s, k) => s + months.total.bunkeredT[k], 0);
    expect(bunkered).toBeCloseTo(
      inRange.reduce((s, b) => s + b.quantityT, 0),
      6,
    );
  });

  it('gives each voyage the fuel, and the year the figures, every other screen gives (one voyage ledger)', async () => {
    const get = async (url: string) => {
      const res = await t.app.inject({ url, headers: t.auth });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const energy = energyReportResponseSchema.parse(await service().report({ period: 'voyage' }));
    const cii = await get('/api/v1/cii/statistics?dimension=voyage&unit=month&year=2026');
    const rows = new Map<string, { fuelT: number; distanceNm: number; co2T: number }>(
      cii.voyages.map((v: { voyageNumber: string }) => [v.voyageNumber, v]),
    );
    let compared = 0;
    for (const r of energy.rows) {
      const c = rows.get(r.label);
      // Voyages wholly in 2026 are listed whole by both.
      if (!c || Date.parse(r.from) < Date.UTC(2026, 0, 1)) continue;
      expect(KINDS.reduce((a, k) => a + r.consumedT[k], 0)).toBeCloseTo(c.fuelT, 6);
      expect(r.distanceNm).toBeCloseTo(c.distanceNm, 6);
      compared++;
    }
    expect(compared).toBeGreaterThan(0);
    // The year: DCS report, the CII report's DCS section, the CII statistics (its gauge and the sum of its rows).
    const dcs = await get('/api/v1/reports?regime=imo_dcs&year=2026');
    const report = await get('/api/v1/cii/report?year=2026');
    const annual = await get('/api/v1/cii/statistics?dimension=annual&unit=month&year=2026');
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    for (const distance of [
      report.dcs.distanceNm,
      annual.summary.distanceNm,
      cii.summary.distanceNm,
      sum(cii.voyages.map((v: { distanceNm: number }) => v.distanceNm)),
      sum(dcs.voyages.map((v: { distanceNm: number }) => v.distanceNm)),
    ])
      expect(distance).toBeCloseTo(dcs.totals.distanceNm, 6);
    for (const co2 of [
      report.dcs.co2T,
      annual.summary.co2T,
      cii.summary.co2T,
      sum(cii.voyages.map((v: { co2T: number }) => v.co2T)),
    ])
      expect(co2).toBeCloseTo(dcs.totals.ghg.co2T, 6);
    expect(report.dcs.transportWorkTNm).toBeCloseTo(dcs.totals.transportWorkTNm, 3);
    expect(dcs.issues).toEqual([]);
    const mrv = await get('/api/v1/reports?regime=eu_mrv&year=2026');
    expect(mrv.issues).toEqual([]);
    const tot = mrv.totals;
    expect(tot.intraEea.co2T + tot.incoming.co2T + tot.outgoing.co2T + tot.atBerthEea.co2T).toBeCloseTo(
      tot.ghg.co2T,
      6,
    );
  });

  it('exports the same figures as XLSX and a PDF, and refuses an unknown period', async () => {
    const q = 'period=month&from=2026-04-01T00:00:00.000Z&to=2026-06-01T00:00:00.000Z';
    const json = (await t.app.inject({ url: `/api/v1/energy-report?${q}`, headers: t.auth })).json();
    const xlsx = await t.app.inject({
      url: `/api/v1/energy-report/export?${q}&format=xlsx&lang=en_US`,
      headers: t.auth,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('fuel-oil-report-month');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Consumption')!;
    const rows: unknown[][] = [];
    sheet.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    const april = rows.find((r) => r[0] === '2026-04')!;
    expect(april[1]).toBeCloseTo(json.rows[0].consumedT.hfo, 9);
    const pdf = await t.app.inject({
      url: `/api/v1/energy-report/export?${q}&format=pdf&lang=en_US`,
      headers: t.auth,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const bad = await t.app.inject({ url: '/api/v1/energy-report?period=week', headers: t.auth });
    expect(bad.statusCode).toBe(400);
  });
});
