import { expect, langs, test } from './fixtures.ts';
import { SpeedPage } from './pages/speed-page.ts';
import { TrimPage } from './pages/trim-page.ts';

/** "YYYY-MM-DD HH:mm" (as the page prints a time) in ms; the page's zone is the same for both figures compared. */
const at = (text: string) => Date.parse(`${text.trim().slice(0, 16).replace(' ', 'T')}:00Z`);

for (const lang of langs) {
  test(`the RPM simulation agrees with the macro plan, and refuses what is not an rpm in ${lang}`, async ({
    page,
  }) => {
    const speed = new SpeedPage(page, lang);
    await speed.open();
    await expect(speed.panel('optimizedRpm').getByTestId('advice-rpm')).toBeVisible({ timeout: 30_000 });
    const sim = speed.panel('rpmSimulation');
    // Opened on the advised rpm: it arrives when the macro plan does.
    await expect(sim.getByTestId('sim-arrival')).toHaveText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/, {
      timeout: 20_000,
    });
    const plan = at(await speed.panel('macroOptimization').getByTestId('macro-eta').innerText());
    const simulated = at(await sim.getByTestId('sim-arrival').innerText());
    expect(Math.abs(simulated - plan)).toBeLessThanOrEqual(15 * 60_000);
    await expect(sim.getByTestId('sim-held')).not.toBeEmpty();
    await speed.screen('new-user-simulation');

    // Letters or an empty field: no stale result, the range said, the slider where the last rpm left it.
    const slider = sim.getByRole('slider');
    const before = await slider.getAttribute('aria-valuenow');
    const rpm = sim.getByRole('spinbutton');
    for (const typed of ['abc', '']) {
      await rpm.fill(typed);
      await expect(sim.getByTestId('sim-range')).toHaveText(speed.text.simInvalid);
      await expect(sim.getByTestId('speed-simulation')).toHaveCount(0);
      expect(await slider.getAttribute('aria-valuenow')).toBe(before);
    }
    await speed.screen('new-user-simulation-empty');

    // The cargo refuses letters at the field.
    const dialog = await speed.openDialog('shipStatus', speed.text.edit);
    await dialog.getByLabel(speed.text.cargo).fill('abc');
    await dialog.getByRole('button', { name: speed.text.save }).click();
    await expect(dialog.getByText(speed.text.cargoNotNumber)).toBeVisible();
    await speed.screen('new-user-cargo');
    await dialog.getByRole('button', { name: speed.text.cancel }).click();
  });
}

for (const lang of langs) {
  test(`the trim advice's words follow its numbers in ${lang}`, async ({ page }) => {
    const trim = new TrimPage(page, lang);
    await trim.open();
    const monitor = trim.panel('trimMonitor');
    await expect(monitor.getByTestId('trim-advice')).toHaveText(trim.text.advice, { timeout: 30_000 });
    const verdict = await monitor.getByTestId('trim-advice').getAttribute('data-verdict');
    const now = Number.parseFloat(await monitor.getByTestId('trim-now').innerText());
    const optimum = Number.parseFloat(await monitor.getByTestId('trim-optimum').innerText());
    const interval = (await monitor.innerText()).match(/(-?\d+\.\d{2}) – (-?\d+\.\d{2}) m/);
    if (verdict === 'at_optimum') {
      // "At the optimum" only inside the optimum's interval (or 5 cm of a table's optimum).
      if (interval) expect(now).toBeGreaterThanOrEqual(Number(interval[1]) - 0.005);
      if (interval) expect(now).toBeLessThanOrEqual(Number(interval[2]) + 0.005);
      else expect(Math.abs(now - optimum)).toBeLessThanOrEqual(0.055);
    }
    if (verdict === 'small_gain')
      await expect(monitor.getByTestId('trim-advice')).toContainText(Math.abs(now - optimum).toFixed(2));
    await trim.screen('new-user-trim');
  });
}
