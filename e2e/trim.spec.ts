import { expect, langs, test } from './fixtures.ts';
import { TrimPage } from './pages/trim-page.ts';

for (const lang of langs) {
  test(`trim optimisation: live trim and heel with the advice, the bins and a bin's detail in ${lang}`, async ({
    page,
  }) => {
    // The advice after an import waits for the server's next trim answer, which on a loaded CI machine can take
    // long: this test gets more time than the default minute.
    test.setTimeout(180_000);
    const trim = new TrimPage(page, lang);
    await trim.open();
    await expect(page.getByRole('heading', { name: trim.text.title })).toBeVisible();
    // The simulator sails live: trim now is a number, and the advice (or why there is none) is said.
    await expect(trim.panel('trimMonitor').getByTestId('trim-now')).toHaveText(/^-?\d+\.\d{2}m$/, {
      timeout: 30_000,
    });
    await expect(trim.panel('trimMonitor').getByTestId('trim-advice')).toHaveText(trim.text.advice);
    await expect(trim.panel('heelMonitor').getByTestId('heel-note')).toHaveText(trim.text.heel);
    await expect(trim.panel('heelMonitor').locator('canvas').first()).toBeVisible();
    // The browser tests' ship has a few days of history: bins when a block met the reference conditions.
    await expect(trim.bins.first().or(trim.panel('trimDetail').getByText(trim.text.noBins))).toBeVisible();
    await trim.expectTranslated();
    await trim.screen('trim');
    // A vendor trim table: a wrong file is refused line by line and stays chosen; a complete one gives the advice.
    await page.getByRole('button', { name: trim.text.importOpen }).click();
    const dialog = page.getByRole('dialog');
    const header = 'speed_kn,draft_m,trim_m,delta_power_pct';
    const rows: string[] = [];
    for (const v of [8, 16])
      for (const d of [6, 13])
        for (const x of [-1, -0.5, 0, 0.5, 1, 1.5, 2]) rows.push(`${v},${d},${x},${2 * (x - 0.5) ** 2}`);
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'seatrim-table.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([header, ...rows.slice(0, -1)].join('\n')),
    });
    await dialog.getByRole('button', { name: trim.text.importBtn }).click();
    // The missing row named in the user's language.
    await expect(dialog.getByTestId('trim-table-problems')).toContainText(trim.text.missingRow);
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'seatrim-table.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([header, ...rows].join('\n')),
    });
    // The new file is read (its problems cleared) before it is sent.
    await expect(dialog.getByTestId('trim-table-problems')).toHaveCount(0);
    await dialog.getByRole('button', { name: trim.text.importBtn }).click();
    await expect(dialog).toBeHidden();
    await expect(trim.panel('trimMonitor').getByTestId('trim-source')).toContainText('seatrim-table.csv', {
      timeout: 90_000,
    });
    await trim.screen('trim-table');
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
