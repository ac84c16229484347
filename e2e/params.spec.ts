import { expect, langs, test } from './fixtures.ts';
import { ParamsPage } from './pages/params-page.ts';

for (const lang of langs) {
  test(`parameter analysis: the track of the last days on the sea chart, coloured by power, trends as CSV in ${lang}`, async ({
    page,
  }) => {
    const params = new ParamsPage(page, lang);
    await params.open();
    await expect(page.getByRole('heading', { name: params.text.title, level: 2 })).toBeVisible();
    await expect(params.summary).toHaveText(params.text.summary, { timeout: 30_000 });
    const points = Number(/(\d+)\D*$/.exec((await params.summary.innerText()).replace(/,/g, ''))![1]);
    expect(points).toBeGreaterThan(100);
    await expect(params.panel('navigationTrack').locator('canvas').first()).toBeVisible();
    await expect(params.panel('keyFactorTrends').locator('canvas').first()).toBeVisible();
    await expect(params.panel('fuelStatistics').getByTestId('stats-fuel')).toHaveText(/^[\d,.]+t$/);
    await params.expectTranslated();
    await params.screen('params');

    // Colour the track by shaft power: the choice goes to the address.
    await page.getByRole('combobox', { name: params.text.colourBy }).click();
    await page.locator('.ant-select-item-option', { hasText: params.text.shaftPower }).first().click();
    await expect(page).toHaveURL(/colour=propulsion\.main\.shaftPower/);
    await expect(params.summary).toHaveText(params.text.summary);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      params.panel('keyFactorTrends').getByRole('button', { name: params.text.exportCsv }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^trends-.*\.csv$/);
    const csv = (await (await download.createReadStream()).toArray()).join('');
    expect(csv.trim().split(/\r?\n/).length).toBeGreaterThan(10);
  });
}
