import { fillingMessages } from '@ecohelm/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { fieldErrors } from '../../lib/contract-messages';
import { toShipTime } from '../../lib/ship-time';
import { validateRecord } from './filling-form-model';

const messagesOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

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
