import { execFileSync, execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeGrib2, GribError, type GribField, type WeatherParameter } from './grib.ts';

const fixtures = path.join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => readFileSync(path.join(fixtures, name));
const T0 = Date.parse('2025-03-10T00:00:00Z');
const HOUR = 3_600_000;

/** The values make-fixtures.sh sets, by longitude index i (0 = 20° W), latitude index j (0 = 40° N), step k. */
const formula: Record<WeatherParameter, (i: number, j: number, k: number) => number> = {
  windU: (i, j, k) => 0.5 * i - j + 2 * k,
  windV: (i, j, k) => -10 + 0.2 * i * j + k,
  waveHs: (i, j, k) => (j === 0 && i === 8 ? Number.NaN : 1 + 0.1 * i + 0.2 * j + 0.5 * k),
  swellHs: (_i, j, k) => 0.5 + 0.1 * j + 0.1 * k,
  swellPeriod: (i, _j, k) => 8 + 0.5 * i + k,
  swellDir: (i, j, k) => 10 * i + 5 * j + 10 * k,
  currentU: (i, _j, k) => 0.1 * (i - 4) + 0.1 * k,
  currentV: (_i, j) => 0.5 - 0.1 * j,
};

function expectFieldMatches(field: GribField, k: number) {
  // Rows run south → north: row r is latitude index j = 4 − r.
  for (let r = 0; r < 5; r++)
    for (let c = 0; c < 9; c++) {
      const want = formula[field.parameter](c, 4 - r, k);
      const got = field.values[r * 9 + c]!;
      if (Number.isNaN(want)) expect(got, `${field.parameter} r${r} c${c}`).toBeNaN();
      else expect(got, `${field.parameter} r${r} c${c}`).toBeCloseTo(want, 5);
    }
}

describe('GRIB2 decoder', () => {
  it('decodes every field ecCodes wrote, with its valid time, grid and values', () => {
    const { fields, skipped } = decodeGrib2(fixture('forecast.grb2'));
    expect(fields).toHaveLength(24);
    for (const field of fields) {
      expect(field.grid).toEqual({ lat0: 30, lon0: 340, dLat: 2.5, dLon: 2.5, nLat: 5, nLon: 9 });
      const k = (field.validTimeMs - T0) / (24 * HOUR);
      expect([0, 1, 2]).toContain(k);
      expectFieldMatches(field, k);
    }
    const params = new Set(fields.map((f) => f.parameter));
    expect([...params].sort()).toEqual(Object.keys(formula).sort());
    expect(skipped).toEqual([
      {
        message: 25,
        discipline: 0,
        category: 0,
        number: 0,
        reason: 'a parameter the weather forecasts do not use',
      },
      { message: 26, discipline: 0, category: 2, number: 2, reason: 'wind not at 10 m above ground' },
    ]);
  });

  it('decodes complex packing (template 5.3) to the same values as simple packing', () => {
    const { fields } = decodeGrib2(fixture('forecast-complex.grb2'));
    expect(fields.map((f) => [f.parameter, f.validTimeMs])).toEqual([
      ['windU', T0],
      ['windV', T0],
    ]);
    for (const f of fields) expectFieldMatches(f, 0);
  });

  it('decodes a constant field (no bits per value)', () => {
    const { fields } = decodeGrib2(fixture('wind-constant.grb2'));
    expect(fields.map((f) => [f.parameter, (f.validTimeMs - T0) / HOUR, f.values[0], f.values[44]])).toEqual([
      ['windU', 0, 3, 3],
      ['windV', 0, 4, 4],
      ['windU', 24, 3, 3],
      ['windV', 24, 4, 4],
    ]);
  });

  it('refuses a truncated file, a PNG and an empty buffer with a clear reason', () => {
    const whole = fixture('forecast.grb2');
    expect(() => decodeGrib2(whole.subarray(0, 3000))).toThrow(GribError);
    expect(() => decodeGrib2(whole.subarray(0, 3000))).toThrow(/cut short/);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    expect(() => decodeGrib2(png)).toThrow('no GRIB message found');
    expect(() => decodeGrib2(new Uint8Array(0))).toThrow('no GRIB message found');
    const length = whole.readUInt32BE(12);
    const damaged = Buffer.from(whole.subarray(0, length));
    damaged.write('7776', length - 4, 'latin1');
    expect(() => decodeGrib2(damaged)).toThrow('message 1 does not end with 7777');
  });

  const hasEccodes = (() => {
    try {
      execSync('command -v grib_set', { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  it.runIf(hasEccodes)('matches fixtures freshly made by ecCodes (make-fixtures.sh)', () => {
    const out = mkdtempSync(path.join(tmpdir(), 'ecohelm-grib-'));
    try {
      execFileSync('sh', [path.join(fixtures, 'make-fixtures.sh'), out], { stdio: 'pipe' });
      for (const name of ['forecast.grb2', 'forecast-complex.grb2', 'wind-constant.grb2']) {
        const fresh = decodeGrib2(readFileSync(path.join(out, name)));
        const committed = decodeGrib2(fixture(name));
        expect(fresh.fields.length, name).toBe(committed.fields.length);
        fresh.fields.forEach((f, n) => {
          const c = committed.fields[n]!;
          expect([f.parameter, f.validTimeMs, f.grid]).toEqual([c.parameter, c.validTimeMs, c.grid]);
          expect(Array.from(f.values)).toEqual(Array.from(c.values));
        });
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
