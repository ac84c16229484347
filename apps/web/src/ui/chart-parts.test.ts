import { describe, expect, it } from 'vitest';
import { chartParts } from './chart-parts';

describe('chartParts', () => {
  it('needs nothing beyond the chart code for lines and bars on axes with a tooltip and a legend', () => {
    expect(
      chartParts({
        grid: {},
        tooltip: {},
        legend: {},
        xAxis: { type: 'category' },
        yAxis: { type: 'value' },
        series: [{ type: 'line' }, { type: 'bar' }],
      }),
    ).toEqual([]);
  });

  it('names the series kinds and components the chart code leaves out, once each, in a stable order', () => {
    expect(
      chartParts({
        title: { text: 't' },
        legend: { type: 'scroll' },
        dataZoom: [{ type: 'inside' }],
        series: [
          { type: 'scatter', markLine: { data: [] } },
          { type: 'gauge' },
          { type: 'pie' },
          { type: 'line', markArea: { data: [] }, markLine: { data: [] } },
        ],
      }),
    ).toEqual(['pie', 'gauge', 'scatter', 'legendScroll', 'markArea', 'markLine', 'title', 'dataZoom']);
  });

  it('takes a single series and a single legend as well as lists', () => {
    expect(chartParts({ legend: [{ type: 'scroll' }], series: { type: 'pie' } })).toEqual([
      'pie',
      'legendScroll',
    ]);
  });
});
