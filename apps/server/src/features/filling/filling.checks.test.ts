import { describe, expect, it } from 'vitest';
import { type BunkerDelivery, checkRecords } from './filling.checks.ts';

const at = '2026-03-10T06:00:00.000Z';
const bunkering = (quantityT: number) => ({
  id: 'b1',
  kind: 'bunkering' as const,
  eventTime: at,
  seq: 0,
  data: { eventTime: at, bunkers: [{ fuelType: 'ls_hfo', quantityT }] },
});
const delivery = (over: Partial<BunkerDelivery> = {}): BunkerDelivery => ({
  startTime: '2026-03-10T02:00:00.000Z',
  endTime: '2026-03-10T08:00:00.000Z',
  fuelType: 'ls_hfo',
  quantityT: 800,
  ...over,
});
const codes = (quantityT: number, deliveries?: BunkerDelivery[]) =>
  (
    checkRecords([bunkering(quantityT)], undefined, [], new Date('2026-04-01T00:00:00Z'), deliveries).get(
      'b1',
    )?.issues ?? []
  )
    .filter((i) => i.code.startsWith('bunker_record'))
    .map((i) => ({ code: i.code, path: i.path, params: i.params }));

describe('bunkering entries against the bunker records', () => {
  it('agrees with a delivery of the same fuel and quantity (1 % or 0.5 t)', () => {
    expect(codes(800, [delivery()])).toEqual([]);
    expect(codes(806, [delivery()])).toEqual([]);
    // Two delivery notes of one bunkering add up.
    expect(codes(800, [delivery({ quantityT: 500 }), delivery({ quantityT: 300 })])).toEqual([]);
  });

  it('warns when the records give another quantity, or have no delivery of that fuel within a day', () => {
    expect(codes(850, [delivery()])).toEqual([
      {
        code: 'bunker_record_differs',
        path: 'bunkers.0.quantityT',
        params: { fuelType: 'ls_hfo', expected: 800, actual: 850 },
      },
    ]);
    expect(codes(800, [delivery({ fuelType: 'mdo_mgo' })])).toEqual([
      { code: 'bunker_record_missing', path: 'bunkers.0.quantityT', params: { fuelType: 'ls_hfo' } },
    ]);
    expect(
      codes(800, [delivery({ startTime: '2026-03-12T08:00:00.000Z', endTime: '2026-03-12T12:00:00.000Z' })]),
    ).toHaveLength(1);
  });

  it('does not look when the bunker records are not given', () => {
    expect(codes(850)).toEqual([]);
  });
});
