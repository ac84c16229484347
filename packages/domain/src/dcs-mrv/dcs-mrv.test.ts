import { describe, expect, it } from 'vitest';
import {
  aggregatePeriod,
  checkReportable,
  DCS_ENGINE_POWER_THRESHOLD_KW,
  dcsReport,
  type FillingRecord,
} from './index.ts';

const rotterdam = { nameEn: 'Rotterdam', locode: 'NLRTM', inEea: true };
const hamburg = { nameEn: 'Hamburg', locode: 'DEHAM', inEea: true };
const shanghai = { nameEn: 'Shanghai', nameZh: '上海', locode: 'CNSHA', inEea: false };

/**
 * A 2025 filling record: id, type, voyage, its days of arrival and departure (`MM-DD`, midnight UTC), the distance
 * sailed to it, ROB in t (HFO and MGO at arrival, HFO and MGO at departure), then its other fields.
 */
const record = (
  [id, type, voyageNumber]: [string, FillingRecord['type'], string],
  [arrival, departure]: [string, string],
  distanceNm: number,
  [hfoIn, mgoIn, hfoOut, mgoOut]: [number, number, number, number],
  fields: Partial<FillingRecord> = {},
): FillingRecord => ({
  id,
  type,
  voyageNumber,
  ...fields,
  arrivalUtc: `2025-${arrival}T00:00:00Z`,
  departureUtc: `2025-${departure}T00:00:00Z`,
  distanceNm,
  robArrivalT: { ls_hfo: hfoIn, mdo_mgo: mgoIn },
  robDepartureT: { ls_hfo: hfoOut, mdo_mgo: mgoOut },
});

const records: FillingRecord[] = [
  record(['r1', 'departure', '2301'], ['03-01', '03-02'], 0, [500, 100, 495, 98], {
    port: rotterdam,
    departureCargoT: 40_000,
  }),
  record(['r2', 'departure', '2301'], ['03-03', '03-04'], 300, [465, 97, 960, 95], {
    port: hamburg,
    departureCargoT: 30_000,
    bunkers: [{ fuelId: 'ls_hfo', quantityT: 500 }],
  }),
  record(['r3', 'drift_end', '2302'], ['03-10', '03-11'], 3000, [700, 95, 695, 95]),
  record(['r4', 'departure', '2302'], ['04-01', '04-03'], 8000, [195, 90, 190, 85], { port: shanghai }),
];

describe('reportable records (SPEC §4)', () => {
  it('accepts departure, end of anchorage and end of drift; rejects others with the reason', () => {
    const arrival = { ...records[0]!, id: 'a', type: 'arrival' as const };
    const noon = { ...records[0]!, id: 'n', type: 'noon' as const };
    const r = checkReportable([...records, arrival, noon, { ...records[1]!, id: 's', submitted: true }]);
    expect(r.reportable.map((x) => x.id)).toEqual(['r1', 'r2', 'r3', 'r4']);
    expect(r.rejected.map((x) => [x.id, x.code])).toEqual([
      ['a', 'not_reportable_type'],
      ['n', 'not_reportable_type'],
      ['s', 'already_submitted'],
    ]);
    expect(r.rejected[0]!.reason).toMatch(/only departure, end of anchorage and end of drift/);
  });
  it('rejects a departure without a port', () => {
    const { port: _p, ...noPort } = records[0]!;
    expect(checkReportable([noPort]).rejected[0]).toMatchObject({ code: 'missing_field', field: 'port' });
  });
});

describe('DCS appendix IX', () => {
  const v = { legs: [], stays: [] };
  const bulker = {
    imoNumber: '9123456',
    shipType: 'bulk_carrier',
    grossTonnage: 30_000,
    netTonnage: 17_000,
  } as const;
  it('fills the DCS appendix IX power fields for engines over 130 kW only', () => {
    expect(DCS_ENGINE_POWER_THRESHOLD_KW).toBe(130);
    const t = aggregatePeriod(v, { from: '2025-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' });
    const r = dcsReport({
      ship: {
        ...bulker,
        deadweightT: 50_000,
        engines: [
          { kind: 'main', ratedPowerKw: 9000 },
          { kind: 'auxiliary', ratedPowerKw: 600 },
          { kind: 'auxiliary', ratedPowerKw: 600 },
          { kind: 'auxiliary', ratedPowerKw: 130 },
        ],
      },
      year: 2025,
      totals: t,
      method: 'BDN',
    });
    expect([r.mainEnginePowerKw, r.auxiliaryEnginePowerKw]).toEqual([9000, 1200]);
  });
});
