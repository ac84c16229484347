import { describe, expect, it } from 'vitest';
import { co2FactorTPerT, fuelFactors } from '../fuels/factors.ts';
import { distributeConsumption, fuelMixLookup, modeTimeline } from './distribution.ts';

const H = 3_600_000;

describe('consumption distribution', () => {
  it('puts each hour in the mode its voyage events and speed give', () => {
    const mode = modeTimeline([
      { t: 10 * H, type: 'departure' },
      { t: 20 * H, type: 'anchorage_start' },
      { t: 22 * H, type: 'anchorage_end' },
      { t: 30 * H, type: 'arrival' },
      { t: 25 * H, type: 'fuel_changeover' },
      { t: 40 * H, type: 'drift_start' },
    ]);
    expect(mode(0, 0)).toBe('port'); // before any event: speed alone
    expect(mode(5 * H, 12)).toBe('sea_passage');
    expect(mode(10 * H, 4)).toBe('manoeuvring');
    expect(mode(12 * H, 13)).toBe('sea_passage');
    expect(mode(21 * H, 0)).toBe('anchorage');
    expect(mode(23 * H, 5.9)).toBe('manoeuvring');
    expect(mode(31 * H, 0.2)).toBe('port');
    expect(mode(41 * H, 1)).toBe('drifting');
    // A port call that starts at the anchorage: anchored, then shifting to the berth, then alongside.
    const call = modeTimeline([
      { t: 0, type: 'departure' },
      { t: 10 * H, type: 'arrival' },
      { t: 10 * H, type: 'anchorage_start' },
      { t: 20 * H, type: 'anchorage_end' },
      { t: 40 * H, type: 'departure' },
    ]);
    expect(call(11 * H, 0)).toBe('anchorage');
    expect(call(20 * H, 4)).toBe('manoeuvring');
    expect(call(25 * H, 0.1)).toBe('port');
    expect(call(41 * H, 14)).toBe('sea_passage');
    // Asked again from the start, the lookup rewinds.
    expect(mode(12 * H, 13)).toBe('sea_passage');
  });

  it('sums fuel, CO2 and energy by consumer and mode with the fuel class factors', () => {
    const mode = modeTimeline([
      { t: 0, type: 'departure' },
      { t: 2 * H, type: 'arrival' },
    ]);
    const d = distributeConsumption(
      [
        {
          t: 0,
          stwKn: 13,
          fuel: [
            { consumer: 'me', kg: 1000, fuelClass: 'hfo' },
            { consumer: 'ge1', kg: 100, fuelClass: 'diesel_gas_oil' },
          ],
        },
        { t: H, stwKn: 3, fuel: [{ consumer: 'me', kg: 400, fuelClass: 'hfo' }] },
        {
          t: 2 * H,
          stwKn: 0,
          fuel: [
            { consumer: 'ge1', kg: 90, fuelClass: 'diesel_gas_oil' },
            { consumer: 'boiler1', kg: 50, fuelClass: 'diesel_gas_oil' },
          ],
        },
      ],
      mode,
    );
    expect(d.hours).toBe(3);
    expect(d.byMode.sea_passage.hours).toBe(1);
    expect(d.byMode.manoeuvring.hours).toBe(1);
    expect(d.byMode.port.hours).toBe(1);
    expect(d.byConsumer.me.fuelT).toBeCloseTo(1.4, 12);
    expect(d.byConsumer.ge1.fuelT).toBeCloseTo(0.19, 12);
    expect(d.matrix.me.sea_passage).toBeCloseTo(1, 12);
    expect(d.matrix.me.manoeuvring).toBeCloseTo(0.4, 12);
    expect(d.matrix.boiler1.port).toBeCloseTo(0.05, 12);
    expect(d.byMode.port.fuelT).toBeCloseTo(0.14, 12);
    expect(d.total.fuelT).toBeCloseTo(1.64, 12);
    // HFO C_F 3.114, MGO 3.206 (MEPC.364(79)).
    expect(d.total.co2T).toBeCloseTo(
      1.4 * co2FactorTPerT('hfo') + 0.24 * co2FactorTPerT('diesel_gas_oil'),
      9,
    );
    expect(co2FactorTPerT('hfo')).toBeCloseTo(3.114, 3);
    const lcv = (f: string) => fuelFactors(f).lcvKjPerKg! / 1000;
    expect(d.byConsumer.me.energyGj).toBeCloseTo(1.4 * lcv('hfo'), 9);
  });
});

describe('fuel mix of the generators and boilers', () => {
  it('follows the main engine of the hour, else the latest hour it burnt, else the next, else MGO', () => {
    const mix = fuelMixLookup([
      { t: 2 * H, kg: { hfo: 300, lfo: 0, mgo: 100 } },
      { t: 3 * H, kg: { hfo: 0, lfo: 0, mgo: 0 } },
      { t: 5 * H, kg: { hfo: 0, lfo: 0, mgo: 50 } },
    ]);
    expect(mix(2 * H)).toEqual({ hfo: 0.75, lfo: 0, mgo: 0.25 });
    expect(mix(4 * H)).toEqual({ hfo: 0.75, lfo: 0, mgo: 0.25 });
    expect(mix(0)).toEqual({ hfo: 0.75, lfo: 0, mgo: 0.25 });
    expect(mix(9 * H)).toEqual({ hfo: 0, lfo: 0, mgo: 1 });
    expect(fuelMixLookup([])(0)).toEqual({ hfo: 0, lfo: 0, mgo: 1 });
  });
});
