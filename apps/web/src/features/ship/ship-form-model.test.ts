import { fillingMessages, shipMessages } from '@ecohelm/contracts';
import { describe, expect, it } from 'vitest';
import { validShip } from '../../../../../testing/factories.ts';
import { i18n } from '../../i18n';
import { translateMessage } from '../../lib/contract-messages';
import { shipToForm, validateShip } from './ship-form-model';

// The form as it opens on a saved, valid ship.
const ship = shipToForm(validShip());

const messagesOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

describe('ship form validation', () => {
  it('accepts a complete ship', () => {
    expect(validateShip(ship).success).toBe(true);
  });

  it.each([
    [{ mmsi: '12345' }, shipMessages.mmsi],
    [{ imoNumber: '9074728' }, shipMessages.imoNumber],
    [{ nameEn: '' }, shipMessages.nameEn],
    [{ nameZh: 'abc' }, shipMessages.nameZh],
    [{ flagState: '' }, shipMessages.flagState],
    [{ deadweightT: null }, shipMessages.deadweight],
    [{ fuelTypes: [] }, shipMessages.fuelTypes],
  ])('shows the spec message for %o', (patch, message) => {
    expect(messagesOf(validateShip({ ...ship, ...patch } as never))).toContain(message);
  });

  it('translates the messages word for word in English and into Chinese', async () => {
    await i18n.changeLanguage('en_US');
    expect(translateMessage(shipMessages.mmsi, i18n.t)).toBe('Please enter the correct MMSI number');
    expect(translateMessage(fillingMessages.reportType, i18n.t)).toBe(fillingMessages.reportType);
    await i18n.changeLanguage('zh_CN');
    expect(translateMessage(shipMessages.mmsi, i18n.t)).toBe('请输入正确的MMSI号');
    expect(translateMessage(fillingMessages.essentialError, i18n.t)).toBe('必要信息有误,请重新检查。');
  });
});
