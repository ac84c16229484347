import { arrival, departure, validShip } from '../testing/factories.ts';
import { expect, langs, login, test } from './fixtures.ts';
import { OverviewPage } from './pages/overview-page.ts';

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
        ...validShip(),
        mmsi: '413000002',
        flagState: 'Panama',
        deadweightT: 57_000,
        fuelTypes: [{ fuelType: 'ls_hfo' }, { fuelType: 'mdo_mgo' }],
        consumptionMethod: 'flow_meter',
      },
    });
    expect(res.ok()).toBe(true);
  }
  // The CII panel is the voyage ledger's: a passage this year, before the simulator's short history (in the first nine
  // days of a year it falls in the year before). Written once per server.
  const day = 86_400_000;
  const at = (daysAgo: number) =>
    new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - daysAgo * day).toISOString();
  const existing = await (await request.get('/api/v1/filling/records', { headers })).json();
  if (!existing.records.some((r: { voyageNumber: string }) => r.voyageNumber === 'OV01')) {
    for (const record of [
      departure({ voyageNumber: 'OV01', eventTime: at(9), fuel: [{ fuelType: 'ls_hfo', robT: 900 }] }),
      arrival({
        voyageNumber: 'OV01',
        portNameEn: 'Gdansk',
        portInEea: true,
        eventTime: at(7),
        distanceNm: 650,
        fuel: [{ fuelType: 'ls_hfo', robT: 868 }],
      }),
      departure({
        voyageNumber: 'OV02',
        portNameEn: 'Gdansk',
        portInEea: true,
        eventTime: at(6.5),
        fuel: [{ fuelType: 'ls_hfo', robT: 866 }],
      }),
    ]) {
      const saved = await request.post('/api/v1/filling/records', { headers, data: { record } });
      expect(saved.status(), await saved.text()).toBe(201);
    }
  }
});

for (const lang of langs) {
  test(`the overview shows live figures from the store and keeps four factors in ${lang}`, async ({
    page,
  }) => {
    const overview = new OverviewPage(page, lang);
    const t = overview.text;
    await overview.open();
    await expect(overview.ciiRating()).toBeVisible({ timeout: 20_000 });
    // Live at 1 Hz: the shaft power shows a number with its unit.
    await expect(overview.panel('navigationStatus').getByText('kW')).toBeVisible({ timeout: 15_000 });
    // Live at 1 Hz: the six values change within a few seconds.
    const before = (await overview.navigationValues()).join('|');
    await expect
      .poll(async () => (await overview.navigationValues()).join('|'), { timeout: 10_000 })
      .not.toBe(before);
    await expect(overview.panel('ecaWarning').getByText(t.inside)).toBeVisible();
    await expect(overview.panel('bunkerRecord').getByRole('row')).toHaveCount(4);
    await expect(overview.factors()).toHaveCount(4);
    await expect(overview.panel('factorStatistics').getByText(t.shaftSpeed, { exact: true })).toBeVisible();
    await expect(
      overview.panel('alarmStatistics').getByText(/\d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}/),
    ).toBeVisible();
    await overview.expectTranslated();
    await page.waitForTimeout(1500); // let the charts finish drawing for the screenshot
    await overview.screen('overview');

    // A fifth factor is refused with the rule; four or fewer are saved for this console.
    const dialog = await overview.openSettings();
    await overview.addFactor(t.heading);
    await expect(dialog.getByText(t.tooMany)).toBeVisible();
    await overview.screen('overview-settings');
    await overview.removeLastFactor();
    await overview.removeLastFactor();
    await expect(dialog.getByText(t.tooMany)).toHaveCount(0);
    await overview.closePicker();
    // What the overview shows: hide the bunker record on this console.
    await overview.bunkerToggle().uncheck();
    await overview.saveSettings();
    await expect(page.getByText(t.saved)).toBeVisible();
    await expect(overview.panel('bunkerRecord')).toHaveCount(0);
    await expect(overview.factors()).toHaveCount(3);
    await page.reload();
    await expect(overview.factors()).toHaveCount(3);
    // Back to four for the next run.
    await overview.openSettings();
    await overview.addFactor(t.hfoFlow);
    await overview.closePicker();
    await overview.bunkerToggle().check();
    await overview.saveSettings();
    await expect(overview.panel('bunkerRecord')).toHaveCount(1);
    await expect(overview.factors()).toHaveCount(4);
  });
}
