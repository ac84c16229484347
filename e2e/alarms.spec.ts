import { expect, type Lang, langs, test } from './fixtures.ts';
import { AlarmsPage, raiseExhaustAlarm } from './pages/alarms-page.ts';

const cylinderOf: Record<Lang, number> = { en_US: 3, zh_CN: 4 };

for (const lang of langs) {
  test(`an out-of-range value raises an alarm that is counted, acknowledged and kept in history (${lang})`, async ({
    page,
  }) => {
    const alarms = new AlarmsPage(page, lang);
    const cylinder = cylinderOf[lang];
    const raisedAt = await raiseExhaustAlarm(page.request, cylinder);
    await alarms.open();

    const row = alarms.exhaustAlarmRow(cylinder);
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(alarms.bell()).toHaveAttribute('aria-description', alarms.text.unread);
    await expect(alarms.unreadBadge()).toBeVisible();
    await alarms.expectTranslated();
    await alarms.screen('notification-realtime');

    // Acknowledge once the ship's clock has passed the (slightly future-dated) raise time.
    await page.waitForTimeout(Math.max(0, raisedAt + 500 - Date.now()));
    await alarms.acknowledgeButton(row).click();
    // Acknowledged: it leaves the list once its condition is gone, or stays as active-acknowledged.
    await expect(alarms.acknowledgeButton(row)).toHaveCount(0);

    await alarms.showHistory();
    await expect(page).toHaveURL(/view=history/);
    const past = alarms.exhaustAlarmRow(cylinder).first();
    await expect(past).toBeVisible();
    await expect(past).toContainText('BRIDGE-01');
    // Its stored transitions: raised, then acknowledged by this console.
    await expect(await alarms.expandEvents(past)).toBeVisible();
    await alarms.screen('notification-history');

    // Filter by equipment: a generator has no such alarm.
    await alarms.filterFirstGenerator();
    await expect(page).toHaveURL(/equipment=ge1/);
    await expect(alarms.exhaustAlarmRow(cylinder)).toHaveCount(0);
    await alarms.expectTranslated();
  });

  test(`the history filters by date range from the address (${lang})`, async ({ page }) => {
    const alarms = new AlarmsPage(page, lang);
    await alarms.open('?view=history&start=2020-01-01&end=2020-01-02');
    await expect(alarms.emptyNotice()).toBeVisible();
    await expect(alarms.firstDateInput()).toHaveValue('2020-01-01');
  });

  test(`alarm limits are validated in the settings dialog (${lang})`, async ({ page }) => {
    const alarms = new AlarmsPage(page, lang);
    await alarms.open();
    const editor = await alarms.editCylinder5Limits();
    await editor.getByLabel(alarms.text.low, { exact: true }).fill('450');
    await editor.getByLabel(alarms.text.high, { exact: true }).fill('420');
    await editor.getByRole('button', { name: alarms.text.save }).click();
    await expect(editor.getByText(alarms.text.lowBelowHigh)).toBeVisible();
    await alarms.screen('notification-limits');
  });
}
