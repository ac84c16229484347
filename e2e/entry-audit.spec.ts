import { arrival as arrivalRecord, departure as departureRecord } from '../testing/factories.ts';
import { buttonName, expect, langs, login, openConsole, saveScreen, test } from './fixtures.ts';
import { EnergyReportPage } from './pages/energy-report-page.ts';

const text = {
  en_US: {
    beforeBuild: "The date is before the ship's build date.",
    history: 'History',
    historyTitle: 'Record history',
    created: 'Created',
    device: 'Device BRIDGE-01',
  },
  zh_CN: {
    beforeBuild: '日期早于船舶建造日期。',
    history: '历史',
    historyTitle: '记录历史',
    created: '新增',
    device: '设备 BRIDGE-01',
  },
} as const;

/** `YYYY-MM-DD HH:mm` in ship time (UTC+8) `daysAgo` days back at `hour`. */
const shipTime = (daysAgo: number, hour: number) => {
  const d = new Date(Date.now() + 8 * 3_600_000 - daysAgo * 86_400_000);
  return `${d.toISOString().slice(0, 10)} ${String(hour).padStart(2, '0')}:00`;
};

for (const lang of langs) {
  test(`entry: a bunker record dated 1900 is refused at the field, and its history opens from the row, in ${lang}`, async ({
    page,
  }) => {
    const report = new EnergyReportPage(page, lang);
    const words = text[lang];
    await report.open();
    const supplier = `Audit Bunkers ${lang}`;
    const dialog = await report.addBunker();
    await report.fillBunker(dialog, { supplier, start: '1900-01-01 10:00', end: '1900-01-01 14:00' });
    await dialog.getByRole('button', { name: report.text.save }).click();
    // The server's reason at the field, in the console's language; what was entered stays.
    await expect(dialog.getByText(words.beforeBuild).first()).toBeVisible();
    await expect(dialog.getByLabel(report.text.fields.supplier)).toHaveValue(supplier);
    await report.screen('entry-bunker-before-build');

    await report.fillTimes(dialog, shipTime(2, 10), shipTime(2, 14));
    await dialog.getByRole('button', { name: report.text.save }).click();
    await expect(page.getByText(report.text.added)).toBeVisible();
    const row = report.bunkerRows.filter({ hasText: supplier });
    await expect(row).toHaveCount(1);

    // The record's history: created by this console's device, with the fields it was created with.
    await row.getByRole('button', { name: buttonName(words.history) }).click();
    const history = page.getByRole('dialog', { name: words.historyTitle });
    await expect(history).toBeVisible();
    const entry = history.locator('.audit-history tbody tr.ant-table-row');
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(words.created);
    await expect(entry).toContainText(words.device);
    await expect(entry).toContainText(`supplier: — → ${supplier}`);
    await report.expectTranslated();
    await report.screen('entry-bunker-history');
    await page.keyboard.press('Escape');
    await expect(history).toHaveCount(0);

    await row.getByRole('button', { name: report.text.delete }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: report.text.delete }).click();
    await expect(row).toHaveCount(0);
  });
}

const deleteText = {
  en_US: { del: 'Delete', ok: 'OK', needs: 'needs this record', search: 'Search records' },
  zh_CN: { del: '删除', ok: '确定', needs: '依赖此记录', search: '搜索记录' },
} as const;

for (const [i, lang] of langs.entries()) {
  test(`entry: the arrival under a submitted departure cannot be deleted, and the message names the departure, in ${lang}`, async ({
    page,
  }) => {
    const words = deleteText[lang];
    const { dcToken } = await login(page.request);
    const headers = { authorization: `Bearer ${dcToken}` };
    const voyage = `237${i + 1}`;
    // After filling.spec.ts's years (2017–2021) and before reports.spec.ts's (2025), ending with an arrival of ample
    // ROB, so that the records the other browser tests add after these still check clean.
    const month = `2024-0${5 + i}`;
    const rob = 1850 - 100 * i;
    const common = { voyageNumber: voyage, portNameEn: 'Gdansk', cargoT: 50_000 };
    // A ROB within the simulated ship's 1,900 t tank and above what the other browser tests enter later.
    const arrival = await page.request.post('/api/v1/filling/records', {
      headers,
      data: {
        record: arrivalRecord({
          ...common,
          eventTime: `${month}-01T08:00:00Z`,
          fuel: [{ fuelType: 'ls_hfo', robT: rob }],
        }),
      },
    });
    expect(arrival.status(), await arrival.text()).toBe(201);
    const departure = await page.request.post('/api/v1/filling/records', {
      headers,
      data: {
        record: departureRecord({
          ...common,
          eventTime: `${month}-02T08:00:00Z`,
          fuel: [{ fuelType: 'ls_hfo', robT: rob }],
        }),
      },
    });
    expect(departure.status(), await departure.text()).toBe(201);
    const next = await page.request.post('/api/v1/filling/records', {
      headers,
      data: {
        record: arrivalRecord({
          ...common,
          voyageNumber: `238${i + 1}`,
          eventTime: `${month}-05T08:00:00Z`,
          distanceNm: 600,
          fuel: [{ fuelType: 'ls_hfo', robT: rob - 50 }],
        }),
      },
    });
    expect(next.status(), await next.text()).toBe(201);
    const reported = await page.request.post('/api/v1/filling/records/report', {
      headers,
      data: { ids: [(await departure.json()).id] },
    });
    expect(reported.status(), await reported.text()).toBe(200);

    await openConsole(page, '/carbon-manage/filling', lang);
    const mrv = page.locator('[data-regime="eu_mrv"]');
    // Every year's records are listed newest first (eight to a page): the voyage is found by its number.
    await mrv.getByRole('textbox', { name: words.search }).fill(voyage);
    const rows = mrv.getByRole('row').filter({ hasText: voyage });
    await expect(rows).toHaveCount(2);
    await rows
      .filter({ hasText: `${month}-01` })
      .getByRole('button', { name: words.del, exact: true })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: words.ok, exact: true }).click();
    // The departure that needs it, by voyage and ship time (UTC+8); both records stay as they were.
    await expect(page.getByText(new RegExp(`${voyage}.*${month}-02 16:00.*${words.needs}`))).toBeVisible();
    await saveScreen(page, `entry-delete-refused-${lang}`);
    await expect(rows).toHaveCount(2);
  });
}
