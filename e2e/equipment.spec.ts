import { expect, langs, test } from './fixtures.ts';
import { EquipmentPage } from './pages/equipment-page.ts';

for (const lang of langs) {
  test(`equipment assessment: ratings, an engine's detail, a parameter changed with who and when in ${lang}`, async ({
    page,
  }) => {
    const equipment = new EquipmentPage(page, lang);
    await equipment.open();
    await expect(page.getByRole('heading', { name: equipment.text.title, level: 2 })).toBeVisible();
    await expect(equipment.rows).toHaveCount(7, { timeout: 30_000 });
    const me = equipment.rows.filter({ hasText: equipment.text.me });
    await expect(me).toContainText(equipment.text.rating);
    await equipment.expectTranslated();
    await equipment.screen('equipment');
    await me.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('assessment-detail')).toContainText(equipment.text.detail);
    await expect(dialog.locator('canvas').first()).toBeVisible();
    await equipment.screen('equipment-detail');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // G/E 1's model is renamed: kept with the device and time.
    const params = equipment.panel('equipmentParameters');
    await params.getByRole('combobox', { name: equipment.text.unit }).click();
    await page.locator('.ant-select-item-option', { hasText: equipment.text.ge1 }).first().click();
    await params.getByLabel(equipment.text.model).fill(`GE1 test ${lang}`);
    await params.getByRole('button', { name: equipment.text.save }).click();
    await expect(page.getByText(equipment.text.saved)).toBeVisible();
    await expect(params.getByTestId('equipment-updated')).toHaveText(equipment.text.updated);
  });
}
