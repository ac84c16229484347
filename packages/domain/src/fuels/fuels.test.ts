import { describe, expect, it } from 'vitest';
import { DomainInputError } from '../errors.ts';
import {
  co2FactorTPerT,
  consumptionByBdn,
  consumptionByFlowMeters,
  consumptionByTankMonitoring,
  fuelFactors,
  ghgFromFuel,
  isSulphurCompliant,
  PRODUCT_FUEL_TYPES,
  sulphurClassOf,
} from './index.ts';

describe('product fuel types (SPEC §3)', () => {
  it('lists the 16 product fuels with zh and en names', () => {
    const spec =
      'hs_hfo ls_hfo uls_hfo hs_lfo ls_lfo uls_lfo mdo_mgo riverboat lng lpg_propane lpg_butane methanol ethanol hydrogen ammonia electric';
    expect(PRODUCT_FUEL_TYPES.map((f) => f.id)).toEqual(spec.split(' '));
    for (const f of PRODUCT_FUEL_TYPES) expect(f.nameZh.length * f.nameEn.length).toBeGreaterThan(0);
  });

  it.each([
    ['hs_hfo', 3.114],
    ['ls_hfo', 3.114],
    ['uls_hfo', 3.114],
    ['hs_lfo', 3.151],
    ['uls_lfo', 3.151],
    ['mdo_mgo', 3.206],
    ['riverboat', 3.206],
    ['lng', 2.75],
    ['lpg_propane', 3.0],
    ['lpg_butane', 3.03],
    ['methanol', 1.375],
    ['ethanol', 1.913],
    ['hydrogen', 0],
    ['ammonia', 0],
    ['electric', 0],
    ['ethane', 2.927],
  ])('%s has CF %d t CO2/t (MEPC.364(79), by grade not sulphur)', (id, cf) => {
    expect(co2FactorTPerT(id)).toBe(cf);
  });

  it('reads CH4/N2O TtW factors and applies the TBM class default where Annex II has none', () => {
    expect(fuelFactors('hfo')).toMatchObject({
      ch4TPerT: 5e-5,
      n2oTPerT: 0.00018,
      nonCo2FromClassDefault: false,
    });
    expect(fuelFactors('lng')).toMatchObject({ ch4TPerT: 0, n2oTPerT: 0.00011 });
    expect(fuelFactors('methanol')).toMatchObject({ ch4TPerT: 5e-5, n2oTPerT: 0.00018 });
    expect(fuelFactors('ammonia').nonCo2FromClassDefault).toBe(true);
  });

  it('throws unknown_fuel for an unknown id', () => {
    expect(() => co2FactorTPerT('whale_oil')).toThrow(DomainInputError);
  });
});

describe('MRV gases with methane slip', () => {
  it('computes LNG Otto medium-speed slip (3.1 %) as CH4', () => {
    const g = ghgFromFuel({ lng: 100 }, { lng: 'lng_otto_ms' });
    expect(g.co2T).toBeCloseTo(275, 9);
    expect(g.ch4T).toBeCloseTo(3.1, 9);
    expect(g.n2oT).toBeCloseTo(0.011, 9);
    expect(g.co2eT).toBeCloseTo(275 + 3.1 * 28 + 0.011 * 265, 9);
  });
  it('gives no slip without an engine type, and none for oil fuels', () => {
    expect(ghgFromFuel({ lng: 100 }).ch4T).toBe(0);
    expect(ghgFromFuel({ hfo: 100 }, { hfo: 'lng_otto_ms' }).ch4T).toBeCloseTo(0.005, 12);
  });
});

describe('sulphur', () => {
  it.each([
    [3.5, 'HS'],
    [0.51, 'HS'],
    [0.5, 'LS'],
    [0.11, 'LS'],
    [0.1, 'ULS'],
    [0.001, 'ULS'],
  ])('%d %% m/m is %s', (s, c) => expect(sulphurClassOf(s)).toBe(c));
  it('allows 0.50 % outside and 0.10 % inside an ECA, anything with a scrubber', () => {
    expect(isSulphurCompliant(0.5, false)).toBe(true);
    expect(isSulphurCompliant(0.5, true)).toBe(false);
    expect(isSulphurCompliant(2.5, true, true)).toBe(true);
  });
});

describe('consumption by the three methods (SPEC §9)', () => {
  it('1 BDN: ROB start + bunkered − barged out − ROB end', () => {
    expect(
      consumptionByBdn({
        robStartT: { ls_hfo: 500, mdo_mgo: 80 },
        robEndT: { ls_hfo: 300, mdo_mgo: 60 },
        bunkers: [{ fuelId: 'ls_hfo', quantityT: 400 }],
        bargeOuts: [{ fuelId: 'ls_hfo', quantityT: 50 }],
      }),
    ).toEqual({ ls_hfo: 550, mdo_mgo: 20 });
  });
  it('1 BDN: rejects inconsistent figures', () => {
    expect(() => consumptionByBdn({ robStartT: { hfo: 10 }, robEndT: { hfo: 20 } })).toThrow(
      /negative consumption/,
    );
  });
  it('2 flow meters: mass and volumetric meters, return line subtracted, by consumer', () => {
    const r = consumptionByFlowMeters([
      { fuelId: 'hfo', consumer: 'main_engine', startReading: 100, endReading: 130, unit: 't' },
      {
        fuelId: 'hfo',
        consumer: 'main_engine',
        startReading: 0,
        endReading: 2000,
        unit: 'kg',
        isReturnLine: true,
      },
      {
        fuelId: 'mdo_mgo',
        consumer: 'auxiliary_engine',
        startReading: 10,
        endReading: 20,
        unit: 'm3',
        densityTPerM3: 0.85,
      },
    ]);
    expect(r.byFuelT.hfo).toBeCloseTo(28, 12);
    expect(r.byFuelT.mdo_mgo).toBeCloseTo(8.5, 12);
    expect(r.byConsumerT.auxiliary_engine.mdo_mgo).toBeCloseTo(8.5, 12);
  });
  it('3 tank monitoring: ρ15·(V·VCF) differences plus bunkers', () => {
    const r = consumptionByTankMonitoring({
      soundings: [
        { tankId: '1P', fuelId: 'hfo', startVolumeM3: 500, endVolumeM3: 300, densityTPerM3: 0.98 },
        {
          tankId: '1S',
          fuelId: 'hfo',
          startVolumeM3: 100,
          endVolumeM3: 100,
          densityTPerM3: 0.98,
          vcfStart: 1,
          vcfEnd: 0.99,
        },
      ],
      bunkers: [{ fuelId: 'hfo', quantityT: 10 }],
    });
    expect(r.hfo).toBeCloseTo(0.98 * 200 + 0.98 * 1 + 10, 9);
  });
});
