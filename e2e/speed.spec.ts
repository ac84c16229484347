import { readFileSync } from 'node:fs';
import { expect, langs, test } from './fixtures.ts';
import { SpeedPage } from './pages/speed-page.ts';

for (const lang of langs) {
  test(`speed optimisation: advice on the simulated passage, status edit, the four modals, RTZ and the RPM simulation in ${lang}`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const speed = new SpeedPage(page, lang);
    await speed.open();
    await expect(page.getByRole('heading', { name: speed.text.title, exact: true })).toBeVisible();
    // The simulated master filed a plan: it is under way or about to sail, and the page works it out.
    await expect(speed.panel('voyagePlan').getByTestId('plan-waypoints')).toHaveText(/^\d+$/, {
      timeout: 30_000,
    });
    await expect(speed.panel('navigationData').getByTestId('nav-sog')).toHaveText(/^\d+\.\d kn$/);
    await expect(speed.panel('weatherForecast').getByTestId('speed-forecast')).toBeVisible();
    await expect(speed.panel('macroOptimization').getByTestId('speed-macro')).toBeVisible();
    await expect(speed.panel('voyageStatistics').getByTestId('speed-statistics')).toBeVisible();
    const advised = speed.panel('optimizedRpm').getByTestId('advice-rpm');
    const underWay = await advised.isVisible();
    if (underWay)
      await expect(speed.panel('optimizedRpm').getByTestId('advice-status')).toHaveText(speed.text.statuses);
    await expect(speed.panel('optimizedRpm').locator('canvas').first()).toBeVisible();
    await speed.expectTranslated();
    await speed.screen('speed');

    // "Edit": negative cargo is refused at the field and nothing is sent; then drifting, ballasted, 1,200 t.
    let dialog = await speed.openDialog('shipStatus', speed.text.edit);
    await dialog.getByLabel(speed.text.cargo).fill('-5');
    await dialog.getByRole('button', { name: speed.text.save }).click();
    await expect(dialog.getByText(speed.text.cargoNegative)).toBeVisible();
    await speed.choose(dialog, speed.text.status, speed.text.drifting);
    await speed.choose(dialog, speed.text.loading, speed.text.ballasted);
    await dialog.getByLabel(speed.text.cargo).fill('1200');
    // Drifting and ballasted may contradict the live ship (engine turning, laden draughts): the crew confirm it.
    await dialog.getByRole('checkbox', { name: speed.text.confirm }).check();
    await dialog.getByRole('button', { name: speed.text.save }).click();
    await expect(dialog).toBeHidden();
    await expect(speed.panel('shipStatus').getByTestId('condition-status')).toHaveText(
      speed.text.shownDrifting,
    );
    await expect(speed.panel('shipStatus').getByTestId('condition-source')).toContainText('BRIDGE-01');

    // "Indicator" and "Slip rate".
    dialog = await speed.openDialog('optimizedRpm', speed.text.indicator);
    await expect(dialog.getByText(speed.text.indicatorTitle)).toBeVisible();
    await expect(dialog.getByTestId('speed-indicator')).toBeVisible();
    await speed.screen('speed-indicator');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    dialog = await speed.openDialog('optimizedRpm', speed.text.slip);
    await expect(dialog.getByText(speed.text.slipNow)).toBeVisible();
    await expect(dialog.locator('canvas').first()).toBeVisible();
    await speed.screen('speed-slip');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // "Adjust" (under way only): overriding needs a reason.
    if (underWay) {
      dialog = await speed.openDialog('optimizedRpm', speed.text.adjust);
      await dialog.getByText(speed.text.override).click();
      await dialog.getByRole('spinbutton', { name: speed.text.rpm, exact: true }).fill('90');
      await dialog.getByRole('button', { name: speed.text.save }).click();
      await expect(dialog.getByText(speed.text.reasonRequired)).toBeVisible();
      await dialog.getByLabel(speed.text.reason).fill('Heavy swell on the bow');
      await dialog.getByRole('button', { name: speed.text.save }).click();
      await expect(dialog).toBeHidden();
      await expect(speed.panel('optimizedRpm').getByTestId('advice-adjustment')).toContainText(
        'Heavy swell on the bow',
      );
    }

    // The plan's edit modal opens with the plan; an ETA before the ETD is refused at its field and nothing changes.
    dialog = await speed.openDialog('voyagePlan', speed.text.edit);
    await expect(dialog.getByLabel(speed.text.voyageNo)).not.toHaveValue('');
    const eta = dialog.getByLabel(speed.text.eta, { exact: true });
    await eta.click();
    await eta.fill('2020-01-02 00:00');
    await eta.press('Enter');
    await dialog.getByRole('button', { name: speed.text.save }).click();
    await expect(dialog.getByText(speed.text.etaBeforeEtd)).toBeVisible();
    await speed.screen('speed-plan');
    await dialog.getByRole('button', { name: speed.text.cancel }).click();
    await expect(dialog).toBeHidden();

    // GRIB2: a damaged file is refused; a forecast made with ECMWF's ecCodes is imported and listed.
    const grib = speed.panel('weatherForecast').locator('input[type=file]');
    const forecast = readFileSync('apps/server/src/features/weather/fixtures/forecast.grb2');
    await grib.setInputFiles({
      name: 'cut.grb2',
      mimeType: 'application/octet-stream',
      buffer: forecast.subarray(0, 300),
    });
    await expect(page.getByText(speed.text.gribDamaged).first()).toBeVisible();
    await grib.setInputFiles({
      name: 'forecast.grb2',
      mimeType: 'application/octet-stream',
      buffer: forecast,
    });
    await expect(speed.panel('weatherForecast').getByTestId('grib-files')).toContainText('forecast.grb2');

    // RTZ: export the plan, refuse a damaged file, import the exported one back.
    const downloaded = page.waitForEvent('download');
    await speed.panel('voyagePlan').getByRole('button', { name: speed.text.exportRtz }).click();
    const file = await (await downloaded).path();
    const xml = readFileSync(file, 'utf8');
    expect(xml).toContain('http://www.cirm.org/RTZ/1/1');
    const input = speed.panel('voyagePlan').locator('input[type=file]');
    await input.setInputFiles({
      name: 'broken.rtz',
      mimeType: 'application/xml',
      buffer: Buffer.from(xml.slice(0, 200)),
    });
    await expect(page.getByText(speed.text.rtzInvalid, { exact: false }).first()).toBeVisible();
    await input.setInputFiles({ name: 'route.rtz', mimeType: 'application/xml', buffer: Buffer.from(xml) });
    await expect(page.getByText(speed.text.imported).first()).toBeVisible();

    // RPM simulation: an rpm the engine cannot run is refused at the field with the range, and no result shows;
    // one it can gives a prediction.
    const sim = speed.panel('rpmSimulation');
    const rpm = sim.getByRole('spinbutton');
    await rpm.fill('300');
    await expect(sim.getByTestId('sim-range')).toHaveText(speed.text.simInvalid);
    await expect(sim.getByTestId('speed-simulation')).toHaveCount(0);
    await rpm.fill('85');
    await expect(sim.getByTestId('sim-fuel')).toHaveText(/^[\d,.]+ t$/);
    const slow = await sim.getByTestId('sim-arrival').innerText();
    await rpm.fill('105');
    await expect(sim.getByTestId('sim-arrival')).not.toHaveText(slow);
    await speed.expectTranslated();
    await speed.screen('speed-simulation');
  });
}
