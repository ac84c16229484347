import type { Locator, Page } from '@playwright/test';
import ciiEn from '../apps/web/src/i18n/locales/en_US/cii.json' with { type: 'json' };
import reportsEn from '../apps/web/src/i18n/locales/en_US/reports.json' with { type: 'json' };
import ciiZh from '../apps/web/src/i18n/locales/zh_CN/cii.json' with { type: 'json' };
import reportsZh from '../apps/web/src/i18n/locales/zh_CN/reports.json' with { type: 'json' };
import { arrival, departure, reportingYear } from '../testing/factories.ts';
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

/**
 * One voyage ledger behind every screen: the same ship-year read off the report page (IMO DCS and EU MRV), the CII
 * statistics (gauge and voyage rows) and the CII report's DCS sample, in both languages, for two years joined by a
 * passage over the turn of the year. The years are this file's own: no other browser test writes records in them.
 */
const YEARS = [2023, 2024] as const;
const labels = { en_US: { reports: reportsEn, cii: ciiEn }, zh_CN: { reports: reportsZh, cii: ciiZh } };
const hfoMdo = (hfo: number, mdo: number) => [
  { fuelType: 'ls_hfo', robT: hfo },
  { fuelType: 'mdo_mgo', robT: mdo },
];
const eea = (portNameEn: string, portInEea: boolean) => ({ portNameEn, portInEea });

/** 2023, a call in Gdansk to the end of the year, then Gdansk → Singapore over 1 January and on to Rotterdam. */
const records = [
  ...reportingYear(2023, { anchorage: true }),
  arrival({
    voyageNumber: '2304',
    ...eea('Gdansk', true),
    eventTime: '2023-03-13T08:00:00Z',
    distanceNm: 650,
    fuel: hfoMdo(1060, 74),
  }),
  departure({
    voyageNumber: '2401',
    ...eea('Gdansk', true),
    eventTime: '2023-12-28T06:00:00Z',
    cargoT: 52_000,
    fuel: hfoMdo(1040, 72),
  }),
  arrival({
    voyageNumber: '2401',
    ...eea('Singapore', false),
    eventTime: '2024-01-20T06:00:00Z',
    distanceNm: 8_400,
    fuel: hfoMdo(440, 64),
  }),
  {
    kind: 'bunkering',
    voyageNumber: '2401',
    regimes: ['imo_dcs'],
    eventTime: '2024-01-21T06:00:00Z',
    portNameEn: 'Singapore',
    bunkers: [{ fuelType: 'ls_hfo', quantityT: 800, sulphurPct: 0.45 }],
  },
  departure({
    voyageNumber: '2402',
    ...eea('Singapore', false),
    eventTime: '2024-01-23T06:00:00Z',
    cargoT: 48_000,
    fuel: hfoMdo(1230, 62),
  }),
  arrival({
    voyageNumber: '2402',
    ...eea('Rotterdam', true),
    eventTime: '2024-02-20T06:00:00Z',
    distanceNm: 8_380,
    fuel: hfoMdo(670, 54),
  }),
  // Bunkered in Rotterdam: the last ROB is above what reports.spec.ts's year enters after these (900 t, 100 t).
  {
    kind: 'bunkering',
    voyageNumber: '2402',
    regimes: ['eu_mrv', 'imo_dcs'],
    eventTime: '2024-02-22T06:00:00Z',
    portNameEn: 'Rotterdam',
    bunkers: [
      { fuelType: 'ls_hfo', quantityT: 300, sulphurPct: 0.45 },
      { fuelType: 'mdo_mgo', quantityT: 50, sulphurPct: 0.08 },
    ],
  },
  departure({
    voyageNumber: '2403',
    ...eea('Rotterdam', true),
    eventTime: '2024-02-24T06:00:00Z',
    cargoT: 30_000,
    fuel: hfoMdo(960, 102),
  }),
];

test.beforeAll(async ({ request }) => {
  const { dcToken } = await login(request);
  const headers = { authorization: `Bearer ${dcToken}` };
  const existing = await request.get('/api/v1/filling/records?year=2023', { headers });
  if ((await existing.json()).counts.all > 0) return;
  for (const record of records) {
    const res = await request.post('/api/v1/filling/records', { headers, data: { record } });
    expect(res.status(), await res.text()).toBe(201);
  }
});

/** A number as the console writes it (grouping commas, a unit after it). */
const numberOf = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''));

/** The value beside a label in a bordered description list. */
async function fact(scope: Locator, label: string): Promise<number> {
  const cell = scope
    .locator('th.ant-descriptions-item-label', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) })
    .locator('xpath=following-sibling::td[1]');
  await expect(cell).toHaveCount(1);
  return numberOf(
    await cell
      .locator('span')
      .first()
      .evaluate((e) => e.firstChild?.textContent ?? e.textContent),
  );
}

async function reportFacts(page: Page, lang: Lang, year: number) {
  const L = labels[lang].reports.fields;
  await openConsole(page, `/carbon-manage/report?year=${year}&regime=imo_dcs`, lang);
  const dcs = page.getByTestId('report-dcs');
  await expect(dcs).toBeVisible();
  const out = { distanceNm: await fact(dcs, L.distance), co2T: await fact(dcs, L.co2) };
  await expectNoRawText(page);
  await saveScreen(page, `ledger-dcs-${year}-${lang}`);
  return out;
}

for (const lang of langs) {
  for (const year of YEARS) {
    test(`one ledger: ${year}'s figures agree on the report, CII statistics and the CII report in ${lang}`, async ({
      page,
    }) => {
      const C = labels[lang].cii.statistics;
      const dcs = await reportFacts(page, lang, year);
      expect(dcs.distanceNm).toBeGreaterThan(0);

      // EU MRV: the categories add up to the year's CO2 (each shown to 0.01 t).
      await page.goto(`/carbon-manage/report?year=${year}&regime=eu_mrv`);
      const annual = page.getByTestId('report-annual');
      await expect(annual).toBeVisible();
      const R = labels[lang].reports.fields;
      const parts = await Promise.all(
        [R.atBerth, R.intraEea, R.outgoing, R.incoming].map((l) => fact(annual, l)),
      );
      const mrvCo2 = await fact(annual, R.co2);
      expect(Math.abs(parts.reduce((a, b) => a + b, 0) - mrvCo2)).toBeLessThanOrEqual(0.021);

      // CII statistics, the year's gauge: CO2 and distance to the tonne and mile.
      await page.goto(`/carbon-manage/cii-statistics?year=${year}`);
      const summary = page.getByTestId('cii-summary');
      await expect(summary).toBeVisible();
      const bold = summary.locator('b');
      expect(numberOf(await bold.nth(2).textContent())).toBe(Math.round(dcs.co2T));
      expect(numberOf(await bold.nth(3).textContent())).toBe(Math.round(dcs.distanceNm));

      // The CII report's DCS sample: the same distance and CO2 to 0.1.
      await page.getByRole('button', { name: `${C.viewReport} ${C.reports.dcs}` }).click();
      const sample = page.getByTestId('cii-report-dcs');
      await expect(sample).toBeVisible();
      expect(await fact(sample, C.dcs.distance)).toBeCloseTo(dcs.distanceNm, 1);
      expect(await fact(sample, C.dcs.co2)).toBeCloseTo(Math.round(dcs.co2T * 10) / 10, 1);
      await page.keyboard.press('Escape');

      // By voyage: the rows (each to 0.1 t) add up to the gauge, which is the year's total.
      await page.goto(`/carbon-manage/cii-statistics?year=${year}&dimension=voyage`);
      const rows = page.getByTestId('cii-voyages').locator('tbody tr.ant-table-row');
      await expect(rows.first()).toBeVisible();
      const head = await page.getByTestId('cii-voyages').locator('thead th').allTextContents();
      const co2Col = head.findIndex((h) => h.startsWith(`${C.fields.co2} (t)`));
      expect(co2Col).toBeGreaterThan(0);
      const cells = await rows.evaluateAll(
        (trs, i) => trs.map((tr) => tr.children[i]?.textContent ?? ''),
        co2Col,
      );
      const sum = cells.map(numberOf).reduce((a, b) => a + b, 0);
      expect(Math.abs(sum - dcs.co2T)).toBeLessThanOrEqual(0.05 * cells.length + 0.01);
      expect(numberOf(await page.getByTestId('cii-summary').locator('b').nth(2).textContent())).toBe(
        Math.round(dcs.co2T),
      );
      await expectNoRawText(page);
      await saveScreen(page, `ledger-cii-voyages-${year}-${lang}`);
    });
  }
}
