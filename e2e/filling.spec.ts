import { arrival, departure, validShip } from '../testing/factories.ts';
import { expect, langs, login, openConsole, saveScreen, test } from './fixtures.ts';

const tx = {
  en_US: {
    add: 'Add',
    departure: 'Departure',
    save: 'Save',
    essential: 'Essential info error, please check again.',
    portPrompt: 'Please enter the port name',
    report: 'Report',
    selectData: 'Please select data',
    added: 'Successfully added',
    reported: 'Report successfully',
    search: 'Search records',
    port: 'Port name (English)',
    cargo: 'Departure cargo weight (t)',
    ballast: 'Departure ballast (t)',
    voyage: 'Voyage number',
    time: 'Departure time (UTC+8)',
    rob: 'ROB (t)',
    del: 'Delete',
    delConfirm: 'Do you really want to delete this column?',
    reportType:
      'The data type is incorrect. Only data types such as departure, end of anchorage, and end of drift can be reported',
    ok: 'OK',
  },
  zh_CN: {
    add: '新增',
    departure: '离港',
    save: '保存',
    essential: '必要信息有误,请重新检查。',
    portPrompt: '请输入港口名称',
    report: '上报',
    selectData: '请选择数据',
    added: '添加成功',
    reported: '上报成功',
    search: '搜索记录',
    port: '港口名称(英文)',
    cargo: '离港载货量(t)',
    ballast: '离港压载水(t)',
    voyage: '航次号',
    time: '离港时间(UTC+8)',
    rob: '存量(t)',
    del: '删除',
    delConfirm: '确定要删除该条数据吗?',
    reportType: '数据类型有误,仅离港、抛锚结束、漂航结束类型的数据可以上报',
    ok: '确定',
  },
};

test.beforeAll(async ({ request }) => {
  const { dcToken } = await login(request);
  const res = await request.put('/api/v1/ship', {
    headers: { authorization: `Bearer ${dcToken}` },
    data: {
      ...validShip(),
      fuelTypes: [
        { fuelType: 'ls_hfo', maxCapacityT: 2500 },
        { fuelType: 'mdo_mgo', maxCapacityT: 500 },
      ],
    },
  });
  expect(res.ok()).toBe(true);
});

for (const lang of langs) {
  test(`the add flow prompts, saves and reports a departure in ${lang}`, async ({ page }) => {
    const t = tx[lang];
    await openConsole(page, '/carbon-manage/filling', lang);
    const mrv = page.locator('[data-regime="eu_mrv"]');
    await page.getByRole('button', { name: t.report }).first().click();
    await expect(page.getByText(t.selectData)).toBeVisible();

    await page.getByRole('button', { name: t.add, exact: true }).hover();
    await page.getByRole('menuitem', { name: t.departure, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t.voyage, { exact: true }).fill(lang === 'en_US' ? '2301' : '2302');
    await dialog.getByRole('button', { name: t.save, exact: true }).click();
    await expect(page.getByText(t.essential)).toBeVisible();
    await expect(dialog.getByText(t.portPrompt)).toBeVisible();
    await saveScreen(page, `carbon-filling-prompts-${lang}`);

    await dialog.getByLabel(t.port, { exact: true }).fill('Rotterdam');
    await dialog.getByLabel(t.cargo, { exact: true }).fill('70000');
    await dialog.getByLabel(t.ballast, { exact: true }).fill('0');
    await dialog.getByLabel(t.rob).first().fill('900');
    await dialog.getByLabel(t.rob).nth(1).fill('200');
    await dialog.getByLabel(t.time, { exact: true }).click();
    // The information filling checks chain every record in time (ROB arithmetic, a departure after an
    // arrival): each language's departure is the earliest record when it is added (en runs first).
    // This file's records lie before carbon-report.spec.ts's year (2025) and leave an arrival with
    // ample ROB last, so that file's first departure checks clean after them.
    await page.keyboard.type(lang === 'en_US' ? '2018-03-02 16:00' : '2017-04-02 16:00');
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: t.save, exact: true }).click();
    await expect(page.getByText(t.added)).toBeVisible();
    const voyage = lang === 'en_US' ? '2301' : '2302';
    // Every year's records are listed newest first: the crew finds an old voyage by its number.
    await mrv.getByRole('textbox', { name: t.search }).fill(voyage);
    const row = mrv.getByRole('row').filter({ hasText: 'Rotterdam' }).filter({ hasText: voyage });
    await expect(row).toBeVisible();
    await saveScreen(page, `carbon-filling-list-${lang}`);

    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: t.report }).first().click();
    await expect(page.getByText(t.reported)).toBeVisible();
  });
}

for (const [i, lang] of langs.entries()) {
  test(`only departures and ends of anchorage or drift can be reported, and delete asks first, in ${lang}`, async ({
    page,
  }) => {
    const t = tx[lang];
    const { dcToken } = await login(page.request);
    const headers = { authorization: `Bearer ${dcToken}` };
    const voyage = `23${90 + i}`;
    const gdansk = { voyageNumber: voyage, portNameEn: 'Gdansk', cargoT: 50_000 };
    for (const body of [
      arrival({
        ...gdansk,
        eventTime: `202${i}-06-01T08:00:00Z`,
        fuel: [{ fuelType: 'ls_hfo', robT: 2000 }],
      }),
      departure({
        ...gdansk,
        eventTime: `202${i}-06-02T08:00:00Z`,
        fuel: [{ fuelType: 'ls_hfo', robT: 1990, consumedT: 10 }],
      }),
    ]) {
      const res = await page.request.post('/api/v1/filling/records', {
        headers,
        data: { draft: true, record: body },
      });
      expect(res.status()).toBe(201);
    }
    await openConsole(page, '/carbon-manage/filling', lang);
    const mrv = page.locator('[data-regime="eu_mrv"]');
    await mrv.getByRole('textbox', { name: t.search }).fill(voyage);
    const rows = mrv.getByRole('row').filter({ hasText: voyage });
    await expect(rows).toHaveCount(2);

    // An arrival cannot be reported: the spec's message, word for word.
    await rows
      .filter({ hasText: `202${i}-06-01` })
      .getByRole('checkbox')
      .check();
    // The first Report button is the EU MRV panel's.
    await page.getByRole('button', { name: t.report, exact: true }).first().click();
    await expect(page.getByText(t.reportType)).toBeVisible();
    await saveScreen(page, `carbon-filling-report-type-${lang}`);

    // Delete asks first; confirmed, the row goes.
    await rows
      .filter({ hasText: `202${i}-06-02` })
      .getByRole('button', { name: t.del, exact: true })
      .click();
    const confirm = page.getByRole('dialog').filter({ hasText: t.delConfirm });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: t.ok, exact: true }).click();
    await expect(rows).toHaveCount(1);
  });
}
