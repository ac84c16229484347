import { expect, langs, test } from './fixtures.ts';
import { SpeedPage } from './pages/speed-page.ts';

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
