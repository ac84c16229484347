import { readFileSync, writeFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  carriedOf,
  compliancePlanOf,
  complianceWorkbook,
  type ShipYear,
} from '../src/features/compliance/index.ts';

/** The worked example of docs/regulations.md through the server's plan and its XLSX. */
const ship = (
  shipId: string,
  name: string,
  ghg: number,
  energy: number,
  co2T: number,
  next?: number,
): ShipYear => ({
  shipId,
  name,
  nameZh: null,
  imoNumber: shipId,
  status: 'verified',
  issue: null,
  unsubmittedRecords: 0,
  fuels: [],
  electricityMj: 0,
  berthFuels: [],
  euScope: { co2T, ch4T: 0, n2oT: 0 },
  carriedInT: 0,
  priorPenaltyYears: 0,
  borrowedLastYear: false,
  given: { ghgIntensity: ghg, energyMj: energy, nextGhgIntensity: next ?? ghg, nextEnergyMj: energy },
});
const example = [
  ship('9000001', 'Aurora', 80, 2e8, 11_000),
  ship('9000002', 'Borealis', 91, 5e8, 38_000, 85),
  ship('9000003', 'Cygnus', 92, 6e8, 46_000),
];
const options = {
  year: 2026,
  yearElapsed: 1,
  pricePerAllowanceEur: 80,
  fixes: [],
  whatIf: [],
  allocationRule: 'proportional' as const,
  now: new Date('2027-02-01T00:00:00Z'),
};
const r2 = (x: number | null | undefined) => Math.round((x ?? Number.NaN) * 100) / 100;

describe('fleet compliance plan (worked example of docs/regulations.md)', () => {
  const plan = compliancePlanOf(example, options);

  it('gives the example numbers', () => {
    expect(plan.ships.map((s) => r2(s.balanceT))).toEqual([1867.36, -831.6, -1597.92]);
    expect(plan.pool?.members).toEqual(['9000001', '9000003']);
    expect(plan.ships.map((s) => s.plan?.poolReason)).toEqual(['donor', 'no_gain', 'covered']);
    expect(r2(plan.ships[1]?.plan?.borrowT)).toBe(831.6);
    expect(r2(plan.ships[0]?.plan?.bankT)).toBe(269.44);
    expect(r2(plan.totals.penaltyAloneEur)).toBe(1551638.47);
    expect(r2(plan.totals.penaltyEur)).toBe(0);
    expect(r2(plan.totals.savedEur)).toBe(1653308.88);
    expect(r2(plan.totals.allowances)).toBe(95000);
    expect(r2(plan.totals.etsCostEur)).toBe(7600000);
    expect(r2(plan.totals.billEur)).toBe(7600000);
    expect(r2(plan.pool?.pricePerTEur)).toBe(636.27);
    expect(plan.ships.map((s) => r2(s.plan?.settlementEur))).toEqual([-1016704.14, 0, 1016704.14]);
  });

  it("is the web page test's fixture (ECOHELM_RECORD_FIXTURES=1 writes it anew)", () => {
    const file = new URL('../../web/src/test/fixtures/compliance-example.json', import.meta.url);
    if (process.env.ECOHELM_RECORD_FIXTURES === '1')
      writeFileSync(file, `${JSON.stringify(plan, null, 2)}\n`);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(JSON.parse(JSON.stringify(plan)));
  });

  it('writes the same numbers and the rule to the XLSX, in both languages', async () => {
    for (const lang of ['en_US', 'zh_CN'] as const) {
      const file = await complianceWorkbook(plan, lang);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.body as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      const rows = ws.getSheetValues().filter(Boolean) as unknown as unknown[][];
      const byName = (name: string) => rows.find((r) => r[1] === name)!;
      // Columns: 7 balance, 10 transfer, 11 borrowed, 12 banked, 13 penalty alone, 14 penalty, 15 EUA, 16 ETS cost, 17 settlement.
      const aurora = byName('Aurora');
      const borealis = byName('Borealis');
      const cygnus = byName('Cygnus');
      expect(r2(aurora[7] as number)).toBe(1867.36);
      expect(r2(aurora[10] as number)).toBe(-1597.92);
      expect(r2(aurora[12] as number)).toBe(269.44);
      expect(r2(aurora[17] as number)).toBe(-1016704.14);
      expect(r2(borealis[11] as number)).toBe(831.6);
      expect(r2(borealis[13] as number)).toBe(534934.33);
      expect(r2(cygnus[13] as number)).toBe(1016704.14);
      expect(r2(cygnus[14] as number)).toBe(0);
      expect(r2(cygnus[17] as number)).toBe(1016704.14);
      const total = rows.find((r) => r[1] === (lang === 'zh_CN' ? '船队合计' : 'Fleet total'))!;
      expect(r2(total[13] as number)).toBe(1551638.47);
      expect(r2(total[15] as number)).toBe(95000);
      expect(r2(total[16] as number)).toBe(7600000);
      const rule = rows.at(-1)!;
      expect(String(rule[2])).toContain('2023/1805');
      expect(String(rule[2])).toContain(lang === 'zh_CN' ? '第21条' : 'Art. 21');
    }
  });

  it('the fixes, the equal-price rule and what earlier years carry in', () => {
    const fixed = compliancePlanOf(example, {
      ...options,
      allocationRule: 'equal_price',
      fixes: [{ shipId: '9000003', fix: 'out' }],
    });
    expect(fixed.ships[2]?.plan?.poolReason).toBe('fixed_out');
    expect(fixed.totals.penaltyEur).toBeGreaterThan(0);
    expect(
      carriedOf(
        [
          { shipId: 'x', year: 2024, bankedT: 0, borrowedT: 0, penalised: true },
          { shipId: 'x', year: 2025, bankedT: 10, borrowedT: 5, penalised: true },
        ],
        'x',
        2026,
      ),
    ).toEqual({ carriedInT: 10 - 5.5, priorPenaltyYears: 2, borrowedLastYear: true });
  });

  it('a what-if on the rest of the year changes the intensity with the same domain functions', () => {
    const hfo: ShipYear = {
      ...example[2]!,
      given: undefined,
      status: 'provisional',
      fuels: [{ fuelId: 'hfo', massT: 5000 }],
      berthFuels: [{ fuelId: 'hfo', massT: 500 }],
    };
    const base = compliancePlanOf([hfo], { ...options, yearElapsed: 0.5 });
    const lng = compliancePlanOf([hfo], {
      ...options,
      yearElapsed: 0.5,
      whatIf: [{ shipId: hfo.shipId, fuelId: 'lng', sharePercent: 50, shorePowerPercent: 100 }],
    });
    expect(base.ships[0]?.energyMj).toBeCloseTo(2 * (base.ships[0]?.energyMjYtd ?? 0), 0);
    expect(lng.ships[0]?.ghgIntensity).toBeLessThan(base.ships[0]?.ghgIntensity ?? 0);
    expect(lng.ships[0]?.ets?.allowances).toBeLessThan(base.ships[0]?.ets?.allowances ?? 0);
    expect(lng.ships[0]?.whatIfApplied).toBe(true);
  });
});
