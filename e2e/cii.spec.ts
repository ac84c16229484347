import { expect, expectNoRawText, langs, openConsole, saveScreen, test } from './fixtures.ts';

const tx = {
  en_US: {
    week: 'Week',
    voyage: 'Voyage',
    search: 'Search',
    viewSeemp: 'View report SEEMP Part III',
    viewDcs: 'View report IMO DCS reporting format',
    viewTrial: 'View report Trial CII',
    seempPlan: 'Three-year implementation plan: required and attained CII',
    dcsImo: 'IMO number',
    reduction: 'Reduction factor Z',
    simulate: 'Simulate',
    speedMsg: 'Please enter the sailing speed',
    daysMsg: 'Please enter the expected sailing days',
    speed: 'Sailing speed (kn)',
    days: 'Expected sailing days',
    compare: 'Compare with speeds (kn)',
    highest: 'Highest average speed keeping rating',
    noSpeed: 'No speed keeps rating',
  },
  zh_CN: {
    week: '周',
    voyage: '航次',
    search: '查询',
    viewSeemp: '查看报告 SEEMP 第三部分',
    viewDcs: '查看报告 IMO DCS 报告格式',
    viewTrial: '查看报告 CII 试算',
    seempPlan: '三年实施计划:要求CII与达到CII',
    dcsImo: 'IMO编号',
    reduction: '折减系数Z',
    simulate: '模拟',
    speedMsg: '请输入航速',
    daysMsg: '请输入预计航行天数',
    speed: '航速 (kn)',
    days: '预计航行天数',
    compare: '对比航速 (kn)',
    highest: '保持',
    noSpeed: '今年没有航速能保持',
  },
};

for (const lang of langs) {
  test(`CII statistics shows the gauge, trend, voyages and report samples in ${lang}`, async ({ page }) => {
    const t = tx[lang];
    await openConsole(page, '/carbon-manage/cii-statistics', lang);
    const gauge = page.locator('[data-panel="ciiGauge"]');
    await expect(gauge.getByRole('img')).toBeVisible();
    await expect(page.getByTestId('cii-summary')).toBeVisible();
    await expect(page.locator('[data-panel="ciiTrend"]').getByRole('img')).toBeVisible();
    await expectNoRawText(page);
    await saveScreen(page, `carbon-cii-statistics-${lang}`);

    await page.getByText(t.week, { exact: true }).click();
    await expect(page).toHaveURL(/unit=week/);
    await page.getByText(t.voyage, { exact: true }).first().click();
    await expect(page).toHaveURL(/dimension=voyage/);
    await page.getByRole('button', { name: t.search, exact: true }).click();
    await expectNoRawText(page);
    await saveScreen(page, `carbon-cii-voyages-${lang}`);

    await page.getByRole('button', { name: t.viewSeemp }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(t.seempPlan)).toBeVisible();
    await expect(dialog.getByTestId('cii-report-seemp').getByRole('row')).not.toHaveCount(0);
    await expectNoRawText(page);
    await saveScreen(page, `carbon-cii-seemp-${lang}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: t.viewDcs }).click();
    await expect(page.getByTestId('cii-report-dcs').getByText(t.dcsImo, { exact: true })).toBeVisible();
    await saveScreen(page, `carbon-cii-dcs-${lang}`);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: t.viewTrial }).click();
    await expect(page.getByTestId('cii-report-trial').getByText(t.reduction)).toBeVisible();
    await expectNoRawText(page);
    await saveScreen(page, `carbon-cii-trial-${lang}`);
  });

  test(`CII simulator requires speed and days and compares speeds in ${lang}`, async ({ page }) => {
    const t = tx[lang];
    await openConsole(page, '/carbon-manage/cii-simulator', lang);
    await page.getByRole('button', { name: t.simulate }).click();
    await expect(page.getByText(t.speedMsg, { exact: true })).toBeVisible();
    await expect(page.getByText(t.daysMsg, { exact: true })).toBeVisible();
    await saveScreen(page, `carbon-cii-simulator-required-${lang}`);

    await page.getByLabel(t.speed, { exact: true }).fill('12');
    await page.getByLabel(t.days, { exact: true }).fill('60');
    const compare = page.getByLabel(t.compare, { exact: true });
    await compare.fill('10');
    await page.keyboard.press('Enter');
    await compare.fill('14');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: t.simulate }).click();
    const rows = page.getByTestId('cii-scenarios').locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(3);
    await expect(page.getByTestId('cii-max-speed')).toContainText(new RegExp(`${t.highest}|${t.noSpeed}`));
    await expect(page.locator('[data-panel="simulatorChart"]').getByRole('img')).toBeVisible();
    await expectNoRawText(page);
    await saveScreen(page, `carbon-cii-simulator-${lang}`);
  });
}
