import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, langs, login, test } from './fixtures.ts';
import { MonitoringPage } from './pages/monitoring-page.ts';
import { OverviewPage } from './pages/overview-page.ts';

const bell = { en_US: 'Notifications', zh_CN: '消息中心' } as const;
const home = { en_US: 'Portal home', zh_CN: '返回门户首页' } as const;
const help = {
  en_US: {
    title: 'Help',
    sections: [
      'What each screen shows',
      'Where the numbers come from',
      'How to connect a ship',
      'Offline use',
    ],
  },
  zh_CN: { title: '帮助', sections: ['各页面显示的内容', '数字从何而来', '如何接入船舶', '离线使用'] },
} as const;
const center = { en_US: 'Message center', zh_CN: '消息中心' } as const;

for (const lang of langs) {
  test(`the bell on the overview opens the message center in ${lang}`, async ({ page }) => {
    const overview = new OverviewPage(page, lang);
    await overview.open();
    await expect(overview.panel('ciiRating')).toBeVisible({ timeout: 20_000 });
    for (let i = 0; i < 3; i++) {
      await page.getByRole('button', { name: bell[lang] }).click();
      await expect(page).toHaveURL(/\/notification$/);
      await expect(page.getByRole('heading', { name: center[lang], exact: true })).toBeVisible({
        timeout: 15_000,
      });
      await expect(overview.panel('ciiRating')).toHaveCount(0);
      await overview.screen('new-user-bell');
      await page.goBack();
      await expect(overview.panel('ciiRating')).toBeVisible({ timeout: 15_000 });
    }
  });

  test(`the header's home link opens the help page in ${lang}`, async ({ page }) => {
    const overview = new OverviewPage(page, lang);
    await overview.open();
    await expect(overview.panel('ciiRating')).toBeVisible({ timeout: 20_000 });
    await page.getByRole('link', { name: home[lang] }).click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(page.getByRole('heading', { name: help[lang].title, level: 2 })).toBeVisible({
      timeout: 15_000,
    });
    for (const section of help[lang].sections)
      await expect(page.getByRole('heading', { name: section, level: 3 })).toBeVisible();
    await overview.expectTranslated();
    await overview.screen('new-user-help');
    // The last part can be scrolled to.
    const last = page.getByRole('heading', { name: help[lang].sections.at(-1), level: 3 });
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();
    await overview.screen('new-user-help-end');
  });

  test(`both boilers' "Download image" save a PNG in ${lang}`, async ({ page }) => {
    const monitoring = new MonitoringPage(page, lang);
    await monitoring.open('boiler');
    await expect(monitoring.heading('boiler')).toBeVisible({ timeout: 20_000 });
    for (const [unit, label] of [
      ['boiler1', monitoring.text.boiler1],
      ['boiler2', monitoring.text.boiler2],
    ] as const) {
      await monitoring.selectUnit(label);
      await expect(monitoring.panel('fuelEfficiencyCurve').locator('canvas, .ant-empty').first()).toBeVisible(
        {
          timeout: 15_000,
        },
      );
      const dialog = await monitoring.openDownload();
      const downloading = page.waitForEvent('download', { timeout: 10_000 });
      await dialog.getByRole('button', { name: monitoring.text.ok, exact: true }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`ecohelm-${unit}-steam-fuel.png`);
      const file = path.join('test-results', `new-user-${unit}-${lang}.png`);
      await download.saveAs(file);
      const png = readFileSync(file);
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      await monitoring.screen(`new-user-${unit}`);
    }
  });
}

test('a portal link with the device token: stored, out of the address bar, and no 401 before the session', async ({
  page,
}) => {
  const { dcToken } = await login(page.request);
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 401) refused.push(r.url());
  });
  await page.goto(`/overview?dcToken=${dcToken}`);
  await expect(page.locator('[data-panel="ciiRating"]')).toBeVisible({ timeout: 20_000 });
  expect(page.url()).not.toContain('dcToken');
  expect(new URL(page.url()).pathname).toBe('/overview');
  expect(await page.evaluate(() => localStorage.getItem('dcToken'))).toBe(dcToken);
  await page.waitForTimeout(1_000);
  expect(refused).toEqual([]);
});

for (const lang of langs) {
  test(`the overview's factor sparklines have a scale and a tooltip in ship time with the unit in ${lang}`, async ({
    page,
  }) => {
    const overview = new OverviewPage(page, lang);
    await overview.open();
    const first = overview.panel('factorStatistics').locator('[data-factor]').first();
    const canvas = first.locator('canvas').first();
    await expect(canvas).toBeVisible({ timeout: 20_000 });
    await page.waitForTimeout(3_000); // the lines' drawing animation
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
    const tooltip = first
      .locator('div')
      .filter({ hasText: /\(UTC[+-]\d+/ })
      .last();
    await expect(tooltip).toBeVisible({ timeout: 5_000 });
    const text = await tooltip.innerText();
    expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UTC[+-]\d+\)/);
    expect(text).not.toMatch(/T\d{2}:\d{2}:\d{2}\.\d{3}Z/);
    expect(text).not.toMatch(/\d\.\d{3,}/);
    await overview.screen('new-user-factor-tooltip');
  });
}

for (const lang of langs) {
  test(`the generator and boiler pages open on a unit that runs in ${lang}`, async ({ page }) => {
    const monitoring = new MonitoringPage(page, lang);
    for (const equipment of ['ge', 'boiler'] as const) {
      if (equipment === 'ge') await monitoring.open('ge');
      else await monitoring.show('boiler');
      await expect(monitoring.heading(equipment)).toBeVisible({ timeout: 20_000 });
      await expect(monitoring.statusRows().first().locator('.ant-tag')).toHaveText(monitoring.text.state, {
        timeout: 15_000,
      });
      const rows = monitoring.statusRows();
      const states = await rows.locator('.ant-tag').allInnerTexts();
      const firstRunning = states.findIndex((s) => /^(Running|运行)$/.test(s));
      if (firstRunning < 0) continue;
      const name = (await rows.nth(firstRunning).locator('th, td').first().innerText()).trim();
      await expect(page.getByRole('radio', { name, checked: true })).toBeAttached({ timeout: 10_000 });
      await monitoring.screen(`new-user-opens-${equipment}`);
    }
  });
}
