import { describe, expect, it } from 'vitest';
import { ruleSetText } from './reports.ts';

describe('a rule set as a reader reads it', () => {
  it('names the regime and joins the instruments', () => {
    expect(ruleSetText('eu-mrv:2015/757+2016/2072+2023/957')).toBe('EU MRV 2015/757 + 2016/2072 + 2023/957');
    expect(ruleSetText('imo-dcs:MARPOL-VI/27+MEPC.278(70)')).toBe('IMO DCS MARPOL-VI/27 + MEPC.278(70)');
    expect(ruleSetText('fueleu:2023/1805')).toBe('FuelEU 2023/1805');
  });

  it('leaves an id it does not know readable as it is', () => {
    expect(ruleSetText('other:1/2')).toBe('other 1/2');
    expect(ruleSetText('plain')).toBe('plain');
  });
});
