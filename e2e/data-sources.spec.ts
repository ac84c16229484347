import {
  ABSENT_NMEA_PORT,
  ADAPTERS_PORT,
  BAD_MAP_FILE,
  BAD_MAP_MODBUS_URL,
  MODBUS_PEER_PORT,
  SILENT_MODBUS_PORT,
} from '../playwright.config.ts';
import { expect, langs, test } from './fixtures.ts';
import { DataSourcesDialog } from './pages/data-sources-dialog.ts';

test.describe('connections to ship systems', () => {
  test.use({ baseURL: `http://127.0.0.1:${ADAPTERS_PORT}` });

  for (const lang of langs) {
    test(`the Data sources dialog shows each connection's state and reason in ${lang}`, async ({ page }) => {
      const sources = new DataSourcesDialog(page, lang);
      await sources.visit('/overview');
      await sources.open();
      // The Modbus device answers: connected, and its registers are counted as accepted.
      const modbus = `modbus:127.0.0.1:${MODBUS_PEER_PORT}`;
      await expect(sources.state(modbus)).toHaveText(sources.words.connected, { timeout: 20_000 });
      // The NMEA multiplexer is not there: reconnecting, with the socket's reason.
      const nmea = `nmea0183.tcp:127.0.0.1:${ABSENT_NMEA_PORT}`;
      await expect(sources.state(nmea)).toHaveText(sources.words.reconnecting);
      await expect(sources.connection(nmea)).toContainText('ECONNREFUSED');
      // The counters table lists the Modbus source with values accepted (the dialog refreshes itself).
      const counters = sources.dialog.getByRole('row').filter({ hasText: modbus }).last();
      await expect(counters.getByRole('cell').nth(1)).toHaveText(/^[1-9]\d*$/, { timeout: 15_000 });
      await sources.expectTranslated();
      await sources.screen('data-sources-connections');
    });
  }

  for (const lang of langs) {
    test(`the Data sources dialog shows a wrong map and a silent device as they are in ${lang}`, async ({
      page,
    }) => {
      const sources = new DataSourcesDialog(page, lang);
      await sources.visit('/overview');
      await sources.open();
      // The map with overlapping registers: the adapter is listed in state error, the reason names file and lines.
      const bad = `Modbus TCP ${BAD_MAP_MODBUS_URL}`;
      await expect(sources.state(bad)).toHaveText(sources.words.error);
      await expect(sources.connection(bad)).toContainText(
        `${BAD_MAP_FILE} line 3: register 4 is already mapped on line 2`,
      );
      // The device that accepts connections but never answers: reconnecting with the read timeout as text.
      const silent = `modbus:127.0.0.1:${SILENT_MODBUS_PORT}`;
      await expect(sources.state(silent)).toHaveText(sources.words.reconnecting, { timeout: 20_000 });
      await expect(sources.connection(silent)).toContainText(/timed out/i);
      await expect(sources.connection(silent)).not.toContainText('[object');
      // It stays so while the dialog refreshes (no flapping back to connected on each TCP connect).
      for (let i = 0; i < 3; i++) {
        await page.waitForTimeout(2_000);
        await expect(sources.state(silent)).toHaveText(sources.words.reconnecting);
      }
      await sources.expectTranslated();
    });
  }
});

test.describe('background jobs', () => {
  for (const lang of langs) {
    test(`the Data sources dialog lists the server's jobs with their last run in ${lang}`, async ({
      page,
    }) => {
      const sources = new DataSourcesDialog(page, lang);
      await sources.visit('/overview');
      await sources.open();
      // Retention and compaction runs 30 s after the start: by now (the dialog refreshes itself) it has run once.
      const prune = sources.job(sources.words.prune);
      await expect(prune.getByText(sources.words.ok)).toBeVisible({ timeout: 45_000 });
      await expect(prune).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
      await sources.expectTranslated();
      await sources.screen('data-sources-jobs');
    });
  }
});
