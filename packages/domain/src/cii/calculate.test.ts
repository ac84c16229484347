import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import examples from '../../data/cii-examples.json' with { type: 'json' };
import { DomainInputError } from '../errors.ts';
import { CII_RATINGS, calculateCii, ciiRating } from './calculate.ts';
import { correctiveActionRequired, projectCii, sumVoyages } from './period.ts';
import { CII_SHIP_TYPES } from './tables.ts';

const rel = (actual: number, expected: number) => Math.abs(actual - expected) / Math.abs(expected);

describe('calculateCii golden examples (cii-examples.json)', () => {
  it.each(examples.examples)('$id matches every published figure', (ex) => {
    const r = calculateCii({
      shipType: ex.ship_type,
      ...(ex.capacity_basis === 'DWT' ? { dwt: ex.capacity } : { gt: ex.capacity }),
      year: ex.year,
      distanceNm: ex.distance_nm,
      fuelTonnes: ex.fuel_consumption_t as unknown as Record<string, number>,
    });
    // The examples print full doubles; agree to 1e-12 relative.
    expect(rel(r.attainedCii, ex.expected.attained_cii)).toBeLessThan(1e-12);
    expect(rel(r.requiredCii, ex.expected.required_cii)).toBeLessThan(1e-12);
    expect(rel(r.co2Tonnes, ex.expected.co2_t)).toBeLessThan(1e-12);
    expect(r.rating).toBe(ex.expected.rating);
    for (const k of ['superior', 'lower', 'upper', 'inferior'] as const) {
      expect(rel(r.boundaries[k], ex.expected.boundaries[k])).toBeLessThan(1e-12);
    }
    if ('cii_ref' in ex.expected)
      expect(rel(r.referenceCii, ex.expected.cii_ref as number)).toBeLessThan(1e-12);
    expect(r.rules.join(' ')).toMatch(/MEPC\.353\(78\).*MEPC\.354\(78\)/);
  });
});

describe('capacity bands and caps (MEPC.353(78) Table 1), hand-checked', () => {
  const base = { year: 2023, distanceNm: 10_000, fuelTonnes: { hfo: 1000 } };
  it.each([
    // [shipType, dims, capacity used, a, c]
    ['bulk_carrier', { dwt: 278_999 }, 278_999, 4745, 0.622],
    ['bulk_carrier', { dwt: 279_000 }, 279_000, 4745, 0.622],
    ['bulk_carrier', { dwt: 400_000 }, 279_000, 4745, 0.622],
    ['gas_carrier', { dwt: 64_999 }, 64_999, 8104, 0.639],
    ['gas_carrier', { dwt: 65_000 }, 65_000, 14405e7, 2.071],
    ['general_cargo_ship', { dwt: 19_999 }, 19_999, 588, 0.3885],
    ['general_cargo_ship', { dwt: 20_000 }, 20_000, 31948, 0.792],
    ['lng_carrier', { dwt: 50_000 }, 65_000, 14779e10, 2.673],
    ['lng_carrier', { dwt: 65_000 }, 65_000, 14479e10, 2.673],
    ['lng_carrier', { dwt: 99_999 }, 99_999, 14479e10, 2.673],
    ['lng_carrier', { dwt: 100_000 }, 100_000, 9.827, 0],
    ['ro_ro_cargo_ship_vehicle_carrier', { gt: 29_999 }, 29_999, 330, 0.329],
    ['ro_ro_cargo_ship_vehicle_carrier', { gt: 30_000 }, 30_000, 3627, 0.59],
    ['ro_ro_cargo_ship_vehicle_carrier', { gt: 57_700 }, 57_700, 3627, 0.59],
    ['ro_ro_cargo_ship_vehicle_carrier', { gt: 70_000 }, 57_700, 3627, 0.59],
    ['ro_ro_cargo_ship', { gt: 20_000 }, 20_000, 1967, 0.485],
    ['ro_ro_passenger_ship_hsc', { gt: 8_000 }, 8_000, 4196, 0.46],
    ['cruise_passenger_ship', { gt: 100_000 }, 100_000, 930, 0.383],
  ] as const)('%s %o uses capacity %d, a=%d, c=%d', (shipType, dims, capacity, a, c) => {
    const r = calculateCii({ shipType, ...dims, ...base });
    expect(r.capacity).toBe(capacity);
    expect(rel(r.referenceCii, a * capacity ** -c)).toBeLessThan(1e-12);
    expect(r.requiredCii).toBeCloseTo(r.referenceCii * 0.95, 12);
  });

  it('gives bulk carriers above 279,000 DWT the same required CII as at the cap', () => {
    const at = calculateCii({ shipType: 'bulk_carrier', dwt: 279_000, ...base });
    const above = calculateCii({ shipType: 'bulk_carrier', dwt: 350_000, ...base });
    expect(above.requiredCii).toBe(at.requiredCii);
    expect(at.referenceCii).toBeCloseTo(1.945675, 5);
  });

  it('fixes LNG carriers under 65,000 DWT at 65,000 with a = 14779E10 (CII_ref 20.17101)', () => {
    expect(calculateCii({ shipType: 'lng_carrier', dwt: 30_000, ...base }).referenceCii).toBeCloseTo(
      20.17101,
      4,
    );
  });

  it('caps vehicle carriers on GT, not DWT (CII_ref 5.629293 at 57,700 GT)', () => {
    const r = calculateCii({
      shipType: 'ro_ro_cargo_ship_vehicle_carrier',
      gt: 80_000,
      dwt: 20_000,
      ...base,
    });
    expect(r.capacityBasis).toBe('GT');
    expect(r.referenceCii).toBeCloseTo(5.629293, 5);
  });

  it('uses the ro-ro passenger dd vector for HSC (no own row in MEPC.354(78))', () => {
    const r = calculateCii({ shipType: 'ro_ro_passenger_ship_hsc', gt: 8_000, ...base });
    expect(r.boundaries.superior / r.requiredCii).toBeCloseTo(0.76, 12);
    expect(r.boundaries.inferior / r.requiredCii).toBeCloseTo(1.3, 12);
  });

  it('uses the 2027–2030 Z of MEPC.400(83)', () => {
    const z = [2027, 2028, 2029, 2030].map(
      (year) => calculateCii({ shipType: 'tanker', dwt: 100_000, ...base, year }).reductionFactor,
    );
    expect(z).toEqual([13.625, 16.25, 18.875, 21.5]);
  });
});

describe('typed errors instead of wrong numbers', () => {
  const ok = { shipType: 'tanker', dwt: 50_000, year: 2024, distanceNm: 1000, fuelTonnes: { hfo: 10 } };
  it.each([
    [{ ...ok, shipType: 'submarine' }, 'unknown_ship_type', 'shipType'],
    [{ ...ok, fuelTonnes: { kerosene: 1 } }, 'unknown_fuel', 'fuelTonnes.kerosene'],
    [{ ...ok, year: 2031 }, 'unknown_year', 'year'],
    [{ ...ok, year: 2018 }, 'unknown_year', 'year'],
    [{ ...ok, dwt: undefined, gt: 30_000 }, 'missing_capacity', 'dwt'],
    [{ ...ok, dwt: 0 }, 'capacity_out_of_range', 'dwt'],
    [{ ...ok, dwt: -5 }, 'capacity_out_of_range', 'dwt'],
    [{ ...ok, shipType: 'cruise_passenger_ship' }, 'missing_capacity', 'gt'],
    [{ ...ok, distanceNm: 0 }, 'invalid_number', 'distanceNm'],
    [{ ...ok, fuelTonnes: { hfo: -1 } }, 'invalid_number', 'fuelTonnes.hfo'],
  ])('rejects %o with %s on %s', (input, code, field) => {
    try {
      calculateCii(input);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DomainInputError);
      expect((e as DomainInputError).code).toBe(code);
      expect((e as DomainInputError).field).toBe(field);
    }
  });

  it('accepts product fuel ids (ls_hfo counts as HFO: CF by grade, not sulphur)', () => {
    const a = calculateCii({ ...ok, fuelTonnes: { ls_hfo: 10 } });
    const b = calculateCii({ ...ok, fuelTonnes: { hfo: 10 } });
    expect(a.attainedCii).toBe(b.attainedCii);
  });
});

describe('MEPC.355(78) corrections', () => {
  const base = {
    shipType: 'tanker',
    dwt: 100_000,
    year: 2025,
    distanceNm: 50_000,
    fuelTonnes: { hfo: 10_000 },
  };
  it('deducts excluded voyages and distance', () => {
    const r = calculateCii({
      ...base,
      corrections: { voyageFuelTonnes: { hfo: 1000 }, excludedDistanceNm: 5000 },
    });
    expect(r.attainedCii).toBeCloseTo((9000 * 3.114 * 1e6) / (100_000 * 45_000), 10);
  });
  it('deducts boiler fuel with the (0.75 − 0.03·y_i) share', () => {
    const r = calculateCii({ ...base, corrections: { boilerFuelTonnes: { hfo: 1000 } } });
    const share = 0.75 - 0.03 * 2;
    expect(r.co2CountedTonnes).toBeCloseTo((10_000 - share * 1000) * 3.114, 8);
  });
  it('divides by the correction factors', () => {
    const plain = calculateCii(base);
    const r = calculateCii({ ...base, corrections: { fi: 1.05, fc: 1.1 } });
    expect(r.attainedCii).toBeCloseTo(plain.attainedCii / (1.05 * 1.1), 12);
  });
});

describe('properties', () => {
  const fuelArb = fc.record({
    hfo: fc.double({ min: 0, max: 1e5, noNaN: true }),
    lng: fc.double({ min: 0, max: 1e5, noNaN: true }),
    methanol: fc.double({ min: 0, max: 1e5, noNaN: true }),
  });

  it('CO2 is additive over voyages', () => {
    fc.assert(
      fc.property(fc.array(fuelArb, { minLength: 1, maxLength: 20 }), (voyages) => {
        const per = voyages.map(
          (f) =>
            calculateCii({ shipType: 'tanker', dwt: 80_000, year: 2025, distanceNm: 100, fuelTonnes: f })
              .co2Tonnes,
        );
        const totals = sumVoyages(
          voyages.map((f, i) => ({
            startUtc: i * 1000,
            endUtc: i * 1000 + 500,
            distanceNm: 100,
            fuelTonnes: f,
          })),
        );
        const whole = calculateCii({
          shipType: 'tanker',
          dwt: 80_000,
          year: 2025,
          distanceNm: totals.distanceNm,
          fuelTonnes: totals.fuelTonnes,
        }).co2Tonnes;
        const sum = per.reduce((a, b) => a + b, 0);
        expect(Math.abs(whole - sum)).toBeLessThanOrEqual(1e-9 * Math.max(1, sum));
      }),
    );
  });

  it('boundaries are ordered and the rating is monotone in attained CII', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CII_SHIP_TYPES),
        fc.integer({ min: 5000, max: 400_000 }),
        fc.integer({ min: 2019, max: 2030 }),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        (shipType, size, year, x, y) => {
          const r = calculateCii({
            shipType,
            dwt: size,
            gt: size,
            year,
            distanceNm: 1000,
            fuelTonnes: { hfo: 10 },
          });
          const b = r.boundaries;
          expect(b.superior).toBeLessThan(b.lower);
          expect(b.lower).toBeLessThan(r.requiredCii);
          expect(r.requiredCii).toBeLessThan(b.upper);
          expect(b.upper).toBeLessThan(b.inferior);
          const [lo, hi] = x <= y ? [x, y] : [y, x];
          const scale = r.requiredCii;
          expect(CII_RATINGS.indexOf(ciiRating(lo * scale, b))).toBeLessThanOrEqual(
            CII_RATINGS.indexOf(ciiRating(hi * scale, b)),
          );
        },
      ),
    );
  });
});

describe('period, projection and corrective action', () => {
  it('prorates a voyage that straddles the year end', () => {
    const t = sumVoyages(
      [
        {
          startUtc: '2024-12-31T12:00:00Z',
          endUtc: '2025-01-01T12:00:00Z',
          distanceNm: 300,
          fuelTonnes: { hfo: 30 },
        },
      ],
      { from: '2025-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
    );
    expect(t.distanceNm).toBe(150);
    expect(t.fuelTonnes.hfo).toBe(15);
  });

  it('projects the year end with planned daily fuel', () => {
    const p = projectCii({
      ship: { shipType: 'bulk_carrier', dwt: 50_000 },
      year: 2026,
      soFar: { distanceNm: 500, fuelTonnes: { hfo: 40 } },
      plan: { speedKn: 12, days: 500 / 288, dailyFuelTonnes: { hfo: 40 / (500 / 288) } },
    });
    expect(p.projectedDistanceNm).toBeCloseTo(1000, 9);
    expect(p.attainedCii).toBeCloseTo(4.9824, 9);
    expect(p.rating).toBe('C');
  });

  it('scales fuel by the cube law when no daily fuel is planned', () => {
    const p = projectCii({
      ship: { shipType: 'bulk_carrier', dwt: 50_000 },
      year: 2026,
      soFar: { distanceNm: 240, fuelTonnes: { hfo: 24 }, hoursUnderway: 24 },
      plan: { speedKn: 5, days: 1 },
    });
    // ytd 10 kn at 1 t/h; at 5 kn fuel/h = 1/8 t/h → 3 t over 24 h.
    expect(p.projectedFuelTonnes.hfo).toBeCloseTo(27, 9);
  });

  it.each([
    [[{ year: 2025, rating: 'E' }], true, 'rated_e'],
    [
      [
        { year: 2023, rating: 'D' },
        { year: 2024, rating: 'D' },
        { year: 2025, rating: 'D' },
      ],
      true,
      'rated_d_three_consecutive_years',
    ],
    [
      [
        { year: 2022, rating: 'D' },
        { year: 2024, rating: 'D' },
        { year: 2025, rating: 'D' },
      ],
      false,
      null,
    ],
    [
      [
        { year: 2024, rating: 'D' },
        { year: 2025, rating: 'D' },
      ],
      false,
      null,
    ],
    [
      [
        { year: 2023, rating: 'D' },
        { year: 2024, rating: 'D' },
        { year: 2025, rating: 'C' },
      ],
      false,
      null,
    ],
  ] as const)('%o → required %s (%s)', (history, required, reason) => {
    const r = correctiveActionRequired(history);
    expect(r.required).toBe(required);
    expect(r.reason).toBe(reason);
  });
});
