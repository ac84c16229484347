import { readFileSync } from 'node:fs';
import { expect, langs, saveScreen, test } from './fixtures.ts';
import { DataSourcesDialog } from './pages/data-sources-dialog.ts';

const tx = {
  en_US: {
    tab: 'Backup',
    start: 'Back up now',
    done: /Backup written \(\d+\.\d MB\)\./,
    download: /^Download ecohelm-\d{8}-\d{4}\.sqlite$/,
    restore: 'Choose a backup file…',
    staged: 'The backup is checked and will replace the store at the next start of the server.',
    postgres: 'This store is PostgreSQL: back it up with pg_dump.',
    cancel: 'Cancel the restore',
    cancelled: 'The restore is cancelled: the store stays as it is.',
    refused: /^Not restored\. This file cannot be restored: the file is not a SQLite database/,
  },
  zh_CN: {
    tab: '备份',
    start: '立即备份',
    done: /备份完成\(\d+\.\d MB\)。/,
    download: /^下载 ecohelm-\d{8}-\d{4}\.sqlite$/,
    restore: '选择备份文件…',
    staged: '备份已校验,将在服务器下次启动时替换当前数据。',
    postgres: '当前存储为 PostgreSQL:请使用 pg_dump 备份。',
    cancel: '取消恢复',
    cancelled: '已取消恢复:当前数据保持不变。',
    refused: /^未恢复。This file cannot be restored: the file is not a SQLite database/,
  },
};

for (const lang of langs) {
  test(`the store is backed up with progress, downloaded, and a backup file is checked for restore in ${lang}`, async ({
    page,
  }) => {
    const t = tx[lang];
    const dialog = await new DataSourcesDialog(page, lang).openFrom('/overview');
    await dialog.getByRole('tab', { name: t.tab }).click();
    await dialog.getByRole('button', { name: t.start }).click();
    // CI runs the browser-test server on PostgreSQL, whose backups are PostgreSQL's own tools.
    const { store } = (await (await page.request.get('/api/health')).json()) as { store: string };
    if (store === 'postgres') {
      await expect(dialog.getByText(t.postgres)).toBeVisible();
      await saveScreen(page, `backup-postgres-${lang}`);
      return;
    }
    await expect(dialog.getByText(t.done)).toBeVisible({ timeout: 30_000 });
    const downloadButton = dialog.getByRole('button', { name: t.download });
    const [file] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    const saved = await file.path();
    expect(readFileSync(saved).subarray(0, 15).toString('latin1')).toBe('SQLite format 3');
    await saveScreen(page, `backup-done-${lang}`);

    // A file that is not a store is refused with the reason; a real backup is staged.
    const input = dialog.locator('input[type=file]');
    await input.setInputFiles({
      name: 'notes.sqlite',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('notes'),
    });
    await expect(dialog.getByText(t.refused)).toBeVisible();
    await input.setInputFiles(saved);
    await expect(dialog.getByText(t.staged)).toBeVisible({ timeout: 30_000 });
    await saveScreen(page, `backup-restore-staged-${lang}`);
    // Withdrawn again: the browser tests' store stays as it is for the specs that restart on it.
    await dialog.getByRole('button', { name: t.cancel }).click();
    await expect(dialog.getByText(t.cancelled)).toBeVisible();
  });
}
