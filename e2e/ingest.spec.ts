import { expect, expectNoRawText, langs, login, saveScreen, test } from './fixtures.ts';
import { DataSourcesDialog } from './pages/data-sources-dialog.ts';

const tx = {
  en_US: {
    csvTab: 'CSV import',
    importBtn: 'Import',
    done: /Imported 3 rows: 6 values accepted, 0 refused/,
    needColumn: 'Please map at least one column to a channel',
    accepted: 'Accepted',
  },
  zh_CN: {
    csvTab: 'CSV导入',
    importBtn: '导入',
    done: /已导入 3 行:接收 6 个数值,拒绝 0 个/,
    needColumn: '请至少将一列对应到通道',
    accepted: '已接收',
  },
};

for (const [i, lang] of langs.entries()) {
  test(`CSV import with a column mapping and progress, and the ingest status, in ${lang}`, async ({
    page,
  }) => {
    const t = tx[lang];
    const dialog = await new DataSourcesDialog(page, lang).openFrom('/overview');
    // Ingest status: the simulator's live samples are counted per source.
    await expect(dialog.getByRole('columnheader', { name: t.accepted, exact: true })).toBeVisible();
    await expect(dialog.getByRole('cell', { name: 'simulator' })).toBeVisible({ timeout: 15_000 });
    await saveScreen(page, `data-sources-${lang}`);

    await dialog.getByRole('tab', { name: t.csvTab }).click();
    const day = `2024-02-0${i + 1}`;
    const csv = `time,Speed,Remarks,Shaft power\n${day} 00:00,12.5,ok,5000\n${day} 01:00,12.7,,5100\n${day} 02:00,12.9,x,5200\n`;
    await dialog.locator('input[type=file]').setInputFiles({
      name: `noon-${lang}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    // "Shaft power" is matched by its label; "Speed" is not: nothing is mapped for it yet.
    await expect(dialog.getByText('Shaft power (kW)')).toBeVisible();
    await dialog.getByLabel(/Channel Speed|通道 Speed/).click();
    await page.keyboard.type('Speed over ground');
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: t.importBtn, exact: true }).click();
    await expect(dialog.getByTestId('csv-progress').getByText(t.done)).toBeVisible({ timeout: 20_000 });
    await expectNoRawText(page);
    await saveScreen(page, `data-import-${lang}`);

    // The imported values are in the store, in SI.
    const { dcToken } = await login(page.request);
    const res = await page.request.get(
      `/api/v1/telemetry/trend?channel=navigation.speedOverGround&from=${day}T00:00:00Z&to=${day}T03:00:00Z&points=3`,
      { headers: { authorization: `Bearer ${dcToken}` } },
    );
    expect(res.ok()).toBe(true);
    const trend = await res.json();
    expect(trend.points.map((p: { mean: number }) => Number(p.mean.toFixed(1)))).toEqual([12.5, 12.7, 12.9]);
  });
}
