import { expect, langs, test } from './fixtures.ts';
import { ConsumptionPage } from './pages/consumption-page.ts';

for (const lang of langs) {
  test(`consumption distribution: fuel by consumer and mode, a preset range in the address, CSV in ${lang}`, async ({
    page,
  }) => {
    const consumption = new ConsumptionPage(page, lang);
    await consumption.open();
    await expect(page.getByRole('heading', { name: consumption.text.title })).toBeVisible();
    // Six consumers; the simulated main engine has burnt fuel in the browser tests' few days of history.
    await expect(consumption.rows).toHaveCount(6);
    await expect(consumption.summary).toHaveText(consumption.text.summary);
    const me = consumption.rows.filter({ hasText: consumption.text.me });
    const total = Number((await me.locator('td').nth(6).innerText()).replace(/,/g, ''));
    expect(total).toBeGreaterThan(0);
    await expect(consumption.panel('consumptionDistribution').locator('canvas').first()).toBeVisible();
    await expect(consumption.panel('consumptionByMode').locator('canvas').first()).toBeVisible();
    await consumption.expectTranslated();
    await consumption.screen('consumption');

    // A preset puts the range in the address, so the view can be shared.
    await page.locator('.ant-picker-range').click();
    await page.getByText(consumption.text.last7, { exact: true }).click();
    await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
    const url = new URL(page.url());
    const days =
      (Date.parse(url.searchParams.get('to')!) - Date.parse(url.searchParams.get('from')!)) / 86_400_000;
    expect(days).toBe(6);
    await expect(consumption.rows).toHaveCount(6);

    // Every chart saves as a PNG from the button that shows on hover.
    const chart = consumption.panel('consumptionDistribution');
    await chart.hover();
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      chart.getByRole('button', { name: /PNG|下载图片/ }).click(),
    ]);
    expect(png.suggestedFilename()).toMatch(/\.png$/);
    const pngBytes = Buffer.concat(await (await png.createReadStream()).toArray());
    expect(pngBytes.subarray(1, 4).toString()).toBe('PNG');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: consumption.text.exportCsv }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^consumption-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await (await download.createReadStream()).toArray()).join('');
    expect(csv.trim().split(/\r?\n/)).toHaveLength(7);
  });
}
