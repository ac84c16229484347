import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TelemetryRepository } from '../src/features/telemetry/telemetry.repository.ts';
import { TelemetryService } from '../src/features/telemetry/telemetry.service.ts';
import { createTestStore, storeKinds, type TestStore } from './stores.ts';

const T0 = Date.UTC(2025, 0, 1);
const SOG = 'navigation.speedOverGround';

describe.each(storeKinds)('telemetry store on %s', (kind) => {
  let ts: TestStore;
  let svc: TelemetryService;
  beforeAll(async () => {
    ts = await createTestStore(kind);
    svc = new TelemetryService(new TelemetryRepository(ts.store));
    await svc.init();
  });
  afterAll(() => ts.dispose());

  it('keeps raw samples and exact 1 m / 1 h / 1 d rollups over several batches', async () => {
    const values: number[] = [];
    const batch = [];
    for (let i = 0; i < 7200; i++) {
      const v = 5 + Math.sin(i / 37) * 2 + (i % 97 === 0 ? 3 : 0);
      values.push(v);
      batch.push({ channel: SOG, t: T0 + i * 1000, value: v });
    }
    // Uneven batches that cut minutes and hours in the middle.
    for (let i = 0; i < batch.length; i += 1234) await svc.writeSamples(batch.slice(i, i + 1234));
    const raw = await svc.rawSamples(SOG, T0, T0 + 7200_000);
    expect(raw).toHaveLength(7200);
    const hours = await svc.rollups('1h', SOG, T0, T0 + 7200_000);
    expect(hours).toHaveLength(2);
    for (const [h, row] of hours.entries()) {
      const part = values.slice(h * 3600, (h + 1) * 3600);
      expect(row.n).toBe(3600);
      expect(row.sum / row.n).toBeCloseTo(part.reduce((a, b) => a + b, 0) / part.length, 9);
      expect(row.min).toBe(Math.min(...part));
      expect(row.max).toBe(Math.max(...part));
      expect(row.last).toBe(part.at(-1));
    }
    const minutes = await svc.rollups('1m', SOG, T0, T0 + 7200_000);
    expect(minutes).toHaveLength(120);
    const days = await svc.rollups('1d', SOG, T0, T0 + 86_400_000);
    expect(days[0]?.n).toBe(7200);
  });

  it('writes bulk minute rollups and derives hours and days, or rebuilds them in SQL', async () => {
    const ch = 'propulsion.main.shaftPower';
    const start = Date.UTC(2024, 0, 1);
    const rows = Array.from({ length: 3 * 1440 }, (_, k) => ({
      channel: ch,
      minuteStart: start + k * 60_000,
      mean: 5e6 + k,
      min: 4e6 + k,
      max: 6e6 + k,
      last: 5.5e6 + k,
      count: 60,
    }));
    await svc.writeMinuteRollups(rows.slice(0, 2000));
    await svc.writeMinuteRollups(rows.slice(2000));
    const derived = await svc.rollups('1h', ch, start, start + 3 * 86_400_000);
    expect(derived).toHaveLength(72);
    expect(derived[1]).toMatchObject({ n: 3600, min: 4e6 + 60, max: 6e6 + 119, last: 5.5e6 + 119 });
    expect(derived[1]!.sum / derived[1]!.n).toBeCloseTo(5e6 + 89.5, 6);
    const days = await svc.rollups('1d', ch, start, start + 3 * 86_400_000);
    expect(days.map((d) => d.n)).toEqual([86_400, 86_400, 86_400]);

    await svc.rebuildHourDayRollups(start, start + 3 * 86_400_000);
    const rebuilt = await svc.rollups('1h', ch, start, start + 3 * 86_400_000);
    expect(rebuilt).toEqual(derived);
    const daysAgain = await svc.rollups('1d', ch, start, start + 3 * 86_400_000);
    expect(daysAgain).toEqual(days);
  });

  it('writes columnar bulk history with exact hours and days, in bulk mode or merged', async () => {
    const a = 'propulsion.main.revolutions';
    const b = 'navigation.speedThroughWater';
    const start = Date.UTC(2023, 5, 1);
    const minutes = 2 * 1440;
    const value = (c: number, k: number) => (c === 0 ? 1 + Math.sin(k / 50) : 6 + (k % 7) * 0.1);
    // Fresh range (plain inserts, bulk mode): flushes cut hours and days in the middle.
    const writer = svc.bulkHistory({ minutesAreNew: true });
    const ids = [writer.channelId(a), writer.channelId(b)];
    for (let k = 0; k < minutes; k++) {
      for (const [c, id] of ids.entries()) {
        const v = value(c, k);
        writer.minute(id, start + k * 60_000, { mean: v, min: v - 0.5, max: v + 0.5, last: v, count: 60 });
      }
      if (writer.pending >= 1000) await writer.flush();
    }
    await writer.finish();
    const hours = await svc.rollups('1h', a, start, start + minutes * 60_000);
    expect(hours).toHaveLength(48);
    for (const [h, row] of hours.entries()) {
      const part = Array.from({ length: 60 }, (_, m) => value(0, h * 60 + m));
      expect(row.n).toBe(3600);
      expect(row.sum / row.n).toBeCloseTo(part.reduce((x, y) => x + y, 0) / 60, 9);
      expect(row.min).toBeCloseTo(Math.min(...part) - 0.5, 12);
      expect(row.max).toBeCloseTo(Math.max(...part) + 0.5, 12);
      expect(row.last).toBe(part.at(-1));
    }
    const days = await svc.rollups('1d', b, start, start + minutes * 60_000);
    expect(days.map((d) => d.n)).toEqual([86_400, 86_400]);
    expect((await svc.rollups('1m', b, start, start + minutes * 60_000)).length).toBe(minutes);

    // The same minutes again, merged: counts double, means stay, nothing is lost.
    const again = svc.bulkHistory({ minutesAreNew: false });
    for (let k = 0; k < 120; k++) {
      const v = value(0, k);
      again.minute(ids[0]!, start + k * 60_000, { mean: v, min: v - 0.5, max: v + 0.5, last: v, count: 60 });
    }
    await again.finish();
    const merged = await svc.rollups('1h', a, start, start + 2 * 3_600_000);
    expect(merged.map((r) => r.n)).toEqual([7200, 7200]);
    expect(merged[0]!.sum / merged[0]!.n).toBeCloseTo(hours[0]!.sum / hours[0]!.n, 9);
  });

  it('answers a downsampled trend with at most the points asked and keeps the peaks', async () => {
    const ch = 'propulsion.main.shaftPower';
    const start = Date.UTC(2024, 0, 1);
    const trend = await svc.trend(ch, start, start + 3 * 86_400_000, 50, start + 400 * 86_400_000);
    expect(trend.points.length).toBeLessThanOrEqual(50);
    expect(trend.source).toBe('1h');
    expect(Math.max(...trend.points.map((p) => p.max))).toBe(6e6 + 3 * 1440 - 1);
    expect(Math.min(...trend.points.map((p) => p.min))).toBe(4e6);
    const raw = await svc.trend(SOG, T0, T0 + 600_000, 2000, T0 + 3600_000);
    expect(raw.source).toBe('raw');
    expect(raw.points).toHaveLength(600);
  });

  it('prunes raw samples outside the window and keeps rollups', async () => {
    const deleted = await svc.pruneRaw(T0 + 8 * 86_400_000);
    expect(deleted).toBeGreaterThanOrEqual(7200);
    expect(await svc.rawSamples(SOG, T0, T0 + 7200_000)).toHaveLength(0);
    expect(await svc.rollups('1h', SOG, T0, T0 + 7200_000)).toHaveLength(2);
  });
});
