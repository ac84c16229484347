import { describe, expect, it } from 'vitest';
import { formatShipClock, formatShipTime, utcOffsetLabel } from './ship-time';

describe('ship time', () => {
  const instant = Date.UTC(2025, 0, 31, 17, 5, 9); // 2025-01-31T17:05:09Z

  it('formats ship time as YYYY-MM-DD HH:mm:ss (UTC+8) by default', () => {
    expect(formatShipClock(instant)).toBe('2025-02-01 01:05:09 (UTC+8)');
  });

  it('uses the configured ship time offset', () => {
    expect(formatShipClock(instant, 0)).toBe('2025-01-31 17:05:09 (UTC+0)');
    expect(formatShipClock(instant, -300)).toBe('2025-01-31 12:05:09 (UTC-5)');
    expect(formatShipClock(instant, 330)).toBe('2025-01-31 22:35:09 (UTC+5:30)');
  });

  it('matches the spec pattern', () => {
    expect(formatShipClock(Date.now())).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \(UTC\+8\)$/);
  });

  it('labels offsets', () => {
    expect(utcOffsetLabel(480)).toBe('UTC+8');
    expect(utcOffsetLabel(-210)).toBe('UTC-3:30');
  });
});

describe('ship time in tables', () => {
  it('shows a UTC instant in ship time to the minute, day or second, and a dash when missing', () => {
    expect(formatShipTime('2025-01-31T17:05:09Z', 480)).toBe('2025-02-01 01:05');
    expect(formatShipTime('2025-01-31T17:05:09Z', 480, 'day')).toBe('2025-02-01');
    expect(formatShipTime('2025-01-31T17:05:09Z', -300, 'second')).toBe('2025-01-31 12:05:09');
    expect(formatShipTime(null, 480)).toBe('—');
  });
});

describe('time axes in ship time', () => {
  it('labels a time axis in ship time whatever the browser zone: the day at midnight, else the hour', async () => {
    const { shipTimeAxisLabel } = await import('./ship-time');
    // 16:00 UTC is midnight the next day at UTC+8.
    expect(shipTimeAxisLabel(Date.parse('2026-11-26T16:00:00Z'), 480)).toBe('11-27');
    expect(shipTimeAxisLabel(Date.parse('2026-11-26T22:30:00Z'), 480)).toBe('06:30');
    expect(shipTimeAxisLabel(Date.parse('2026-11-26T22:30:00Z'), 0)).toBe('22:30');
  });
});
