import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { reportingYear, validShip } from '../testing/factories.ts';
import {
  expect,
  expectNoRawText,
  type Lang,
  langs,
  login,
  openConsole,
  saveScreen,
  test,
} from './fixtures.ts';

/** The first page of a PDF as a PNG beside the screenshots (test-results/screens/<name>.png). */
function pdfScreen(pdf: string, name: string): void {
  const screens = path.join('test-results', 'screens');
  mkdirSync(screens, { recursive: true });
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    pdf,
    path.join(screens, name),
  ]);
}

/** A past year the simulator's short history does not touch. */
/** The year this file owns: no other browser test writes filling records in it. */
const YEAR = 2025;

const tx = {
  en_US: {
    annual: 'Annual emissions',
    ets: 'EU ETS emissions to surrender',
    fuelEu: 'FuelEU Maritime',
    dcsTab: 'IMO DCS report',
    dcs: 'IMO DCS Appendix IX data',
    xlsx: 'Export XLSX',
    pdf: 'Export PDF',
    summarySheet: 'Summary',
    locale: 'en-US',
  },
  zh_CN: {
    annual: '年度排放',
    ets: 'EU ETS 应缴排放',
    fuelEu: 'FuelEU Maritime',
    dcsTab: 'IMO DCS报告',
    dcs: 'IMO DCS 附录 IX 数据',
    xlsx: '导出 XLSX',
    pdf: '导出 PDF',
    summarySheet: '汇总',
    locale: 'zh-CN',
  },
} as const;

const records = reportingYear(YEAR);

test.beforeAll(async ({ request }) => {
  const { dcToken } = await login(request);
  const headers = { authorization: `Bearer ${dcToken}` };
  const ship = await request.put('/api/v1/ship', {
    headers,
    data: {
      ...validShip(),
      netTonnage: 25_000,
      serviceSpeedKn: 16,
      mainEnginePowerKw: 9_000,
      auxEngineCount: 3,
      auxEnginePowerKw: 600,
    },
  });
  expect(ship.ok()).toBe(true);
  const existing = await request.get(`/api/v1/filling/records?year=${YEAR}`, { headers });
  if ((await existing.json()).counts.all > 0) return;
  for (const record of records) {
    const res = await request.post('/api/v1/filling/records', { headers, data: { record } });
    expect(res.status(), await res.text()).toBe(201);
  }
});

/** Clicks an export button and returns the downloaded file's path and name. */
async function download(page: Page, button: string, dir: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const target = path.join(dir, file.suggestedFilename());
  await file.saveAs(target);
  return { target, name: file.suggestedFilename() };
}

for (const lang of langs as Lang[]) {
  test(`report export shows EU MRV / ETS / FuelEU and IMO DCS and downloads XLSX and PDF in ${lang}`, async ({
    page,
  }) => {
    const t = tx[lang];
    const token = await openConsole(page, `/carbon-manage/report?year=${YEAR}`, lang);
    const api = await page.request.get(`/api/v1/reports?regime=eu_mrv&year=${YEAR}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(api.ok()).toBe(true);
    const report = await api.json();
    const fmt = (v: number, d = 2) =>
      v.toLocaleString(t.locale, { minimumFractionDigits: d, maximumFractionDigits: d });

    const annual = page.getByTestId('report-annual');
    await expect(annual.getByRole('heading', { name: t.annual })).toBeVisible();
    await expect(annual).toContainText(fmt(report.totals.ghg.co2T));
    await expect(page.getByTestId('report-ets')).toContainText(fmt(report.ets.allowances));
    await expect(page.getByTestId('report-ets').getByRole('heading', { name: t.ets })).toBeVisible();
    await expect(page.getByTestId('report-fueleu')).toContainText(fmt(report.fuelEu.penaltyEur, 0));
    await expect(page.getByTestId('report-voyages').locator('tbody tr.ant-table-row')).toHaveCount(
      report.voyages.length,
    );
    await expect(page.getByTestId('report-voyages')).toContainText(lang === 'zh_CN' ? '鹿特丹' : 'Rotterdam');
    await expect(page.getByRole('button', { name: t.xlsx })).toBeEnabled();
    await expectNoRawText(page);
    await saveScreen(page, `carbon-report-mrv-${lang}`);

    const dir = path.join('test-results', 'downloads', lang);
    mkdirSync(dir, { recursive: true });
    const xlsx = await download(page, t.xlsx, dir);
    expect(xlsx.name).toBe(`eu-mrv-${YEAR}-9074729-${lang}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(xlsx.target);
    const summary = wb.getWorksheet(t.summarySheet);
    expect(summary).toBeDefined();
    const cells: unknown[] = [];
    summary?.eachRow((row) => cells.push(row.getCell(2).value));
    expect(cells.some((v) => typeof v === 'number' && Math.abs(v - report.totals.ghg.co2T) < 1e-6)).toBe(
      true,
    );

    const pdf = await download(page, t.pdf, dir);
    expect(pdf.name).toBe(`eu-mrv-${YEAR}-9074729-${lang}.pdf`);
    expect(readFileSync(pdf.target).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    pdfScreen(pdf.target, `carbon-report-pdf-mrv-${lang}`);

    await page.getByText(t.dcsTab, { exact: true }).click();
    await expect(page).toHaveURL(/regime=imo_dcs/);
    const dcs = page.getByTestId('report-dcs');
    await expect(dcs.getByRole('heading', { name: t.dcs })).toBeVisible();
    await expect(dcs).toContainText(fmt(9_000, 0));
    await expectNoRawText(page);
    await saveScreen(page, `carbon-report-dcs-${lang}`);
    const dcsPdf = await download(page, t.pdf, dir);
    expect(dcsPdf.name).toBe(`imo-dcs-${YEAR}-9074729-${lang}.pdf`);
    pdfScreen(dcsPdf.target, `carbon-report-pdf-dcs-${lang}`);
  });
}
