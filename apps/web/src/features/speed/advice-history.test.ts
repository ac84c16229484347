import { describe, expect, it } from 'vitest';
import { historySpec } from './advice-panel';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 22, 0) + minute * 60_000).toISOString();

describe('the advice history drawn on its own grid of times', () => {
  it('puts each point at its time, leaves a missing time empty and holds the advice until the next one', () => {
    const spec = historySpec(
      [
        { t: at(0), actualRpm: 90.1, advisedRpm: 92 },
        { t: at(10), actualRpm: 90.4, advisedRpm: null },
        // 22:20 has no point
        { t: at(30), actualRpm: 91.9, advisedRpm: 93 },
      ],
      480,
      'Actual',
      'Advised',
    );
    expect(spec.series[0]?.values).toEqual([90.1, 90.4, null, 91.9]);
    expect(spec.series[1]?.values).toEqual([92, null, null, 93]);
    expect(spec.series[1]).toMatchObject({ step: true, spanGaps: true });
    // Ship time at UTC+8: 22:00 UTC is 06:00 on the next day.
    expect(spec.categories).toEqual(['06:00', '06:10', '06:20', '06:30']);
    expect(spec.titles?.[0]).toContain('2026-11-28 06:00');
    expect(spec.categoryName).toBe('UTC+8');
  });

  it('takes the hourly grid of a long range, and draws nothing for no points', () => {
    const hourly = historySpec(
      [
        { t: at(0), actualRpm: 90, advisedRpm: null },
        { t: at(180), actualRpm: 91, advisedRpm: null },
        { t: at(240), actualRpm: 92, advisedRpm: null },
      ],
      0,
      'Actual',
      'Advised',
    );
    expect(hourly.series[0]?.values).toEqual([90, null, null, 91, 92]);
    expect(historySpec([], 0, 'Actual', 'Advised').categories).toEqual([]);
  });
});
