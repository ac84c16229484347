import { readFileSync } from 'node:fs';
import { MAIN_PORT } from '../playwright.config.ts';
import { buttonName, expect, expectNoRawText, langs, saveScreen, storeToken, test } from './fixtures.ts';
import { shoreWithShip } from './shore.ts';

/**
 * Fleet compliance on a shore (issue #29): a shore server of its own (PostgreSQL, ECOHELM_SYNC_ROLE=shore) and a ship
 * (the simulator) syncing into it through a nats-server started here. The page is reached from the fleet page, lists
 * the synced ship with its figures, takes a price and exports the allocation; then the worked example of
 * docs/regulations.md (the server's plan of it, apps/web/src/test/fixtures/compliance-example.json) is drawn in the
 * browser, in both languages.
 */
const shore = shoreWithShip({
  shorePort: MAIN_PORT + 76,
  shipPort: MAIN_PORT + 77,
  dbName: `ecohelm_e2e_compliance_${MAIN_PORT + 76}`,
  password: 'e2e compliance password',
});
const example = JSON.parse(
  readFileSync(new URL('../apps/web/src/test/fixtures/compliance-example.json', import.meta.url), 'utf8'),
);

const text = {
  en_US: {
    fleet: 'Fleet',
    link: 'Compliance and pooling',
    title: 'Fleet compliance',
    ship: 'ECOHELM PIONEER',
    price: 'Allowance price',
    export: 'Allocation XLSX',
    covered: 'Deficit covered',
    borrows: 'Borrows',
  },
  zh_CN: {
    fleet: '船队',
    link: '合规与合并池',
    title: '船队合规',
    ship: '生态先锋',
    price: '配额价格',
    export: '分摊表 XLSX',
    covered: '赤字被覆盖',
    borrows: '预借',
  },
} as const;

test.describe('fleet compliance on a shore server', () => {
  test.use({ baseURL: shore.url });
  test.describe.configure({ timeout: 240_000 });

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(240_000);
    await shore.start(playwright, async (request, token) => {
      const res = await request.get('/api/v1/fleet/compliance', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status()).toBe(200);
      expect((await res.json()).ships[0]?.name).toBe('ECOHELM PIONEER');
    });
  });

  test.afterAll(() => shore.stop());

  for (const lang of langs) {
    test(`reaches the page from the fleet, lists the synced ship, takes a price and exports in ${lang}`, async ({
      page,
    }) => {
      const t = text[lang];
      const token = await shore.signIn(page.request);
      await storeToken(page, token, lang);
      await page.goto('/fleet');
      await page.getByRole('link', { name: t.link }).click();
      await page.waitForURL('**/fleet/compliance**');
      await expect(page.getByRole('heading', { name: t.title, level: 2 })).toBeVisible();
      const ships = page.locator('[data-panel="complianceShips"]');
      await expect(ships.getByText(t.ship)).toBeVisible();
      const posted = page.waitForRequest(
        (r) => r.url().endsWith('/api/v1/fleet/compliance') && r.postDataJSON()?.pricePerAllowanceEur === 75,
      );
      await page.getByLabel(t.price).fill('75');
      await posted;
      await expectNoRawText(page);
      await saveScreen(page, `fleet-compliance-${lang}`);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: buttonName(t.export) }).click();
      expect((await download).suggestedFilename()).toMatch(/^fueleu-allocation-\d{4}-(en_US|zh_CN)\.xlsx$/);
    });

    test(`draws the worked example of docs/regulations.md in ${lang}`, async ({ page }) => {
      const t = text[lang];
      const token = await shore.signIn(page.request);
      await storeToken(page, token, lang);
      await page.route('**/api/v1/fleet/compliance', (route) => route.fulfill({ json: example }));
      await page.goto('/fleet/compliance?year=2026&price=80');
      await expect(page.locator('[data-figure="bill"]')).toHaveText('7,600,000.00');
      await expect(page.locator('[data-figure="saved"]')).toHaveText('1,653,308.88');
      await expect(page.locator('[data-figure="pricePerT"]')).toHaveText('636.27');
      const ships = page.locator('[data-panel="complianceShips"]');
      await expect(ships.getByText(t.covered).first()).toBeVisible();
      await expect(ships.getByText(new RegExp(t.borrows)).first()).toBeVisible();
      await expectNoRawText(page);
      await saveScreen(page, `fleet-compliance-example-${lang}`);
    });
  }
});
