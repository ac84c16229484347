import { describe, expect, it } from 'vitest';
import {
  buildTrimTable,
  interpolateTrimTable,
  TrimTableError,
  type TrimTableRow,
  tableAdvice,
} from './trim-table.ts';

/** A 2 × 2 × 3 table: ΔP = 2·(trim − opt)² with opt 1.0 m at 7 m draught and 0.0 m at 12 m, plus 0.1·(speed − 10). */
function rows(): TrimTableRow[] {
  const out: TrimTableRow[] = [];
  let line = 2;
  for (const speedKn of [10, 14])
    for (const draftM of [7, 12])
      for (const trimM of [-1, 0, 1, 2]) {
        const opt = draftM === 7 ? 1 : 0;
        out.push({
          line: line++,
          speedKn,
          draftM,
          trimM,
          deltaPowerPct: 2 * (trimM - opt) ** 2 + 0.1 * (speedKn - 10),
        });
      }
  return out;
}

describe('trim tables', () => {
  const table = buildTrimTable(rows());

  it('returns the grid values at its points', () => {
    expect(interpolateTrimTable(table, 10, 7, 1)).toBe(0);
    expect(interpolateTrimTable(table, 14, 12, 2)).toBeCloseTo(8.4, 12);
  });

  it('interpolates trilinearly between them (hand-checked)', () => {
    // At 12 kn (halfway), 9.5 m (halfway), trim 0.5 (halfway between 0 and 1):
    // 7 m: trim 0 → 2, trim 1 → 0 ⇒ 1; 12 m: trim 0 → 0, trim 1 → 2 ⇒ 1; draught halfway ⇒ 1; speed adds 0.2.
    expect(interpolateTrimTable(table, 12, 9.5, 0.5)).toBeCloseTo(1.2, 12);
    // Outside the grid the nearest edge holds.
    expect(interpolateTrimTable(table, 20, 7, 1)).toBeCloseTo(0.4, 12);
  });

  it('advises the best trim of the interpolated curve', () => {
    const a = tableAdvice(table, 10, 7, 2);
    expect(a.optimumM).toBeCloseTo(1, 6);
    // From 2 m (ΔP 2 %) to 1 m (ΔP 0 %): 2/102 of today's power.
    expect(a.savingPct).toBeCloseTo((100 * 2) / 102, 6);
  });

  it('refuses an incomplete, duplicated or implausible table naming the lines', () => {
    const missing = rows().slice(0, -1);
    expect(() => buildTrimTable(missing)).toThrow('no value for 14 kn, 12 m draught, 2 m trim');
    const twice = [...rows(), { ...rows()[0]!, line: 99 }];
    expect(() => buildTrimTable(twice)).toThrow('line 99: 10 kn, 7 m, -1 m is already on line 2');
    const wild = rows().map((r) => (r.line === 5 ? { ...r, deltaPowerPct: 80 } : r));
    expect(() => buildTrimTable(wild)).toThrow(TrimTableError);
    expect(() => buildTrimTable(wild)).toThrow('line 5: ΔP 80 % is not between −50 and 50');
    expect(() => buildTrimTable(rows().filter((r) => r.speedKn === 10))).toThrow('at least two speeds');
  });
});
