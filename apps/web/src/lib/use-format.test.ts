import { mulberry32 } from '@ecohelm/domain';
import { describe, expect, it } from 'vitest';
import { formatNumber } from './use-format';

describe('formatNumber', () => {
  it('writes numbers as Intl.NumberFormat does in both languages, ties and negative zeros included', () => {
    const next = mulberry32(20261127);
    const values = [
      0,
      -0,
      0.5,
      1.5,
      2.5,
      -0.5,
      -2.5,
      1.005,
      370.15,
      -746.65,
      999.995,
      -0.04,
      -0.0001,
      0.125,
      1e21,
      1e-7,
      123456789.125,
      2 ** 54 + 2,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      0.49999999999999994,
    ];
    for (let k = 0; k < 4000; k++) {
      values.push((next() - 0.3) * 10 ** Math.floor(next() * 14 - 4));
      // Numbers with a 5 just past the decimals kept: the ties ICU rounds away from zero.
      values.push(((Math.round(next() * 100000) + 0.5) / 1000) * (next() < 0.3 ? -1 : 1));
    }
    for (const locale of ['en-US', 'zh-CN']) {
      for (const decimals of [0, 1, 2, 3]) {
        const intl = new Intl.NumberFormat(locale, {
          minimumFractionDigits: decimals,
          maximumFractionDigits: decimals,
        });
        const differing = values.filter((v) => formatNumber(v, decimals, locale) !== intl.format(v));
        expect(differing, `${locale}, ${decimals} decimals`).toEqual([]);
      }
    }
  });

  it('groups thousands and keeps the decimals asked for', () => {
    expect(formatNumber(1234567.891, 2, 'en-US')).toBe('1,234,567.89');
    expect(formatNumber(370.15, 1, 'zh-CN')).toBe('370.2');
    expect(formatNumber(-0.04, 1, 'en-US')).toBe('-0.0');
    expect(formatNumber(7, 3, 'en-US')).toBe('7.000');
  });
});
