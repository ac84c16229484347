import { expect, langs, test } from './fixtures.ts';
import { CiiSimulatorPage, CiiStatisticsPage } from './pages/cii-pages.ts';

for (const lang of langs) {
  test(`CII statistics shows the gauge, trend, voyages and report samples in ${lang}`, async ({ page }) => {
    const cii = new CiiStatisticsPage(page, lang);
    await cii.open();
    await expect(cii.chart('ciiGauge')).toBeVisible();
    await expect(cii.summary()).toBeVisible();
    await expect(cii.chart('ciiTrend')).toBeVisible();
    await cii.expectTranslated();
    await cii.screen('carbon-cii-statistics');

    await cii.byWeek();
    await expect(page).toHaveURL(/unit=week/);
    await cii.byVoyage();
    await expect(page).toHaveURL(/dimension=voyage/);
    await cii.expectTranslated();
    await cii.screen('carbon-cii-voyages');

    const part1 = await cii.openReport('viewSeemp1');
    await expect(part1.getByText(cii.text.seemp1Measures, { exact: true })).toBeVisible();
    await expect(part1.getByTestId('cii-report-seemp1').locator('tbody tr')).not.toHaveCount(0);
    await cii.expectTranslated();
    await cii.screen('carbon-cii-seemp1');
    await cii.closeDialog();
    await expect(part1).toBeHidden();
    const part2 = await cii.openReport('viewSeemp2');
    await expect(part2.getByText(cii.text.seemp2Methods, { exact: true })).toBeVisible();
    await expect(part2.getByTestId('cii-report-seemp2').locator('tbody tr')).not.toHaveCount(0);
    await cii.expectTranslated();
    await cii.screen('carbon-cii-seemp2');
    await cii.closeDialog();
    await expect(part2).toBeHidden();

    const seemp = await cii.openReport('viewSeemp');
    await expect(seemp.getByText(cii.text.seempPlan)).toBeVisible();
    await expect(seemp.getByTestId('cii-report-seemp').getByRole('row')).not.toHaveCount(0);
    await cii.expectTranslated();
    await cii.screen('carbon-cii-seemp');
    await cii.closeDialog();
    await expect(seemp).toBeHidden();

    await cii.openReport('viewDcs');
    await expect(
      page.getByTestId('cii-report-dcs').getByText(cii.text.dcsImo, { exact: true }),
    ).toBeVisible();
    await cii.screen('carbon-cii-dcs');
    await cii.closeDialog();
    await cii.openReport('viewTrial');
    await expect(page.getByTestId('cii-report-trial').getByText(cii.text.reduction)).toBeVisible();
    // The resolutions' rows name the ship type in the user's language, not by its id.
    await expect(page.getByTestId('cii-report-trial')).not.toContainText('bulk_carrier');
    await cii.expectTranslated();
    await cii.screen('carbon-cii-trial');
  });

  test(`CII simulator requires speed and days and compares speeds in ${lang}`, async ({ page }) => {
    const sim = new CiiSimulatorPage(page, lang);
    await sim.open();
    await sim.simulate();
    await expect(sim.message('speedMessage')).toBeVisible();
    await expect(sim.message('daysMessage')).toBeVisible();
    await sim.screen('carbon-cii-simulator-required');

    await sim.enter('12', '60', ['10', '14']);
    await sim.simulate();
    await expect(sim.scenarioRows()).toHaveCount(3);
    await expect(sim.maxSpeed()).toContainText(new RegExp(`${sim.text.highest}|${sim.text.noSpeed}`));
    await expect(sim.chart()).toBeVisible();
    await sim.expectTranslated();
    await sim.screen('carbon-cii-simulator');
  });
}
