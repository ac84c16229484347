import { MAIN_PORT } from '../playwright.config.ts';
import { buttonName, expect, expectNoRawText, langs, saveScreen, storeToken, test } from './fixtures.ts';
import { shoreWithShip } from './shore.ts';

/**
 * A shore-shaped server of its own (PostgreSQL, ECOHELM_SYNC_ROLE=shore) and a ship (the simulator, 20 days) syncing
 * into it through a nats-server started here: the fleet page as a superintendent sees it, in both languages.
 */
const shore = shoreWithShip({
  shorePort: MAIN_PORT + 74,
  shipPort: MAIN_PORT + 75,
  dbName: `ecohelm_e2e_fleet_${MAIN_PORT + 74}`,
  password: 'e2e fleet password',
});

const text = {
  en_US: {
    title: 'Fleet',
    ship: 'ECOHELM PIONEER',
    ships: 'Ships',
    report: 'Fleet report (XLSX)',
    back: 'All ships',
    records: 'Information filling records',
    verify: 'Verify',
    verified: 'Verified',
    lastContact: 'Last contact',
    openConsole: "Open the ship's console",
    backToFleet: 'Back to the fleet',
    filling: 'Information filling',
    settings: 'Settings',
  },
  zh_CN: {
    title: '船队',
    ship: '生态先锋',
    ships: '船舶',
    report: '船队报告 (XLSX)',
    back: '全部船舶',
    records: '信息填报记录',
    verify: '核实',
    verified: '已核实',
    lastContact: '最后联系',
    openConsole: '打开该船控制台',
    backToFleet: '返回船队',
    filling: '信息填报',
    settings: '设置',
  },
} as const;

test.describe('fleet page on a shore server', () => {
  test.use({ baseURL: shore.url });
  test.describe.configure({ timeout: 240_000 });

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(240_000);
    // The shore lists the ship once its particulars, filling records and rollups have arrived.
    await shore.start(playwright, async (request, dcToken) => {
      const res = await request.get('/api/v1/fleet/ships', {
        headers: { authorization: `Bearer ${dcToken}` },
      });
      expect(res.status()).toBe(200);
      const ship = (await res.json()).ships[0];
      expect(ship?.name).toBe('ECOHELM PIONEER');
      expect(ship?.position).not.toBeNull();
      const detail = await request.get(`/api/v1/fleet/ships/${ship.shipId}`, {
        headers: { authorization: `Bearer ${dcToken}` },
      });
      expect((await detail.json()).records.length).toBeGreaterThan(0);
    });
  });

  test.afterAll(() => shore.stop());

  for (const lang of langs) {
    test(`lists the synced ship on the table and the map, opens it, verifies a record, downloads the fleet report in ${lang}`, async ({
      page,
    }) => {
      const t = text[lang];
      const dcToken = await shore.signIn(page.request);
      await storeToken(page, dcToken, lang);
      await page.goto('/fleet');
      await expect(page.getByRole('heading', { name: t.title, level: 2 })).toBeVisible();
      // The menu's fleet entry is there on a shore.
      await expect(page.getByRole('menu').first().getByText(t.title, { exact: true })).toBeVisible();
      const table = page.locator('[data-panel="fleetShips"]');
      const shipLink = table.getByRole('button', { name: t.ship });
      await expect(shipLink).toBeVisible();
      await expect(table.getByText(t.lastContact).first()).toBeVisible();
      await expect(page.locator('[data-panel="fleetMap"] canvas').first()).toBeVisible();
      // The ship is on the map at its last known position (grey without a rating).
      await expect(page.getByTestId('fleet-map')).toHaveAttribute('data-ships', /^\d{7}:[A-E-]$/);
      await expectNoRawText(page);
      await saveScreen(page, `fleet-${lang}`);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: buttonName(t.report) }).click();
      expect((await download).suggestedFilename()).toMatch(/^fleet-report-\d{4}-(en_US|zh_CN)\.xlsx$/);

      await shipLink.click();
      const records = page.locator('[data-panel="fleetRecords"]');
      await expect(records.getByText(t.records)).toBeVisible();
      const first = records.locator('tbody tr.ant-table-row').first();
      await first.getByRole('button', { name: buttonName(t.verify) }).click();
      await expect(first.getByText(t.verified)).toBeVisible();
      await expectNoRawText(page);
      await saveScreen(page, `fleet-ship-${lang}`);
      await page.getByRole('button', { name: buttonName(t.back) }).click();
      await expect(shipLink).toBeVisible();
    });

    test(`opens one ship's whole console from the shore's copy and goes back to the fleet in ${lang}`, async ({
      page,
    }) => {
      const t = text[lang];
      const dcToken = await shore.signIn(page.request);
      await storeToken(page, dcToken, lang);
      const ships = (await (
        await page.request.get('/api/v1/fleet/ships', { headers: { authorization: `Bearer ${dcToken}` } })
      ).json()) as { ships: { shipId: string }[] };
      const imo = ships.ships[0]!.shipId;
      await page.goto(`/fleet?ship=${imo}`);
      const consoleRequests: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/v1/')) consoleRequests.push(new URL(r.url()).pathname);
      });
      await page.getByRole('button', { name: buttonName(t.openConsole) }).click();
      await page.waitForURL('**/overview');
      const chip = page.getByTestId('ship-console-chip');
      await expect(chip).toContainText(`${t.ship} · IMO ${imo}`);
      // The overview's figures come from the ship's copy: its CII panel holds this year's rating.
      await expect(
        page
          .locator('[data-panel="ciiRating"]')
          .getByText(/^[A-E]$/)
          .first(),
      ).toBeVisible({ timeout: 30_000 });
      // Nothing is written in the shore's copy: not even the console's own choice of panels.
      await expect(page.getByRole('button', { name: buttonName(t.settings) })).toBeDisabled();
      await expectNoRawText(page);
      await saveScreen(page, `fleet-console-overview-${lang}`);
      // Every read of the ship went to its copy; the shore's own configuration and session stayed the shore's.
      const shipReads = consoleRequests.filter((p) => p.startsWith('/api/v1/overview'));
      expect(shipReads.length).toBe(0);
      expect(consoleRequests.some((p) => p.startsWith(`/api/v1/fleet/ships/${imo}/console/overview`))).toBe(
        true,
      );

      // The information filling list shows the ship's records, read only.
      await page.goto('/carbon-manage/filling');
      await expect(chip).toBeVisible();
      const rows = page.locator('.ant-table-tbody tr.ant-table-row');
      await expect(rows.first()).toBeVisible({ timeout: 30_000 });
      await expectNoRawText(page);
      await saveScreen(page, `fleet-console-filling-${lang}`);

      await chip.getByRole('button', { name: buttonName(t.backToFleet) }).click();
      await page.waitForURL(`**/fleet?ship=${imo}`);
      await expect(page.getByTestId('ship-console-chip')).toHaveCount(0);
      await expect(page.locator('[data-panel="fleetRecords"]').getByText(t.records)).toBeVisible();
    });
  }
});
