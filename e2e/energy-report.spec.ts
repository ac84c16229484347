import { expect, langs, test } from './fixtures.ts';
import { EnergyReportPage } from './pages/energy-report-page.ts';

for (const lang of langs) {
  test(`energy reports: fuel oil report, add and delete a bunker record, XLSX in ${lang}`, async ({
    page,
  }) => {
    const report = new EnergyReportPage(page, lang);
    await report.open();
    await expect(page.getByRole('heading', { name: report.text.title })).toBeVisible();
    // The last 30 ship days, newest first.
    await expect(report.reportRows).toHaveCount(30);
    await report.expectTranslated();
    await report.screen('energy-report');

    // A bunker record: an end before the start is refused at the field and the entries stay; corrected, it is added.
    const supplier = `E2E Bunkers ${lang}`;
    const dialog = await report.addBunker();
    await report.fillBunker(dialog, {
      quantity: '120.5',
      supplier,
      start: '2026-11-20 10:00',
      end: '2026-11-20 08:00',
      tank: '5C',
    });
    await dialog.getByRole('button', { name: report.text.save }).click();
    await expect(dialog.getByText(report.text.endBeforeStart)).toBeVisible();
    await expect(dialog.getByLabel(report.text.fields.supplier)).toHaveValue(supplier);
    await report.setTime(dialog, report.text.fields.end, '2026-11-20 14:00');
    await report.screen('energy-report-bunker');
    await dialog.getByRole('button', { name: report.text.save }).click();
    await expect(page.getByText(report.text.added)).toBeVisible();
    const row = report.bunkerRows.filter({ hasText: supplier });
    await expect(row).toHaveCount(1);

    // Deleting asks first, in the spec's words.
    await row.getByRole('button', { name: report.text.delete }).click();
    await expect(page.getByText(report.text.confirm)).toBeVisible();
    await page.locator('.ant-popconfirm').getByRole('button', { name: report.text.delete }).click();
    await expect(row).toHaveCount(0);

    // By month, and the report as a workbook.
    await page.getByText(report.text.byMonth, { exact: true }).click();
    // A month's row starts "2026-11", a day's "2026-11-25": wait for the months before exporting them.
    await expect(report.reportRows.first()).toContainText(/^\d{4}-\d{2}(?!-\d)/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: report.text.exportXlsx }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^fuel-oil-report-month-.*\.xlsx$/);
  });
}
