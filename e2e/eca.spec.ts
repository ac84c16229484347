import { expect, langs, test } from './fixtures.ts';
import { EcaPage } from './pages/eca-page.ts';

for (const lang of langs) {
  test(`ECA monitor: the sea chart, a crossed range refused, a crew range around the ship used at once in ${lang}`, async ({
    page,
  }) => {
    const eca = new EcaPage(page, lang);
    const token = await eca.open();
    await expect(page.getByRole('heading', { name: eca.text.title, level: 2 })).toBeVisible();
    await expect(eca.status).toContainText(eca.text.nearest, { timeout: 30_000 });
    await expect(eca.panel('ecaMonitor').locator('canvas').first()).toBeVisible();
    await expect(eca.zoneRows.first()).toBeVisible();
    await eca.expectTranslated();
    await eca.screen('eca');

    // A range whose sides cross is refused with the reason; nothing is added.
    await page.getByRole('button', { name: eca.text.addRange }).click();
    let dialog = page.getByRole('dialog');
    await eca.fillArea(dialog, `Crossed ${lang}`);
    await dialog.getByLabel(eca.text.positions).fill('35, 120\n36, 121\n35, 121\n36, 120');
    await dialog.getByRole('button', { name: eca.text.save }).click();
    await expect(dialog.getByText(eca.text.crossed)).toBeVisible();
    await dialog.getByRole('button', { name: eca.text.cancel }).click();
    await expect(dialog).toBeHidden();

    // A range of positions around where the ship is now: the monitor says the ship is inside it.
    const now = await (
      await page.request.get('/api/v1/eca', { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const { latitude: la, longitude: lo } = now.position;
    const name = `Port area ${lang}`;
    await page.getByRole('button', { name: eca.text.addRange }).click();
    dialog = page.getByRole('dialog');
    await eca.fillArea(dialog, name);
    await dialog.getByLabel(eca.text.positions).fill(
      [
        [la - 0.3, lo - 0.3],
        [la - 0.3, lo + 0.3],
        [la + 0.3, lo + 0.3],
        [la + 0.3, lo - 0.3],
      ]
        .map(([a, b]) => `${a!.toFixed(4)}, ${b!.toFixed(4)}`)
        .join('\n'),
    );
    await dialog.getByRole('button', { name: eca.text.save }).click();
    await expect(dialog).toBeHidden();
    await expect(eca.status).toContainText(eca.text.inside(name), { timeout: 15_000 });
    await eca.screen('eca-area');

    // Removed again.
    const row = eca.zoneRows.filter({ hasText: name });
    await row.getByRole('button', { name: eca.text.delete }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: eca.text.delete }).click();
    await expect(row).toHaveCount(0);
    await expect(eca.status).toContainText(eca.text.nearest);
  });
}
