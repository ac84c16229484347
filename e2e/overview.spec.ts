import { expect, expectNoRawText, langs, login, openConsole, saveScreen, test } from './fixtures.ts';

const tx = {
  en_US: {
    settings: 'Settings',
    bunker: 'Bunker record (fuel oil / diesel oil / lube oil)',
    dialogTitle: 'Overview settings',
    tooMany: 'At most four factors can be selected',
    save: 'Save',
    saved: 'Settings saved',
    power: 'Shaft power',
    inside: /Inside|Outside ECA/,
  },
  zh_CN: {
    settings: '设置',
    bunker: '燃油存量（燃料油 / 柴油 / 润滑油）',
    dialogTitle: '总览设置',
    tooMany: '最多只能选择四个因素',
    save: '保存',
    saved: '设置已保存',
    power: '轴功率',
    inside: /位于|排放控制区外/,
  },
};

test.beforeAll(async ({ request }) => {
  // The CII panel needs the ship's type and deadweight (the simulator's pre-fill writes them once
  // its history is in; the browser-test server's history is short, so make sure here).
  const { dcToken } = await login(request);
  const headers = { authorization: `Bearer ${dcToken}` };
  const ship = await (await request.get('/api/v1/ship', { headers })).json();
  if (!ship.complete) {
    const res = await request.put('/api/v1/ship', {
      headers,
      data: {
        mmsi: '413000002',
        imoNumber: '9074729',
        nameEn: 'ECO HELM',
        shipType: 'bulk_carrier',
        flagState: 'Panama',
        deadweightT: 57_000,
        fuelTypes: [{ fuelType: 'ls_hfo' }, { fuelType: 'mdo_mgo' }],
        consumptionMethod: 'flow_meter',
      },
    });
    expect(res.ok()).toBe(true);
  }
});

for (const lang of langs) {
  test(`the overview shows live figures from the store and keeps four factors in ${lang}`, async ({
    page,
  }) => {
    const t = tx[lang];
    await openConsole(page, '/overview', lang);
    const cii = page.locator('[data-panel="ciiRating"]');
    await expect(cii.getByText(/^[A-E]$/).first()).toBeVisible({ timeout: 20_000 });
    const nav = page.locator('[data-panel="navigationStatus"]');
    // Live at 1 Hz: the shaft power shows a number with its unit.
    await expect(nav.getByText('kW')).toBeVisible({ timeout: 15_000 });
    // Live at 1 Hz: the six values change within a few seconds.
    const reading = () => nav.locator('.ant-statistic-content').allInnerTexts();
    const before = (await reading()).join('|');
    await expect.poll(async () => (await reading()).join('|'), { timeout: 10_000 }).not.toBe(before);
    await expect(page.locator('[data-panel="ecaWarning"]').getByText(t.inside)).toBeVisible();
    await expect(page.locator('[data-panel="bunkerRecord"]').getByRole('row')).toHaveCount(4);
    await expect(page.locator('[data-panel="factorStatistics"] [data-factor]')).toHaveCount(4);
    await expect(
      page.locator('[data-panel="alarmStatistics"]').getByText(/\d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}/),
    ).toBeVisible();
    await expectNoRawText(page);
    await page.waitForTimeout(1500); // let the charts finish drawing for the screenshot
    await saveScreen(page, `overview-${lang}`);

    // A fifth factor is refused with the rule; four or fewer are saved for this console.
    await page.getByRole('button', { name: t.settings, exact: true }).click();
    const dialog = page.getByRole('dialog');
    const select = dialog.getByLabel(/Factors|因素/);
    await select.click();
    await page.keyboard.type('Heading');
    await page.keyboard.press('Enter');
    await expect(dialog.getByText(t.tooMany)).toBeVisible();
    await saveScreen(page, `overview-settings-${lang}`);
    const removeTag = dialog.locator('.ant-select-selection-item-remove');
    await removeTag.last().click();
    await removeTag.last().click();
    await expect(dialog.getByText(t.tooMany)).toHaveCount(0);
    await dialog.getByText(t.dialogTitle).click(); // closes the dropdown
    // What the overview shows: hide the bunker record on this console.
    await dialog.getByRole('checkbox', { name: t.bunker }).uncheck();
    await dialog.getByRole('button', { name: t.save, exact: true }).click();
    await expect(page.getByText(t.saved)).toBeVisible();
    await expect(page.locator('[data-panel="bunkerRecord"]')).toHaveCount(0);
    await expect(page.locator('[data-panel="factorStatistics"] [data-factor]')).toHaveCount(3);
    await page.reload();
    await expect(page.locator('[data-panel="factorStatistics"] [data-factor]')).toHaveCount(3);
    // Back to four for the next run.
    await page.getByRole('button', { name: t.settings, exact: true }).click();
    await page
      .getByRole('dialog')
      .getByLabel(/Factors|因素/)
      .click();
    await page.keyboard.type('ME fuel flow HFO');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByText(t.dialogTitle).click();
    await page.getByRole('dialog').getByRole('checkbox', { name: t.bunker }).check();
    await page.getByRole('dialog').getByRole('button', { name: t.save, exact: true }).click();
    await expect(page.locator('[data-panel="bunkerRecord"]')).toHaveCount(1);
    await expect(page.locator('[data-panel="factorStatistics"] [data-factor]')).toHaveCount(4);
  });
}
