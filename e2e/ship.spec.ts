import { expect, langs, test } from './fixtures.ts';
import { ShipPage } from './pages/ship-page.ts';

for (const lang of langs) {
  test(`ship basic info validates with the spec messages and saves in ${lang}`, async ({ page }) => {
    const ship = new ShipPage(page, lang);
    await ship.openFresh();
    await ship.fill({ mmsi: '1234', imo: '9074728' });
    await ship.save();
    await expect(ship.message('mmsiMessage')).toBeVisible();
    await expect(ship.message('imoMessage')).toBeVisible();
    await ship.screen('carbon-basic-errors');

    await ship.fill({ mmsi: '413000001', imo: '9074729', nameEn: 'ECO HELM', flag: 'China', dwt: '82000' });
    await ship.chooseBulkCarrier();
    await ship.openRegistration();
    // Another test may have saved fuel types already: remove them all to see the rule.
    await ship.removeAllFuels();
    await ship.save();
    await expect(ship.message('fuelMessage')).toBeVisible();

    // A reload keeps the entries (local draft).
    await page.reload();
    await expect(ship.field('mmsi')).toHaveValue('413000001');

    await ship.openRegistration();
    await ship.addFuel('2500');
    await ship.save();
    await expect(ship.savedNotice()).toBeVisible();
    await ship.screen('carbon-basic-saved');
  });
}
