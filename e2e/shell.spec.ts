import { OFFLINE_PORT } from '../playwright.config.ts';
import { expect, expectNoRawText, langs, login, openConsole, saveScreen, test } from './fixtures.ts';

const sections: { path: string; children: string[] }[] = [
  { path: '/overview', children: [] },
  { path: '/eff-monitory', children: ['me', 'ge', 'boiler'] },
  { path: '/eff-analysis', children: ['params', 'device', 'report', 'distributed', 'eca'] },
  { path: '/eff-optimize', children: ['speed', 'fouling', 'triming', 'load'] },
  { path: '/carbon-manage', children: ['basic', 'filling', 'cii-statistics', 'cii-simulator', 'report'] },
  { path: '/notification', children: [] },
];

const menuLabels = {
  en_US: [
    'Overview',
    'State Analysis',
    'Efficiency Analysis',
    'Efficiency Optimization',
    'Carbon Management',
  ],
  zh_CN: ['总览', '状态分析', '能效分析', '能效优化', '碳管理'],
};

test('the root path lands on /overview', async ({ page }) => {
  await openConsole(page, '/');
  await expect(page).toHaveURL(/\/overview$/);
});

for (const lang of langs) {
  test(`every section and tab navigates and is drawn in ${lang}`, async ({ page }) => {
    // A walk through all 22 views, each drawn with its data: a minute on a quiet machine, more on a busy one.
    test.setTimeout(180_000);
    await openConsole(page, '/overview', lang);
    const menu = page.getByRole('menu').first();
    for (const label of menuLabels[lang]) await expect(menu.getByText(label, { exact: true })).toBeVisible();

    for (const [i, section] of sections.entries()) {
      if (section.path === '/notification') {
        await page.goto('/notification');
      } else {
        await menu.getByText(menuLabels[lang][i]!, { exact: true }).click();
      }
      const first = section.children[0];
      await expect(page).toHaveURL(new RegExp(`${section.path}${first ? `/${first}` : ''}$`));
      for (const child of section.children) {
        // By the route key, so the tab is the new section's and not one of the previous section's.
        const tab = page.locator(`[data-section-tab="${section.path}/${child}"]`);
        await tab.click();
        await expect(page).toHaveURL(new RegExp(`${section.path}/${child}$`));
        // The view's loading indicator (common.loading), not a field that happens to say "Loading status".
        await expect(page.getByText(/^(Loading…|加载中…?)$/)).toHaveCount(0, { timeout: 15_000 });
        await expectNoRawText(page);
        await saveScreen(page, `${lang}${section.path.replaceAll('/', '-')}-${child}`);
      }
      if (section.children.length === 0) {
        await expectNoRawText(page);
        await saveScreen(page, `${lang}${section.path.replaceAll('/', '-')}`);
      }
    }
  });
}

test('an unknown child path redirects to the section first child', async ({ page }) => {
  await openConsole(page, '/eff-analysis/nothing');
  await expect(page).toHaveURL(/\/eff-analysis\/params$/);
});

test('the language toggle switches every label and survives a reload', async ({ page }) => {
  await openConsole(page, '/overview', 'zh_CN');
  await expect(page.getByRole('menu').first().getByText('总览', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '切换语言' }).click();
  await expect(page.getByRole('menu').first().getByText('Overview', { exact: true })).toBeVisible();
  await expectNoRawText(page);
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en_US');
  await page.reload();
  await expect(page.getByRole('menu').first().getByText('Carbon Management', { exact: true })).toBeVisible();
  await expect(page.getByRole('menu').first().getByText('碳管理')).toHaveCount(0);
});

test('the header clock ticks in ship time', async ({ page }) => {
  await openConsole(page, '/overview');
  const clock = page.getByLabel('Ship time');
  await expect(clock).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \(UTC\+8\)$/);
  const first = await clock.innerText();
  await expect.poll(() => clock.innerText(), { timeout: 3000 }).not.toBe(first);
});

test('without a token the console goes to /dcLogin, and logging in brings it back with a token', async ({
  page,
}) => {
  await page.goto('/overview');
  await expect(page).toHaveURL(/\/dcLogin$/);
  await page.evaluate(() => localStorage.setItem('lang', 'en_US'));
  await page.reload();
  await page.getByLabel('Device code').fill('BRIDGE-01');
  await page.getByLabel('Device secret').fill('wrong');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Device code or secret is incorrect')).toBeVisible();
  await expect(page.getByLabel('Device code')).toHaveValue('BRIDGE-01');
  await page.getByLabel('Device secret').fill('e2e-secret');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/overview$/);
  expect(await page.evaluate(() => localStorage.getItem('dcToken'))).toMatch(/^[\w-]{40,}$/);
  await saveScreen(page, 'en_US-after-login');
});

test('a rejected device token is cleared and leads to /dcLogin', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('dcToken', 'expired-or-unknown');
    }
  });
  await page.goto('/overview');
  await expect(page).toHaveURL(/\/dcLogin$/);
  expect(await page.evaluate(() => localStorage.getItem('dcToken'))).toBeNull();
});

test('a check answer with code 401 removes the portal token and leads to /dcLogin', async ({ page }) => {
  const { dcToken } = await login(page.request);
  await page.addInitScript((token) => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('dcToken', token);
      localStorage.setItem('accessToken', 'stale-portal-token');
    }
  }, dcToken);
  await page.goto('/overview');
  await expect(page).toHaveURL(/\/dcLogin$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});

test('the notification route is reachable but not in the menu, and its button is highlighted there', async ({
  page,
}) => {
  await openConsole(page, '/overview');
  const menu = page.getByRole('menu').first();
  await expect(menu.getByText('Message Center')).toHaveCount(0);
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(/\/notification$/);
  await expect(page.getByRole('button', { name: 'Notifications' })).toHaveAttribute('aria-current', 'page');
});

test.describe('offline page configuration with the load page hidden', () => {
  test.use({ baseURL: `http://127.0.0.1:${OFFLINE_PORT}` });

  test('offline needs no token and does not redirect', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/overview$/);
    await page.waitForTimeout(1500);
    await expect(page).toHaveURL(/\/overview$/);
    expect(await page.evaluate(() => localStorage.getItem('dcToken'))).toBeNull();
  });

  test('the hide-load flag hides the engine-load tab', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'en_US'));
    await page.goto('/eff-optimize/speed');
    await expect(page.getByRole('tab')).toHaveCount(3);
    await expect(page.getByRole('tab', { name: 'Engine Load Assistant' })).toHaveCount(0);
  });
});
