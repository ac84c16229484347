import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TelemetryRepository } from '../src/features/telemetry/telemetry.repository.ts';
import { TelemetryService } from '../src/features/telemetry/telemetry.service.ts';
import { createTestStore, storeKinds, type TestStore } from './stores.ts';

const DAY = 86_400_000;
const SOG = 'navigation.speedOverGround';
const NOW = Date.UTC(2026, 10, 24, 12);

describe.each(storeKinds)('minute rollup retention on %s', (kind) => {
  let ts: TestStore;
  let telemetry: TelemetryService;
  beforeAll(async () => {
    ts = await createTestStore(kind);
    telemetry = new TelemetryService(new TelemetryRepository(ts.store), { minuteWindowDays: 30 });
    await telemetry.init();
    // Two hours of a sample a minute, 60 days ago and yesterday.
    for (const start of [NOW - 60 * DAY, NOW - DAY]) {
      const samples = Array.from({ length: 120 }, (_, i) => ({
        channel: SOG,
        t: start + i * 60_000,
        value: 6 + i / 100,
      }));
      await telemetry.writeSamples(samples);
    }
  });
  afterAll(async () => {
    await ts.dispose();
  });

  it('drops minute rollups past their window and keeps the hours and days of every time', async () => {
    expect(await telemetry.pruneMinutes(NOW)).toBe(120);
    const minutes = await telemetry.rollups('1m', SOG, NOW - 90 * DAY, NOW);
    expect(minutes).toHaveLength(120);
    expect(Math.min(...minutes.map((r) => r.t * 1000))).toBeGreaterThanOrEqual(NOW - 30 * DAY);
    const hours = await telemetry.rollups('1h', SOG, NOW - 90 * DAY, NOW);
    expect(hours.filter((r) => r.t * 1000 < NOW - 30 * DAY).length).toBe(2);
    const days = await telemetry.rollups('1d', SOG, NOW - 90 * DAY, NOW);
    expect(days.length).toBe(2);
  });

  it('draws an old day from the hours, a recent one from the minutes', async () => {
    const old = await telemetry.trend(SOG, NOW - 60 * DAY, NOW - 59 * DAY, 200, NOW);
    expect(old.source).toBe('1h');
    expect(old.points.length).toBe(2);
    const recent = await telemetry.trend(SOG, NOW - DAY, NOW, 200, NOW);
    expect(recent.source).toBe('1m');
    expect(recent.points.reduce((n, p) => n + p.count, 0)).toBe(120);
  });

  it('keeps everything when the window is 0 (the default)', async () => {
    const keepAll = new TelemetryService(new TelemetryRepository(ts.store));
    await keepAll.init();
    expect(await keepAll.pruneMinutes(NOW + 365 * DAY)).toBe(0);
  });
});
