import type { APIRequestContext } from '@playwright/test';
import { DEFAULT_LOAD_SETTINGS } from '../apps/server/src/features/load/load.service.ts';
import { expect, langs, login, test } from './fixtures.ts';
import { LoadPage } from './pages/load-page.ts';

async function resetSettings(request: APIRequestContext) {
  const { dcToken } = await login(request);
  const res = await request.put('/api/v1/load/settings', {
    data: DEFAULT_LOAD_SETTINGS,
    headers: { authorization: `Bearer ${dcToken}` },
  });
  expect(res.ok()).toBe(true);
}

for (const lang of langs) {
  test(`load assistant: the advice follows the reserve and a change of priority in ${lang}`, async ({
    page,
  }) => {
    await resetSettings(page.request);
    const load = new LoadPage(page, lang);
    await load.open();
    await expect(page.getByRole('heading', { name: load.text.title })).toBeVisible();
    await expect(load.setRows).toHaveCount(3);
    // The simulator's power management runs one set at sea; the advice agrees with it, or, when the set it runs
    // is not the first by priority and burns the same fuel, changes over to the one the priorities put first.
    await expect(load.advice).toHaveText(load.text.keepOrPriority, { timeout: 30_000 });
    const { running, stopped } = await load.runningSets();
    expect(running).toHaveLength(1);
    await expect(load.panel('averageSfc').getByTestId('load-overall-sfc')).toHaveText(/^\d{3}\.\d/);
    await expect(load.panel('powerSfcCurves').locator('canvas').first()).toBeVisible();
    await load.expectTranslated();
    await load.screen('load');

    // Settings: a maximum under the minimum is refused at the field and nothing is sent; then a reserve one set
    // cannot keep, with a lower minimum so that two sets can share the sea load.
    const dialog = await load.openSettings();
    const max1 = dialog.getByLabel(`G/E 1 ${load.text.maxLoad}`);
    await max1.fill('20');
    await dialog.getByRole('button', { name: load.text.save }).click();
    await expect(dialog.getByText(load.text.maxBelowMin)).toBeVisible();
    await max1.fill('85');
    for (const n of ['1', '2', '3']) await dialog.getByLabel(`G/E ${n} ${load.text.minLoad}`).fill('20');
    await dialog.getByLabel(load.text.reserve).fill('400');
    await load.screen('load-settings');
    await dialog.getByRole('button', { name: load.text.save }).click();
    await expect(dialog).toBeHidden();

    // A second set must run: the stopped set with the better priority.
    const [first, second] = [...stopped].sort();
    await expect(load.advice).toHaveText(load.text.start(first!), { timeout: 15_000 });
    // Give the other stopped set priority 1: the advice starts that one instead.
    await load.setPriority(second!, 1);
    await expect(load.advice).toHaveText(load.text.start(second!), { timeout: 15_000 });
    await load.screen('load-priority');
    await resetSettings(page.request);
  });
}
