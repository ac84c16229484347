import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, langs, test } from './fixtures.ts';
import { MonitoringPage } from './pages/monitoring-page.ts';

for (const lang of langs) {
  test(`equipment monitoring shows live key factors, curves, status and alarms, and downloads the chart in ${lang}`, async ({
    page,
  }) => {
    const monitoring = new MonitoringPage(page, lang);
    const t = monitoring.text;
    await monitoring.open('me');
    await expect(monitoring.heading('me')).toBeVisible({ timeout: 20_000 });

    // Key factors live at 1 Hz with their units.
    await expect(monitoring.panel('keyFactors').getByText(t.live, { exact: true })).toBeVisible({
      timeout: 15_000,
    });
    await expect(monitoring.factor('propulsion.main.revolutions')).toContainText('rpm');
    await expect(monitoring.factor('propulsion.main.shaftPower')).toHaveText(/^-?\d+ kW$/);
    await expect(monitoring.factor('propulsion.main.exhaustTemperature')).toHaveText(/^-?\d+\.\d °C$/);

    // The SFOC curve with the shop-test reference, the status with running hours, the alarm panel.
    await expect(monitoring.curve()).toBeVisible({ timeout: 15_000 });
    await expect(monitoring.panel('fuelEfficiencyCurve').getByTestId('curve-note')).not.toBeEmpty();
    const status = monitoring.statusRow('me');
    await expect(status.locator('.ant-tag')).toHaveText(t.state, { timeout: 15_000 });
    await expect(status).toContainText(/\d+\.\d h/);
    await expect(monitoring.panel('alarmHistory').locator('.ant-table')).toBeVisible();
    await monitoring.expectTranslated();
    await monitoring.screen('monitoring-me');

    // Download the chart as PNG through the confirmation dialog.
    const dialog = await monitoring.openDownload();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('PNG')).toBeVisible();
    await page.waitForTimeout(400); // let the dialog's opening animation finish for the screenshot
    await monitoring.screen('monitoring-download');
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: t.ok, exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('ecohelm-me-sfoc.png');
    const file = path.join('test-results', `monitoring-${lang}.png`);
    await download.saveAs(file);
    const png = readFileSync(file);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.length).toBeGreaterThan(5_000);

    // Generators: three units, each with its status; switch to G/E 2.
    await monitoring.show('ge');
    await expect(monitoring.heading('ge')).toBeVisible();
    await expect(monitoring.statusRows()).toHaveCount(3);
    await monitoring.selectUnit(t.ge2);
    await expect(monitoring.factor('electrical.generators.ge2.realPower')).toContainText('kW', {
      timeout: 15_000,
    });
    await expect(monitoring.curve()).toBeVisible();
    for (const u of ['ge1', 'ge2', 'ge3'])
      await expect(monitoring.statusRow(u).locator('.ant-tag')).toHaveText(t.state);
    await monitoring.expectTranslated();
    await monitoring.screen('monitoring-ge');

    // Boilers: steam pressure and fuel over the day.
    await monitoring.show('boiler');
    await expect(monitoring.heading('boiler')).toBeVisible();
    // The page opens on the boiler that runs (either).
    await expect(
      monitoring
        .factor('steam.boilers.boiler1.steamPressure')
        .or(monitoring.factor('steam.boilers.boiler2.steamPressure')),
    ).toContainText('bar', {
      timeout: 15_000,
    });
    await expect(monitoring.curve()).toBeVisible();
    await expect(monitoring.statusRows()).toHaveCount(2);
    await monitoring.expectTranslated();
    await monitoring.screen('monitoring-boiler');
    await monitoring.selectUnit(t.boiler2);
    await expect(monitoring.curve()).toBeVisible();
    await monitoring.screen('monitoring-boiler2');
  });
}
