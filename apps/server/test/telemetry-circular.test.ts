import { describe, expect, it } from 'vitest';
import { createTestApp, storeKinds } from './stores.ts';

const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;
/** Distance between two headings in degrees. */
const off = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

describe.each(storeKinds)('means of headings around north (%s)', (kind) => {
  it('are north at every level, live and bulk', async () => {
    const t = await createTestApp(kind);
    try {
      const telemetry = t.services.telemetry;
      // Live: an hour at 1 Hz swinging 350°…10° around north (arithmetic mean would be 180°).
      const start = Date.parse('2026-05-01T00:00:00Z');
      const live = Array.from({ length: 3600 }, (_, i) => ({
        channel: 'navigation.headingTrue',
        t: start + i * 1000,
        value: rad((360 + 10 * Math.sin((2 * Math.PI * i) / 600)) % 360),
      }));
      await telemetry.writeSamples(live);
      // Bulk: a day of minutes alternating 355° and 5°.
      const day = Date.parse('2026-05-03T00:00:00Z');
      await telemetry.writeMinuteRollups(
        Array.from({ length: 1440 }, (_, i) => {
          const v = rad(i % 2 === 0 ? 355 : 5);
          return {
            channel: 'navigation.headingTrue',
            minuteStart: day + i * 60_000,
            mean: v,
            min: v,
            max: v,
            last: v,
            count: 1,
          };
        }),
      );
      const writer = telemetry.bulkHistory({ minutesAreNew: true });
      const id = writer.channelId('navigation.headingTrue');
      const day2 = Date.parse('2026-05-05T00:00:00Z');
      for (let i = 0; i < 1440; i++) {
        const v = rad(i % 2 === 0 ? 358 : 4);
        writer.minute(id, day2 + i * 60_000, { mean: v, min: v, max: v, last: v, count: 1 });
      }
      await writer.finish();

      const now = Date.parse('2026-05-06T00:00:00Z');
      const minuteTrend = await telemetry.trend('navigation.headingTrue', start, start + 3600_000, 60, now);
      expect(minuteTrend.source).toBe('1m');
      for (const p of minuteTrend.points) expect(off(deg(p.mean), 0)).toBeLessThan(10.01);
      const hourly = await telemetry.trend('navigation.headingTrue', start, start + 3600_000, 1, now);
      expect(hourly.source).toBe('1h');
      expect(off(deg(hourly.points[0]!.mean), 0)).toBeLessThan(0.5);
      const daily = await telemetry.trend('navigation.headingTrue', day, day2 + 86_400_000, 3, now);
      expect(daily.source).toBe('1d');
      expect(daily.points.map((p) => (Math.round(deg(p.mean) * 10) / 10) % 360)).toEqual([0, 1]);
      const raw = await telemetry.trend(
        'navigation.headingTrue',
        start,
        start + 600_000,
        20,
        start + 3600_000,
      );
      expect(raw.source).toBe('raw');
      for (const p of raw.points) expect(off(deg(p.mean), 0)).toBeLessThan(10.01);
      // A channel that is not an angle keeps its arithmetic mean.
      await telemetry.writeSamples([
        { channel: 'navigation.speedOverGround', t: start, value: 1 },
        { channel: 'navigation.speedOverGround', t: start + 1000, value: 3 },
      ]);
      const sog = await telemetry.trend('navigation.speedOverGround', start, start + 3600_000, 1, now);
      expect(sog.points[0]!.mean).toBe(2);
    } finally {
      await t.close();
    }
  });
});
