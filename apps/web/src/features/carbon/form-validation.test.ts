import { fillingMessages, shipMessages } from '@ecohelm/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { toShipTime } from '../../lib/ship-time';
import { validateRecord } from './filling-form-model';
import { fieldErrors, translateMessage } from './messages';
import { validateShip } from './ship-form-model';

const ship = {
  mmsi: '413000001',
  imoNumber: '9074729',
  nameEn: 'ECO HELM',
  shipType: 'bulk_carrier' as const,
  flagState: 'China',
  deadweightT: 82_000,
  fuelTypes: [{ fuelType: 'ls_hfo' as const, maxCapacityT: 2_500 }],
  consumptionMethod: 'bdn' as const,
};

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

describe('filling form validation', () => {
  it('prompts every required departure input', async () => {
    await i18n.changeLanguage('en_US');
    const r = validateRecord(
      { kind: 'departure', regimes: ['imo_dcs'], voyageNumber: '2301', fuel: [] },
      480,
    );
    expect(r.success).toBe(false);
    const errors = fieldErrors(r.success ? [] : r.error.issues, i18n.t);
    expect(errors).toEqual(
      expect.arrayContaining([
        { name: ['portNameEn'], errors: [fillingMessages.portName] },
        { name: ['eventTime'], errors: [fillingMessages.departureTime] },
        { name: ['cargoT'], errors: [fillingMessages.departureData] },
        { name: ['ballastT'], errors: [fillingMessages.departureBallast] },
        { name: ['fuel'], errors: [fillingMessages.departureFuel] },
      ]),
    );
  });

  it('prompts the end anchor time, end cargo weight, longitude and latitude', () => {
    const r = validateRecord({ kind: 'anchorage_end', regimes: ['imo_dcs'], voyageNumber: '2301' }, 480);
    expect(messagesOf(r)).toEqual(
      expect.arrayContaining([
        fillingMessages.endAnchorTime,
        fillingMessages.endCargo,
        fillingMessages.longitude,
        fillingMessages.latitude,
      ]),
    );
  });

  it('turns ship time (UTC+8) into UTC on the wire', () => {
    const r = validateRecord(
      {
        kind: 'barge_out',
        regimes: ['imo_dcs'],
        voyageNumber: '2301',
        eventTime: toShipTime('2025-03-01T00:00:00Z', 480) ?? null,
        barges: [{ fuelType: 'ls_hfo', quantityT: 3 }],
      },
      480,
    );
    expect(r.success && r.data.eventTime).toBe('2025-03-01T00:00:00.000Z');
  });
});
