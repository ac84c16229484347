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

const records: FillingRecord[] = [
  {
    id: 'r1',
    type: 'departure',
    voyageNumber: '2301',
    port: rotterdam,
    arrivalUtc: '2025-03-01T00:00:00Z',
    departureUtc: '2025-03-02T00:00:00Z',
    distanceNm: 0,
    robArrivalT: { ls_hfo: 500, mdo_mgo: 100 },
    robDepartureT: { ls_hfo: 495, mdo_mgo: 98 },
    departureCargoT: 40_000,
  },
  {
    id: 'r2',
    type: 'departure',
    voyageNumber: '2301',
    port: hamburg,
    arrivalUtc: '2025-03-03T00:00:00Z',
    departureUtc: '2025-03-04T00:00:00Z',
    distanceNm: 300,
    robArrivalT: { ls_hfo: 465, mdo_mgo: 97 },
    robDepartureT: { ls_hfo: 960, mdo_mgo: 95 },
    departureCargoT: 30_000,
    bunkers: [{ fuelId: 'ls_hfo', quantityT: 500 }],
  },
  {
    id: 'r3',
    type: 'drift_end',
    voyageNumber: '2302',
    arrivalUtc: '2025-03-10T00:00:00Z',
    departureUtc: '2025-03-11T00:00:00Z',
    distanceNm: 3000,
    robArrivalT: { ls_hfo: 700, mdo_mgo: 95 },
    robDepartureT: { ls_hfo: 695, mdo_mgo: 95 },
  },
  {
    id: 'r4',
    type: 'departure',
    voyageNumber: '2302',
    port: shanghai,
    arrivalUtc: '2025-04-01T00:00:00Z',
    departureUtc: '2025-04-03T00:00:00Z',
    distanceNm: 8000,
    robArrivalT: { ls_hfo: 195, mdo_mgo: 90 },
    robDepartureT: { ls_hfo: 190, mdo_mgo: 85 },
  },
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
  it('fills the DCS appendix IX power fields for engines over 130 kW only', () => {
    expect(DCS_ENGINE_POWER_THRESHOLD_KW).toBe(130);
    const t = aggregatePeriod(v, { from: '2025-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' });
    const r = dcsReport({
      ship: {
        imoNumber: '9123456',
        shipType: 'bulk_carrier',
        grossTonnage: 30_000,
        netTonnage: 17_000,
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
