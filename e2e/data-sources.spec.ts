import { ABSENT_NMEA_PORT, ADAPTERS_PORT, MODBUS_PEER_PORT } from '../playwright.config.ts';
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
});
