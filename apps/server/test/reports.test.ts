import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import type { ReportResponse } from '@ecohelm/contracts';
import {
  aggregatePeriod,
  buildLedger,
  dcsReport,
  etsAllowances,
  type FillingRecord,
  fuelEuCompliance,
  fuelEuGhgIntensity,
  type LedgerEvent,
} from '@ecohelm/domain';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainStay, reportingYear, validShip } from '../../../testing/factories.ts';
import { buildReportDocument } from '../src/features/reports/reports.document.ts';
import { writeReportPdf } from '../src/features/reports/reports.pdf.ts';
import { get, postRecord, put } from './http.ts';
import { createTestApp, storeKinds, type TestApp, viewerAuth } from './stores.ts';

const records = reportingYear(2025, { anchorage: true });

/** The same year written by hand as the domain's records (independent of the server's mapping). */
const P = (nameEn: string, inEea: boolean) => ({ nameEn, inEea });
const hand: FillingRecord[] = [
  domainStay(
    'a',
    '2501',
    ['2025-01-10T08:00:00Z', '2025-01-10T08:00:00Z'],
    [
      [900, 100],
      [900, 100],
    ],
    {
      port: P('Rotterdam', true),
      departureCargoT: 70_000,
    },
  ),
  domainStay(
    'b',
    '2502',
    ['2025-02-05T08:00:00Z', '2025-02-08T08:00:00Z'],
    [
      [500, 90],
      [1500, 88],
    ],
    {
      port: P('Shanghai', false),
      distanceNm: 10_000,
      departureCargoT: 60_000,
      bunkers: [{ fuelId: 'ls_hfo', quantityT: 1010 }],
    },
  ),
  domainStay(
    'c',
    '2503',
    ['2025-03-05T08:00:00Z', '2025-03-07T08:00:00Z'],
    [
      [1100, 80],
      [1090, 78],
    ],
    {
      port: P('Hamburg', true),
      distanceNm: 10_500,
      departureCargoT: 50_000,
      shorePowerKwh: 5_000,
    },
  ),
  domainStay(
    'd',
    '2503',
    ['2025-03-07T20:00:00Z', '2025-03-08T02:00:00Z'],
    [
      [1086, 77],
      [1085, 76.5],
    ],
    {
      type: 'anchorage_end',
      departureCargoT: 50_000,
    },
  ),
  domainStay(
    'e',
    '2504',
    ['2025-03-08T12:00:00Z', '2025-03-10T08:00:00Z'],
    [
      [1080, 76],
      [1075, 75],
    ],
    {
      port: P('Antwerp', true),
      distanceNm: 320,
      departureCargoT: 40_000,
    },
  ),
];

/** The hand-written stays as the ledger's events: the start (arrival, anchorage start), bunkering, the end. */
function eventsOf(records: readonly FillingRecord[]): LedgerEvent[] {
  return records.flatMap((r): LedgerEvent[] => {
    const start = Date.parse(r.arrivalUtc ?? r.departureUtc ?? '');
    const end = Date.parse(r.departureUtc ?? '');
    const base = { voyageNumber: r.voyageNumber, ...(r.port ? { port: r.port } : {}) };
    const opening: LedgerEvent[] =
      r.type === 'departure'
        ? start < end
          ? [
              {
                ...base,
                id: `${r.id}-arr`,
                kind: 'arrival',
                atMs: start,
                distanceNm: r.distanceNm,
                robT: r.robArrivalT,
              },
            ]
          : []
        : [{ ...base, id: `${r.id}-start`, kind: 'anchorage_start', atMs: start, robT: r.robArrivalT }];
    const bunkers: LedgerEvent[] = r.bunkers?.length
      ? [{ ...base, id: `${r.id}-bunker`, kind: 'bunkering', atMs: start, transfers: r.bunkers }]
      : [];
    const kind = r.type === 'departure' ? 'departure' : 'anchorage_end';
    const closing: LedgerEvent = {
      ...base,
      id: r.id,
      kind,
      atMs: end,
      robT: r.robDepartureT,
      ...(r.departureCargoT !== undefined ? { cargoT: r.departureCargoT } : {}),
      ...(r.shorePowerKwh !== undefined ? { shorePowerKwh: r.shorePowerKwh } : {}),
    };
    return [...opening, ...bunkers, closing];
  });
}
const handLedger = () => buildLedger(eventsOf(hand));

describe.each(storeKinds)('EU MRV / IMO DCS reports on %s', (kind) => {
  let t: TestApp;
  const report = async (regime: string, year = 2025) => {
    const res = await get(t, `/api/v1/reports?regime=${regime}&year=${year}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ReportResponse;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers 409 ship_incomplete before the ship basic info, and 401 without a token', async () => {
    const res = await get(t, '/api/v1/reports?regime=eu_mrv&year=2025');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.details).toEqual({ reason: 'ship_incomplete' });
    expect((await get(t, '/api/v1/reports?regime=eu_mrv&year=2025', {} as never)).statusCode).toBe(401);
    const bad = await get(t, '/api/v1/reports?regime=eu_ets&year=2025');
    expect(bad.statusCode).toBe(400);
  });

  it('stores the year of records', async () => {
    const ship = {
      ...validShip(),
      mainEnginePowerKw: 9_000,
      auxEngineCount: 3,
      auxEnginePowerKw: 600,
      netTonnage: 25_000,
    };
    expect((await put(t, '/api/v1/ship', ship)).statusCode).toBe(200);
    for (const record of records) {
      const res = await postRecord(t, record);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().checkState, JSON.stringify(res.json().issues)).not.toBe('error');
    }
  });

  it('EU MRV totals, ETS and FuelEU agree with packages/domain recomputed from the records', async () => {
    const r = await report('eu_mrv');
    const all = handLedger();
    // MRV covers voyages to or from the EEA and stays at berth there, not the call in Shanghai.
    const v = { legs: all.legs.filter((l) => l.euShare > 0), stays: all.stays.filter((s) => s.euShare > 0) };
    expect(v.stays.length).toBeLessThan(all.stays.length);
    const totals = aggregatePeriod(v, { from: '2025-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' });
    expect(r.recordCount).toBe(records.length);
    // The anchorage on the way from Hamburg to Antwerp is a stop on that passage, not a passage of its own.
    expect(r.voyages).toHaveLength(3);
    expect(r.voyages.map((x) => x.euType)).toEqual(['outgoing', 'incoming', 'intra_eea']);
    // A passage carries the voyage number of the departure that opens it.
    expect(r.voyages.map((x) => x.voyageNumber)).toEqual(['2501', '2502', '2503']);
    expect(r.ruleSet).toBe('eu-mrv:2015/757+2016/2072+2023/957');
    expect(r.issues).toEqual([]);
    // MRV Art. 10: the categories add up to the total; the ETS scope follows the rule.
    const cats =
      r.totals.intraEea.co2T + r.totals.incoming.co2T + r.totals.outgoing.co2T + r.totals.atBerthEea.co2T;
    expect(cats).toBeCloseTo(r.totals.ghg.co2T, 9);
    const rule =
      r.totals.intraEea.co2T +
      r.totals.atBerthEea.co2T +
      0.5 * (r.totals.incoming.co2T + r.totals.outgoing.co2T);
    expect(r.totals.euScope.co2T).toBeCloseTo(rule, 9);
    for (const k of ['co2T', 'ch4T', 'n2oT', 'co2eT'] as const) {
      expect(r.totals.ghg[k]).toBeCloseTo(totals.ghg[k], 9);
      expect(r.totals.euScope[k]).toBeCloseTo(totals.euScope[k], 9);
      expect(r.totals.atBerthEea[k]).toBeCloseTo(totals.atBerthEea[k], 9);
    }
    expect(r.totals.ghg.co2T).toBeGreaterThan(0);
    expect(r.totals.atBerthEea.co2T).toBeGreaterThan(0);
    expect(r.totals.distanceNm).toBeCloseTo(20_820, 9);
    for (const [f, t] of Object.entries(totals.fuelT)) expect(r.totals.fuelT[f]).toBeCloseTo(t, 9);
    expect(r.stays.map((s) => s.port?.nameEn)).not.toContain('Shanghai');
    expect(r.includesNonCo2).toBe(true);

    const ets = etsAllowances({
      year: 2025,
      euScopeCo2T: totals.euScope.co2T,
      euScopeCh4T: totals.euScope.ch4T,
      euScopeN2oT: totals.euScope.n2oT,
    });
    expect(r.ets).toMatchObject({ phaseInPercent: 70, gases: 'CO2' });
    expect(r.ets?.allowances).toBeCloseTo(ets.allowances, 9);
    expect(r.ets?.allowances).toBeCloseTo(totals.euScope.co2T * 0.7, 9);

    const intensity = fuelEuGhgIntensity({
      year: 2025,
      fuels: Object.entries(totals.euScopeFuelT).map(([fuelId, massT]) => ({ fuelId, massT })),
      electricityMj: 5_000 * 3.6,
    });
    const cb = fuelEuCompliance({
      year: 2025,
      ghgIntensity: intensity.ghgIntensity,
      energyMj: intensity.energyMj,
    });
    expect(r.fuelEu?.status).toBe('ok');
    expect(r.fuelEu?.ghgIntensityGCo2ePerMj).toBeCloseTo(intensity.ghgIntensity, 9);
    expect(r.fuelEu?.complianceBalanceTCo2e).toBeCloseTo(cb.complianceBalanceTCo2e, 6);
    expect(r.fuelEu?.penaltyEur).toBeCloseTo(cb.penaltyEur, 6);
    expect(r.dcs).toBeNull();
  });

  it('IMO DCS appendix IX agrees with dcsReport on the same totals', async () => {
    const r = await report('imo_dcs');
    const totals = aggregatePeriod(handLedger(), {
      from: '2025-01-01T00:00:00Z',
      to: '2026-01-01T00:00:00Z',
    });
    const expected = dcsReport({
      ship: {
        imoNumber: '9074729',
        shipType: 'bulk_carrier',
        grossTonnage: 44_000,
        netTonnage: 25_000,
        deadweightT: 82_000,
        engines: [
          { kind: 'main', ratedPowerKw: 9_000 },
          ...[1, 2, 3].map(() => ({ kind: 'auxiliary' as const, ratedPowerKw: 600 })),
        ],
      },
      year: 2025,
      totals,
      method: 'bdn',
    });
    expect(r.dcs?.co2T).toBeCloseTo(expected.co2T, 9);
    expect(r.dcs?.fuelByTypeT).toEqual(expected.fuelByTypeT);
    expect(r.dcs).toMatchObject({
      mainEnginePowerKw: 9_000,
      auxiliaryEnginePowerKw: 1_800,
      distanceNm: expected.distanceNm,
      method: 'bdn',
    });
    expect(r.ets).toBeNull();
    // Fuel not under way by IMO fuel type, like the consumption (hfo, diesel_gas_oil).
    expect(Object.keys(r.dcs?.fuelNotUnderwayT ?? {}).sort()).toEqual(
      Object.keys(expected.fuelByTypeT).sort(),
    );
    const notUnderway = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
    expect(notUnderway(r.dcs?.fuelNotUnderwayT ?? {})).toBeCloseTo(notUnderway(expected.fuelNotUnderwayT), 9);
  });

  it('exports an XLSX whose cells carry the report figures (both languages)', async () => {
    const r = await report('eu_mrv');
    for (const [lang, summary, co2Label] of [
      ['en_US', 'Summary', 'CO2 emissions'],
      ['zh_CN', '汇总', 'CO2 排放量'],
    ] as const) {
      const res = await get(t, `/api/v1/reports/export?regime=eu_mrv&year=2025&format=xlsx&lang=${lang}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toContain(
        `attachment; filename="eu-mrv-2025-9074729-${lang}.xlsx"`,
      );
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as never);
      const ws = wb.getWorksheet(summary);
      expect(ws).toBeDefined();
      const values = new Map<string, unknown>();
      ws?.eachRow((row) => values.set(String(row.getCell(1).value), row.getCell(2).value));
      expect(values.get(co2Label)).toBeCloseTo(r.totals.ghg.co2T, 9);
      const voyages = wb.worksheets[1];
      expect(voyages?.rowCount).toBeGreaterThanOrEqual(4 + 4);
    }
  });

  it('exports a PDF; the Chinese one is set in the CJK font', async () => {
    for (const lang of ['en_US', 'zh_CN']) {
      const res = await get(t, `/api/v1/reports/export?regime=imo_dcs&year=2025&format=pdf&lang=${lang}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const pdf = res.rawPayload;
      if (process.env.REPORTS_DUMP) writeFileSync(`${process.env.REPORTS_DUMP}/dcs-${lang}.pdf`, pdf);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      if (lang === 'zh_CN')
        expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+(NotoSansCJK|WenQuanYi)/);
    }
  });

  it('names the IMO fuel classes in Chinese in the zh_CN document, and the PDF headers wrap instead of cutting', async () => {
    const r = await report('imo_dcs');
    const zh = buildReportDocument(r, 'zh_CN');
    const cells = JSON.stringify(zh.sections.flatMap((sec) => sec.rows));
    expect(cells).not.toMatch(/Heavy Fuel Oil|Diesel\/Gas Oil/);
    expect(cells).toMatch(/重质燃料油 \(HFO\)|柴油\/船用轻柴油/);
    // A header far wider than its column: the PDF keeps all of it (wrapped), no ellipsis.
    const long = 'Distance sailed in the reporting period';
    const doc = {
      ...zh,
      sections: [
        {
          sheet: 'T',
          title: 'T',
          columns: [{ header: long, width: 14, kind: 'number' as const }],
          rows: [[1]],
        },
      ],
    };
    const pdf = await writeReportPdf(doc as typeof zh, null);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The text as a reader gets it (poppler's pdftotext, where installed): every word of the header, no ellipsis.
    if (existsSync('/usr/bin/pdftotext')) {
      const text = execFileSync('/usr/bin/pdftotext', ['-', '-'], { input: pdf }).toString('utf8');
      expect(text.replace(/\s+/g, ' ')).toContain(long);
      expect(text).not.toContain('…');
    }
  });

  it('packs the verifier package: the report, the records, the trace re-adding to the totals', async () => {
    for (const regime of ['eu_mrv', 'imo_dcs'] as const) {
      const r = await report(regime);
      const res = await get(t, `/api/v1/reports/export?regime=${regime}&year=2025&format=zip&lang=en_US`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      const zip = await JSZip.loadAsync(res.rawPayload);
      const name = `${regime === 'eu_mrv' ? 'eu-mrv' : 'imo-dcs'}-2025-9074729-en_US`;
      for (const f of [
        `${name}.xlsx`,
        `${name}.pdf`,
        'trace.csv',
        'factors.csv',
        'records-filling.csv',
        'README.txt',
      ])
        expect(zip.file(f), f).not.toBeNull();
      const trace = parse(await zip.file('trace.csv')!.async('string'), {
        bom: true,
        columns: true,
      }) as Record<string, string>[];
      const lines = trace.filter((l) => l.part !== 'total');
      const total = trace.find((l) => l.part === 'total')!;
      expect(lines).toHaveLength(r.voyages.length + r.stays.length);
      const add = (k: string) => lines.reduce((a, l) => a + Number(l[k]), 0);
      // The trace re-adds to the report: every line, and its own total line.
      expect(add('co2_t')).toBeCloseTo(r.totals.ghg.co2T, 6);
      expect(Number(total.co2_t)).toBeCloseTo(r.totals.ghg.co2T, 6);
      expect(add('distance_nm')).toBeCloseTo(r.totals.distanceNm, 6);
      expect(add('eu_scope_co2_t')).toBeCloseTo(r.totals.euScope.co2T, 6);
      expect(Number(total.eu_scope_co2_t)).toBeCloseTo(r.totals.euScope.co2T, 6);
      for (const l of lines) expect(l.rule_set).toBe(r.ruleSet);
      // The audit trail: every record of the year was created through the API, by the test's device.
      const audit = parse(await zip.file('audit-trail.csv')!.async('string'), {
        bom: true,
        columns: true,
      }) as Record<string, string>[];
      expect(audit.filter((a) => a.entity === 'filling' && a.action === 'create').length).toBe(
        records.length,
      );
      const filling = parse(await zip.file('records-filling.csv')!.async('string'), {
        bom: true,
        columns: true,
      });
      expect(filling).toHaveLength(records.length);
    }
  });

  it('answers 503 cjk_font_missing for a Chinese PDF when no CJK font is installed', async () => {
    const before = process.env.ECOHELM_CJK_FONT;
    process.env.ECOHELM_CJK_FONT = '/nonexistent/font.ttc';
    try {
      const res = await get(t, '/api/v1/reports/export?regime=eu_mrv&year=2025&format=pdf&lang=zh_CN');
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({
        code: 'unavailable',
        details: { reason: 'cjk_font_missing' },
      });
      const en = await get(t, '/api/v1/reports/export?regime=eu_mrv&year=2025&format=pdf&lang=en_US');
      expect(en.statusCode).toBe(200);
    } finally {
      if (before === undefined) delete process.env.ECOHELM_CJK_FONT;
      else process.env.ECOHELM_CJK_FONT = before;
    }
  });

  it('lets a viewer read and export reports', async () => {
    const viewer = await viewerAuth(t);
    expect((await get(t, '/api/v1/reports?regime=imo_dcs&year=2025', viewer)).statusCode).toBe(200);
  });
});
