import type { APIRequestContext } from '@playwright/test';
import {
  expect,
  expectNoRawText,
  type Lang,
  langs,
  login,
  openConsole,
  saveScreen,
  test,
} from './fixtures.ts';

const text = {
  en_US: {
    alarm: (n: number) => new RegExp(`M/E exhaust gas temperature cyl\\. ${n} high: 44\\d`),
    acknowledge: 'Acknowledge',
    history: 'History',
    notifications: 'Notifications',
    unread: /\d+ unread messages/,
    limits: 'Alarm limits',
    low: 'Low',
    high: 'High',
    save: 'Save',
    lowBelowHigh: 'The low limit must be below the high limit',
    equipment: 'Equipment',
    ge1: 'G/E 1',
    empty: 'No messages in this period',
    realtime: 'Real-time',
  },
  zh_CN: {
    alarm: (n: number) => new RegExp(`主机 ${n} 缸排气温度 高报警：44\\d`),
    acknowledge: '确认',
    history: '历史',
    notifications: '消息中心',
    unread: /\d+ 条未读消息/,
    limits: '报警限值',
    low: '低限',
    high: '高限',
    save: '保存',
    lowBelowHigh: '低限必须小于高限',
    equipment: '设备',
    ge1: '1# 发电机',
    empty: '该时段内无消息',
    realtime: '实时',
  },
} as const;

/**
 * Raises a high exhaust-temperature alarm on one cylinder through the Signal K ingest API: the main
 * engine turning and the cylinder at 445 °C (limit 430 °C) held for 6 s. The samples are dated just
 * ahead of the simulator's, so its 1 Hz values do not interleave before the minimum duration is met.
 */
async function raiseAlarm(request: APIRequestContext, cylinder: number): Promise<number> {
  const { dcToken } = await login(request);
  const start = Date.now() + 2000;
  const res = await request.post('/api/v1/ingest/signalk', {
    headers: { authorization: `Bearer ${dcToken}` },
    data: {
      context: 'vessels.self',
      updates: [0, 3000, 6000].map((dt) => ({
        timestamp: new Date(start + dt).toISOString(),
        values: [
          { path: 'propulsion.main.revolutions', value: 100 / 60 },
          { path: `propulsion.main.cylinders.${cylinder}.exhaustTemperature`, value: 445 + 273.15 },
        ],
      })),
    },
  });
  expect(res.ok()).toBe(true);
  return start + 6000;
}

const cylinderOf: Record<Lang, number> = { en_US: 3, zh_CN: 4 };

for (const lang of langs) {
  test(`an out-of-range value raises an alarm that is counted, acknowledged and kept in history (${lang})`, async ({
    page,
  }) => {
    const s = text[lang];
    const cylinder = cylinderOf[lang];
    const raisedAt = await raiseAlarm(page.request, cylinder);
    await openConsole(page, '/notification', lang);

    const row = page.getByRole('row', { name: s.alarm(cylinder) });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: s.notifications })).toHaveAttribute(
      'aria-description',
      s.unread,
    );
    await expect(page.locator('.ant-badge-count').first()).toBeVisible();
    await expectNoRawText(page);
    await saveScreen(page, `${lang}-notification-realtime`);

    // Acknowledge once the ship's clock has passed the (slightly future-dated) raise time.
    await page.waitForTimeout(Math.max(0, raisedAt + 500 - Date.now()));
    await row.getByRole('button', { name: s.acknowledge }).click();
    // Acknowledged: it leaves the list once its condition is gone, or stays as active-acknowledged.
    await expect(row.getByRole('button', { name: s.acknowledge })).toHaveCount(0);

    await page.getByText(s.history, { exact: true }).click();
    await expect(page).toHaveURL(/view=history/);
    const past = page.getByRole('row', { name: s.alarm(cylinder) }).first();
    await expect(past).toBeVisible();
    await expect(past).toContainText('BRIDGE-01');
    // Its stored transitions: raised, then acknowledged by this console.
    await past.locator('.ant-table-row-expand-icon').click();
    await expect(page.getByRole('list').filter({ hasText: 'BRIDGE-01' }).first()).toBeVisible();
    await saveScreen(page, `${lang}-notification-history`);

    // Filter by equipment: a generator has no such alarm.
    await page.getByRole('combobox', { name: s.equipment }).first().click();
    await page.locator(`.ant-select-item-option[title="${s.ge1}"]`).click();
    await expect(page).toHaveURL(/equipment=ge1/);
    await expect(page.getByRole('row', { name: s.alarm(cylinder) })).toHaveCount(0);
    await expectNoRawText(page);
  });

  test(`the history filters by date range from the address (${lang})`, async ({ page }) => {
    const s = text[lang];
    await openConsole(page, '/notification?view=history&start=2020-01-01&end=2020-01-02', lang);
    await expect(page.getByText(s.empty)).toBeVisible();
    await expect(page.getByRole('textbox').first()).toHaveValue('2020-01-01');
  });

  test(`alarm limits are validated in the settings dialog (${lang})`, async ({ page }) => {
    const s = text[lang];
    await openConsole(page, '/notification', lang);
    await page.getByRole('button', { name: s.limits }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('table').first()).toBeVisible();
    await dialog
      .getByRole('row', { name: /cyl\. 5|5 缸/ })
      .getByRole('button')
      .click();
    const editor = page.getByRole('dialog').last();
    await editor.getByLabel(s.low, { exact: true }).fill('450');
    await editor.getByLabel(s.high, { exact: true }).fill('420');
    await editor.getByRole('button', { name: s.save }).click();
    await expect(editor.getByText(s.lowBelowHigh)).toBeVisible();
    await saveScreen(page, `${lang}-notification-limits`);
  });
}
