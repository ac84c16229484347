import { describe, expect, it } from 'vitest';
import { changedFields } from './audit-history';

describe('changedFields', () => {
  it('lists only the fields that changed, nested by path, times as the console shows them', () => {
    const before = {
      id: 'a',
      updatedAt: '2026-01-01T00:00:00.000Z',
      eventTime: '2026-01-01T00:00:00.000Z',
      data: { cargoT: 70_000, fuel: [{ fuelType: 'ls_hfo', robT: 700 }] },
    };
    const after = {
      id: 'a',
      updatedAt: '2026-01-02T00:00:00.000Z',
      eventTime: '2026-01-01T02:00:00.000Z',
      data: { cargoT: 69_000, fuel: [{ fuelType: 'ls_hfo', robT: 700 }], remark: 'draft' },
    };
    expect(changedFields({ before, after }, (iso) => `ship ${iso.slice(11, 16)}`)).toEqual([
      ['data.cargoT', '70000', '69000'],
      ['data.remark', '—', 'draft'],
      ['eventTime', 'ship 00:00', 'ship 02:00'],
    ]);
  });

  it('shows every field of a created record from nothing, and of a deleted one to nothing', () => {
    expect(changedFields({ before: null, after: { port: 'Qingdao', quantityT: 80 } })).toEqual([
      ['port', '—', 'Qingdao'],
      ['quantityT', '—', '80'],
    ]);
    expect(changedFields({ before: { port: 'Qingdao' }, after: null })).toEqual([['port', 'Qingdao', '—']]);
  });
});
