import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, expectNoRawText, langs, openConsole, saveScreen, test } from './fixtures.ts';

const tx = {
  en_US: {
    download: 'Download image',
    ok: 'Download',
    live: 'Live',
    state: /^(Running|Stopped)$/,
    reference: 'Shop-test curve',
    ge2: 'G/E 2',
    boiler2: 'Boiler 2',
    title: { me: 'Main engine monitoring', ge: 'Generator monitoring', boiler: 'Boiler monitoring' },
  },
  zh_CN: {
    download: '下载图片',
    ok: '下载',
    live: '实时',
    state: /^(运行|停止)$/,
    reference: '台架试验曲线',
    ge2: '2号发电机',
    boiler2: '2号锅炉',
    title: { me: '主机监测', ge: '发电机监测', boiler: '锅炉监测' },
  },
};

for (const lang of langs) {
  test(`equipment monitoring shows live key factors, curves, status and alarms, and downloads the chart in ${lang}`, async ({
    page,
  }) => {
    const t = tx[lang];
    await openConsole(page, '/eff-monitory/me', lang);
    await expect(page.getByRole('heading', { name: t.title.me })).toBeVisible({ timeout: 20_000 });

    // Key factors live at 1 Hz with their units.
    const factors = page.locator('[data-panel="keyFactors"]');
    await expect(factors.getByText(t.live, { exact: true })).toBeVisible({ timeout: 15_000 });
    const rpm = factors.locator('[data-factor="propulsion.main.revolutions"] dd');
    await expect(rpm).toContainText('rpm');
    await expect(factors.locator('[data-factor="propulsion.main.shaftPower"] dd')).toHaveText(/^-?\d+ kW$/);
    await expect(factors.locator('[data-factor="propulsion.main.exhaustTemperature"] dd')).toHaveText(
      /^-?\d+\.\d °C$/,
    );

    // The SFOC curve with the shop-test reference, the status with running hours, the alarm panel.
    const curve = page.locator('[data-panel="fuelEfficiencyCurve"]');
    await expect(curve.locator('canvas').first()).toBeVisible({ timeout: 15_000 });
    await expect(curve.getByTestId('curve-note')).not.toBeEmpty();
    const status = page.locator('[data-panel="equipmentStatus"] tr[data-unit="me"]');
    await expect(status.locator('.ant-tag')).toHaveText(t.state, { timeout: 15_000 });
    await expect(status).toContainText(/\d+\.\d h/);
    await expect(page.locator('[data-panel="alarmHistory"] .ant-table')).toBeVisible();
    await expectNoRawText(page);
    await saveScreen(page, `monitoring-me-${lang}`);

    // Download the chart as PNG through the confirmation dialog.
    await page.getByRole('button', { name: t.download, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('PNG')).toBeVisible();
    await page.waitForTimeout(400); // let the dialog's opening animation finish for the screenshot
    await saveScreen(page, `monitoring-download-${lang}`);
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
    await page.goto('/eff-monitory/ge');
    await expect(page.getByRole('heading', { name: t.title.ge })).toBeVisible();
    await expect(page.locator('[data-panel="equipmentStatus"] tbody tr')).toHaveCount(3);
    await page.getByText(t.ge2, { exact: true }).first().click();
    const geFactors = page.locator('[data-panel="keyFactors"]');
    await expect(geFactors.locator('[data-factor="electrical.generators.ge2.realPower"] dd')).toContainText(
      'kW',
      {
        timeout: 15_000,
      },
    );
    await expect(page.locator('[data-panel="fuelEfficiencyCurve"] canvas').first()).toBeVisible();
    for (const u of ['ge1', 'ge2', 'ge3'])
      await expect(page.locator(`[data-panel="equipmentStatus"] tr[data-unit="${u}"] .ant-tag`)).toHaveText(
        t.state,
      );
    await expectNoRawText(page);
    await saveScreen(page, `monitoring-ge-${lang}`);

    // Boilers: steam pressure and fuel over the day.
    await page.goto('/eff-monitory/boiler');
    await expect(page.getByRole('heading', { name: t.title.boiler })).toBeVisible();
    await expect(
      page.locator('[data-panel="keyFactors"] [data-factor="steam.boilers.boiler1.steamPressure"] dd'),
    ).toContainText('bar', { timeout: 15_000 });
    await expect(page.locator('[data-panel="fuelEfficiencyCurve"] canvas').first()).toBeVisible();
    await expect(page.locator('[data-panel="equipmentStatus"] tbody tr')).toHaveCount(2);
    await expectNoRawText(page);
    await saveScreen(page, `monitoring-boiler-${lang}`);
    await page.getByText(t.boiler2, { exact: true }).first().click();
    await expect(page.locator('[data-panel="fuelEfficiencyCurve"] canvas').first()).toBeVisible();
    await saveScreen(page, `monitoring-boiler2-${lang}`);
  });
}
