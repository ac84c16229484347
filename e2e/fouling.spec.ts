import { expect, langs, test } from './fixtures.ts';
import { FoulingPage } from './pages/fouling-page.ts';

for (const [i, lang] of langs.entries()) {
  test(`hull fouling: rating and tip, the ISO 19030 indicators, and a maintenance record added in ${lang}`, async ({
    page,
  }) => {
    const fouling = new FoulingPage(page, lang);
    await fouling.open();
    const tx = fouling.text;
    await expect(page.getByRole('heading', { name: tx.title })).toBeVisible();
    // The simulator's history is analysed: a rating with a tip, or the honest "not enough data".
    const tips = fouling.panel('foulingTips');
    await expect(tips.getByTestId('fouling-rating').or(tips.getByText(tx.notEnough))).toBeVisible({
      timeout: 30_000,
    });
    if (await tips.getByTestId('fouling-rating').isVisible()) {
      await expect(tips.getByTestId('fouling-rating')).toHaveText(tx.rating);
      await expect(tips.getByTestId('fouling-tip')).toHaveText(tx.tips);
    }
    // The browser tests' ship has a few days of history: a chart when a block met the reference conditions.
    const trend = fouling.panel('foulingTrend');
    await expect(trend.locator('canvas').first().or(trend.getByText(tx.noBlocks))).toBeVisible();
    await expect(fouling.panel('foulingCurves').getByRole('row')).toHaveCount(4);

    // Add a record: nothing entered is refused field by field; an end before the start is refused; the
    // entries stay; then it is saved and listed.
    await page.getByRole('button', { name: tx.add }).click();
    await expect(fouling.modal.getByText(tx.modalTitle)).toBeVisible();
    await fouling.save();
    await expect(fouling.modal.getByText(tx.placeRequired)).toBeVisible();
    const place = `Singapore OPL ${i + 1}`;
    const day = `2026-1${i}-0${i + 2}`;
    await fouling.fillRecord({
      kind: tx.kind,
      place,
      start: `${day} 10:00`,
      end: `${day} 08:00`,
      remark: 'Propeller polished by divers, light calcareous deposits removed.',
    });
    await fouling.save();
    await expect(fouling.modal.getByText(tx.endBeforeStart)).toBeVisible();
    await expect(fouling.modal.getByLabel(/Place|地点/)).toHaveValue(place);
    // The refusal clears when the picker takes the new end; on a busy machine the first Enter can land before the
    // typed text is parsed (the save then met the old end once in CI), so the entry is made until it is taken.
    await expect(async () => {
      await fouling.fillRecord({ end: `${day} 16:00` });
      await expect(fouling.modal.getByText(tx.endBeforeStart)).toBeHidden({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await fouling.save();
    await expect(page.getByText(tx.added)).toBeVisible();
    await expect(fouling.panel('cleaningRecords').getByRole('row').filter({ hasText: place })).toContainText(
      tx.kind,
    );
    await fouling.expectTranslated();
    await fouling.screen('fouling');
    await page.getByText(tx.range, { exact: true }).click();
    await expect(trend.locator('canvas').first().or(trend.getByText(tx.noBlocks))).toBeVisible();
  });
}
