import { foulingResponseSchema } from '@ecohelm/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import fixture from '../../test/fixtures/fouling.json';
import { cleaningCurveOption, pvAxisRange, ratingBands, trendChartOption } from './fouling-charts';

const data = foulingResponseSchema.parse(fixture);
const t = ((key: string, o?: Record<string, unknown>) =>
  o ? `${key} ${JSON.stringify(o)}` : key) as unknown as TFunction;
const num = (v: number | null | undefined, d: number) => (v == null ? '—' : v.toFixed(d));
type Series = {
  markArea?: {
    data: [{ name?: string; yAxis?: number; xAxis?: number }, { yAxis?: number; xAxis?: number }][];
  };
  markLine?: { data: unknown[] };
  data: [string, number][];
};
const firstSeries = (o: unknown) => (o as { series: Series[] }).series[0]!;

describe('fouling charts', () => {
  it('draws the whole rating scale as bands: excellent, good, fair and poor at 2, 4 and 7 % speed loss', () => {
    const range = pvAxisRange([-1.2, -0.4]);
    expect(range.min).toBeLessThanOrEqual(-8);
    expect(ratingBands(range.min, range.max)).toEqual([
      { rating: 'excellent', from: -2, to: range.max },
      { rating: 'good', from: -4, to: -2 },
      { rating: 'fair', from: -7, to: -4 },
      { rating: 'poor', from: range.min, to: -7 },
    ]);
    const bands = firstSeries(trendChartOption(data, t, num)).markArea!.data;
    expect(bands.map((b) => b[0].name)).toEqual([
      'fouling.ratings.excellent',
      'fouling.ratings.good',
      'fouling.ratings.fair',
      'fouling.ratings.poor',
    ]);
  });

  it('marks a cleaning after the last valid day: the axis runs to the end of the range', () => {
    const last = data.daily.at(-1)!.date;
    const end = new Date(Date.parse(`${last}T00:00:00Z`) + 2 * 86_400_000).toISOString();
    const recent = { ...data.maintenance[0]!, id: 99, startTime: end, endTime: end, effect: null };
    const withRecent = {
      ...data,
      to: new Date(Date.parse(end) + 86_400_000).toISOString(),
      maintenance: [recent, ...data.maintenance],
    };
    const option = trendChartOption(withRecent, t, num) as { xAxis: { max: number } };
    const marks = firstSeries(option).markLine!.data as { xAxis: number; name: string }[];
    expect(marks).toHaveLength(withRecent.maintenance.length);
    expect(marks[0]!.xAxis).toBe(Date.parse(end));
    expect(marks[0]!.name).toContain(end.slice(0, 10));
    expect(option.xAxis.max).toBeGreaterThanOrEqual(Date.parse(end));
  });

  it("draws a cleaning's curve: the PV 60 days either side, the event shaded and its before/after levels", () => {
    const m = data.maintenance.find((x) => x.effect)!;
    const s = firstSeries(cleaningCurveOption(data, m, t, num));
    expect(s.data.length).toBeGreaterThan(10);
    for (const [date] of s.data) {
      expect(Math.abs(Date.parse(date) - Date.parse(m.endTime))).toBeLessThan(61 * 86_400_000);
    }
    expect(s.markArea!.data[0]![0].xAxis).toBe(Date.parse(m.startTime));
    expect(JSON.stringify(s.markLine!.data)).toContain(m.effect!.reference.mean.toFixed(2));
    expect(JSON.stringify(s.markLine!.data)).toContain(m.effect!.evaluation.mean.toFixed(2));
  });
});
