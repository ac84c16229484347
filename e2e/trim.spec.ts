import { expect, langs, test } from './fixtures.ts';
import { TrimPage } from './pages/trim-page.ts';

for (const lang of langs) {
  test(`trim optimisation: live trim and heel with the advice, the bins and a bin's detail in ${lang}`, async ({
    page,
  }) => {
    const trim = new TrimPage(page, lang);
    await trim.open();
    await expect(page.getByRole('heading', { name: trim.text.title })).toBeVisible();
    // The simulator sails live: trim now is a number, and the advice (or why there is none) is said.
    await expect(trim.panel('trimMonitor').getByTestId('trim-now')).toHaveText(/^-?\d+\.\d{2}m$/, { timeout: 30_000 });
    await expect(trim.panel('trimMonitor').getByTestId('trim-advice')).toHaveText(trim.text.advice);
    await expect(trim.panel('heelMonitor').getByTestId('heel-note')).toHaveText(trim.text.heel);
    await expect(trim.panel('heelMonitor').locator('canvas').first()).toBeVisible();
    // The browser tests' ship has a few days of history: bins when a block met the reference conditions.
    await expect(trim.bins.first().or(trim.panel('trimDetail').getByText(trim.text.noBins))).toBeVisible();
    await trim.expectTranslated();
    await trim.screen('trim');
    if (await trim.bins.first().isVisible()) {
      await trim.bins.first().click();
      const detail = page.getByRole('dialog');
      await expect(detail.getByText(trim.text.detail)).toBeVisible();
      await expect(detail.getByTestId('trim-detail')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(detail).toBeHidden();
    }
  });
}
