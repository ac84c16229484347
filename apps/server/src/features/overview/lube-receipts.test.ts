import { describe, expect, it } from 'vitest';
import { lastLubeReceipt } from './lube-receipts.ts';

const H = 3600;
/** Hourly readings from `start` (h), falling `perHour`, with deliveries of `add` m³ at given hours. */
function tank(start: number, hours: number, from: number, perHour: number, add: Record<number, number> = {}) {
  let rob = from;
  return Array.from({ length: hours }, (_, i) => {
    rob += -perHour + (add[start + i] ?? 0);
    return { t: (start + i) * H, last: rob };
  });
}

describe('lastLubeReceipt', () => {
  it('finds the newest delivery across both tanks and adds its parts', () => {
    const cyl = tank(0, 200, 18, 0.01, { 50: 2, 150: 1.5 });
    const sys = tank(0, 200, 22, 0.002, { 151: 2.5 });
    const r = lastLubeReceipt([cyl, sys]);
    expect(r?.quantityM3).toBeCloseTo(4 - 2 * 0.012, 6);
    expect(r?.atMs).toBe(152 * H * 1000);
  });

  it('sees no delivery in tanks that only fall, or in noise below the threshold', () => {
    expect(lastLubeReceipt([tank(0, 100, 18, 0.01), tank(0, 100, 22, 0.002)])).toBeNull();
    const noisy = tank(0, 100, 18, 0, { 10: 0.1, 11: -0.1, 40: 0.15 });
    expect(lastLubeReceipt([noisy])).toBeNull();
  });

  it('waits for every tank before summing, so a tank starting later is no delivery', () => {
    const cyl = tank(0, 100, 18, 0.01);
    const sys = tank(30, 70, 22, 0.002);
    expect(lastLubeReceipt([cyl, sys])).toBeNull();
  });

  it('answers nothing without readings', () => {
    expect(lastLubeReceipt([])).toBeNull();
    expect(lastLubeReceipt([[], []])).toBeNull();
  });
});
