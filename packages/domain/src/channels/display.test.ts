import { describe, expect, it } from 'vitest';
import { channelById, channelCatalogue } from './catalogue.ts';
import { displayDigitsOf, displayUnitOf } from './display.ts';
import { CHANNEL } from './ids.ts';

const digits = (id: string) => displayDigitsOf(channelById(id)!);

describe('display digits', () => {
  it('gives every channel of the catalogue a whole number of decimals', () => {
    for (const def of channelCatalogue) {
      const d = displayDigitsOf(def);
      expect(Number.isInteger(d) && d >= 0 && d <= 3, `${def.id} (${displayUnitOf(def)})`).toBe(true);
    }
  });

  it('shows each unit to its step, trim and the turbocharger to their own', () => {
    expect(digits(CHANNEL.mePower)).toBe(0); // kW
    expect(digits(CHANNEL.meRev)).toBe(1); // rpm
    expect(digits(CHANNEL.meScav)).toBe(2); // bar
    expect(digits(CHANNEL.ukc)).toBe(1); // m
    expect(digits(CHANNEL.trim)).toBe(2); // m, but to the centimetre
    expect(digits(CHANNEL.meTc)).toBe(0); // rpm, but tens of thousands
  });
});
