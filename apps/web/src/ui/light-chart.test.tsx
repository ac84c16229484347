import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n';
import { Doughnut, doughnutArcs, sectorPath } from './doughnut';
import { LightChart, type LightChartSpec } from './light-chart';
import { LIGHT_THEME, lightOptions, niceTicks, seriesColor } from './light-chart-options';
import { fillTooltip, tooltipContent } from './light-tooltip';

/** A path as uPlot builds it: the points it passes through and the rectangles (bars) it holds. */
class RecordedPath {
  points: [number, number][] = [];
  rects: [number, number, number, number][] = [];
  constructor(from?: RecordedPath) {
    if (from) {
      this.points = [...from.points];
      this.rects = [...from.rects];
    }
  }
  moveTo(x: number, y: number) {
    this.points.push([x, y]);
  }
  lineTo(x: number, y: number) {
    this.points.push([x, y]);
  }
  rect(x: number, y: number, w: number, h: number) {
    this.rects.push([x, y, w, h]);
  }
  addPath(p: RecordedPath) {
    this.points.push(...p.points);
    this.rects.push(...p.rects);
  }
  arc() {}
  roundRect() {}
  closePath() {}
  bezierCurveTo() {}
  quadraticCurveTo() {}
}

/** What the chart drew: each call with the colours in force. */
type Drawn = { call: string; args: unknown[]; fillStyle: unknown; strokeStyle: unknown };

/** A 2D context that records the calls uPlot makes. */
function recordingContext(log: Drawn[]) {
  const state: Record<string | symbol, unknown> = { fillStyle: '#000', strokeStyle: '#000' };
  return new Proxy(state, {
    get: (target, key) => {
      if (key === 'measureText') return (text: string) => ({ width: text.length * 6 });
      if (key in target) return target[key];
      return (...args: unknown[]) => {
        log.push({ call: String(key), args, fillStyle: target.fillStyle, strokeStyle: target.strokeStyle });
      };
    },
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  });
}

let drawn: Drawn[] = [];

beforeAll(() => changeLanguage('en_US'));
const realGetContext = HTMLCanvasElement.prototype.getContext;

beforeEach(() => {
  drawn = [];
  const context = recordingContext(drawn);
  HTMLCanvasElement.prototype.getContext = (() => context) as unknown as HTMLCanvasElement['getContext'];
  vi.stubGlobal('Path2D', RecordedPath);
  // jsdom lays nothing out: the chart's box is 400 × 200.
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(200);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 400, 200));
});

afterEach(() => {
  HTMLCanvasElement.prototype.getContext = realGetContext;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const sparkline: LightChartSpec = {
  categories: ['2026-11-27 20:00 (UTC+8)', '2026-11-27 21:00 (UTC+8)', '2026-11-27 22:00 (UTC+8)'],
  categoryAxis: false,
  grid: { left: 44, right: 4, top: 8, bottom: 6 },
  left: { fromZero: false, ticks: 2 },
  series: [{ kind: 'line', area: true, values: [13.2, 14.05, null] }],
  formatValue: (v) => `${v.toFixed(2)} kn`,
};

const ratings: LightChartSpec = {
  categories: ['11-26', '11-27'],
  grid: { left: 40, right: 8, top: 24, bottom: 22 },
  legend: true,
  left: { name: 'g/(dwt·nm)' },
  series: [
    { name: 'Attained CII', kind: 'bar', values: [4.2, 5.6], colors: ['#8bd346', '#eb5757'] },
    { name: 'Required CII', kind: 'line', values: [4.65, 4.65] },
  ],
};

/** The paths stroked or filled in a colour. */
const pathsIn = (call: 'stroke' | 'fill', color: string) =>
  drawn
    .filter((d) => d.call === call && (call === 'stroke' ? d.strokeStyle : d.fillStyle) === color)
    .map((d) => d.args[0])
    .filter((p): p is RecordedPath => p instanceof RecordedPath);

describe('light chart', () => {
  it('draws the line it is given through each value, higher values higher up', async () => {
    render(<LightChart label="Speed over ground" height={110} spec={sparkline} />);
    expect(screen.getByRole('img', { name: 'Speed over ground' })).toBeTruthy();
    await vi.waitFor(() => expect(pathsIn('stroke', LIGHT_THEME.palette[0]).length).toBeGreaterThan(0));
    const line = pathsIn('stroke', LIGHT_THEME.palette[0])[0] as RecordedPath;
    const ys = [...new Map(line.points.map(([x, y]) => [x, y])).values()];
    // Two values; the gap (null) draws nothing. Canvas y grows downwards.
    expect(ys).toHaveLength(2);
    expect(ys[1]).toBeLessThan(ys[0] as number);
    // The area below, faintly, and the scale's labels at the left.
    expect(pathsIn('fill', `${LIGHT_THEME.palette[0]}26`).length).toBeGreaterThan(0);
    const labels = drawn.filter((d) => d.call === 'fillText').map((d) => d.args[0]);
    expect(labels).toEqual(
      expect.arrayContaining(niceTicks([13.2, 14.05], { ticks: 2, fromZero: false }).ticks.map(String)),
    );
    expect(screen.getByRole('button', { name: 'Download Speed over ground as PNG' })).toBeTruthy();
  });

  it('labels a nearly flat line’s scale with as many decimals as tell its ticks apart', async () => {
    const flat = { ...sparkline, series: [{ kind: 'line' as const, values: [4675.93, 4676.02, 4676.08] }] };
    render(<LightChart label="M/E shaft power" height={110} spec={flat} />);
    await vi.waitFor(() => expect(drawn.some((d) => d.call === 'fillText')).toBe(true));
    const labels = drawn.filter((d) => d.call === 'fillText').map((d) => String(d.args[0]));
    expect(labels.length).toBeGreaterThan(1);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels).toContain('4,676');
    expect(labels.some((l) => /^4,675\.9/.test(l) || /^4,676\.\d/.test(l))).toBe(true);
  });

  it('draws each bar in its own colour, the line over them, the legend and the axis name', async () => {
    render(<LightChart label="CII rating" spec={ratings} />);
    await vi.waitFor(() => expect(pathsIn('fill', '#eb5757').length).toBeGreaterThan(0));
    const bars = (color: string) => pathsIn('fill', color).flatMap((p) => p.rects);
    expect(bars('#8bd346')).toHaveLength(1);
    expect(bars('#eb5757')).toHaveLength(1);
    // The taller bar is the larger value.
    expect((bars('#eb5757')[0] as number[])[3]).toBeGreaterThan(
      (bars('#8bd346')[0] as number[])[3] as number,
    );
    expect(pathsIn('stroke', seriesColor(ratings, 1))[0]?.points.length).toBeGreaterThanOrEqual(2);
    const texts = drawn.filter((d) => d.call === 'fillText').map((d) => d.args[0]);
    expect(texts).toEqual(
      expect.arrayContaining(['Attained CII', 'Required CII', 'g/(dwt·nm)', '11-26', '11-27']),
    );
  });

  it('hides a series and greys its legend item when the item is clicked, and shows it again', async () => {
    const { container } = render(<LightChart label="CII rating" spec={ratings} />);
    await vi.waitFor(() => expect(pathsIn('fill', '#eb5757').length).toBeGreaterThan(0));
    const canvas = container.querySelector('canvas') as HTMLCanvasElement;
    const legendText = () =>
      drawn.filter((d) => d.call === 'fillText' && d.args[0] === 'Attained CII').at(-1);
    // Two items of 102 px (swatch, gap, 12 letters of 6 px) and 10 px between them, centred in 400 px: 93 to 195.
    drawn.length = 0;
    fireEvent.click(canvas, { clientX: 100, clientY: 12 });
    await vi.waitFor(() => expect(legendText()?.fillStyle).toBe(LIGHT_THEME.inactive));
    expect(pathsIn('fill', '#eb5757')).toHaveLength(0);
    expect(pathsIn('stroke', seriesColor(ratings, 1)).length).toBeGreaterThan(0);
    drawn.length = 0;
    fireEvent.click(canvas, { clientX: 100, clientY: 12 });
    await vi.waitFor(() => expect(pathsIn('fill', '#eb5757').length).toBeGreaterThan(0));
    expect(legendText()?.fillStyle).toBe(LIGHT_THEME.text);
  });

  it("reads the pointer in the chart's own px when the console is scaled to its screen", () => {
    const options = lightOptions(sparkline, 400, 110);
    const over = {
      getBoundingClientRect: () => new DOMRect(0, 0, 300, 75),
      offsetWidth: 400,
      offsetHeight: 100,
    };
    const move = options.cursor?.move as (u: unknown, left: number, top: number) => [number, number];
    expect(move({ over }, 150, 30)).toEqual([200, 40]);
  });

  it('takes the palette in ECharts order, skipping the series that bring their own colour', () => {
    const spec: LightChartSpec = {
      categories: ['a'],
      grid: { left: 0, right: 0, top: 0, bottom: 0 },
      series: [
        { kind: 'bar', color: '#4378F3', values: [1] },
        { kind: 'line', values: [1] },
        { kind: 'line', values: [1] },
      ],
    };
    expect([0, 1, 2].map((i) => seriesColor(spec, i))).toEqual([
      '#4378F3',
      LIGHT_THEME.palette[0],
      LIGHT_THEME.palette[1],
    ]);
  });

  it('chooses nice ticks: from zero, or around the data with as many steps as asked', () => {
    expect(niceTicks([4.2, 5.6])).toMatchObject({ min: 0, max: 6, step: 1 });
    expect(niceTicks([13.33, 14.05], { ticks: 2, fromZero: false })).toMatchObject({
      min: 13.2,
      max: 14.1,
      step: 0.3,
      ticks: [13.2, 13.5, 13.8, 14.1],
    });
    // A flat line gets a range around it.
    expect(niceTicks([50, 50], { fromZero: false }).ticks.length).toBeGreaterThan(1);
    expect(niceTicks([null, null])).toMatchObject({ min: 0, max: 1 });
  });
});

describe('light chart tooltip', () => {
  it('writes the category as its title and each value as the chart formats it, "-" for none', () => {
    expect(tooltipContent(sparkline, 1)).toEqual({
      title: '2026-11-27 21:00 (UTC+8)',
      rows: [{ color: LIGHT_THEME.palette[0], value: '14.05 kn' }],
    });
    expect(tooltipContent(sparkline, 2).rows[0]?.value).toBe('-');
    expect(tooltipContent(ratings, 1, (i) => i !== 0).rows.map((r) => r.name)).toEqual(['Required CII']);
    const cii = tooltipContent(ratings, 1);
    expect(cii.rows).toEqual([
      { color: '#eb5757', name: 'Attained CII', value: '5.6' },
      { color: seriesColor(ratings, 1), name: 'Required CII', value: '4.65' },
    ]);
  });

  it('puts the title and the rows into the tooltip as text', () => {
    const box = document.createElement('div');
    fillTooltip(box, tooltipContent(ratings, 0));
    expect(box.textContent).toBe('11-26Attained CII4.2Required CII4.65');
    fillTooltip(box, { title: '<b>x</b>', rows: [] });
    expect(box.querySelector('b')).toBeNull();
  });
});

const alarms = [
  { name: 'Main engine', value: 5, color: '#4378F3' },
  { name: 'Generators', value: 2, color: '#2fb36b' },
  { name: 'Boilers', value: 0, color: '#f08a24' },
];

describe('doughnut', () => {
  it('splits the ring by the counts: the arcs make the whole turn and each is its share of the total', () => {
    const arcs = doughnutArcs(alarms);
    const total = alarms.reduce((a, i) => a + i.value, 0);
    const turn = arcs.reduce((a, arc) => a + (arc.end - arc.start), 0);
    expect(turn).toBeCloseTo(2 * Math.PI, 12);
    for (const arc of arcs)
      expect(((arc.end - arc.start) / (2 * Math.PI)) * total).toBeCloseTo(arc.item.value, 12);
    expect(arcs[0]?.start).toBe(0);
    expect(doughnutArcs([{ name: 'none', value: 0, color: '#000' }])).toEqual([]);
  });

  it('draws a whole ring for one item', () => {
    const d = sectorPath(100, 100, 40, 70, 0, 2 * Math.PI);
    expect(d.match(/M /g)).toHaveLength(2);
  });

  it('names itself, shows the legend and each count, and a tooltip per sector', () => {
    render(<Doughnut label="Alarm statistics" items={alarms} />);
    const chart = screen.getByRole('img', { name: 'Alarm statistics' });
    const sectors = chart.querySelectorAll('path');
    expect([...sectors].map((p) => p.getAttribute('data-value'))).toEqual(['5', '2', '0']);
    const texts = [...chart.querySelectorAll('text')].map((t) => t.textContent);
    expect(texts).toEqual(['Main engine', 'Generators', 'Boilers', '5', '2', '0']);
    fireEvent.pointerMove(sectors[1] as SVGPathElement, { clientX: 10, clientY: 10 });
    expect(chart.textContent).toContain('Generators2');
    expect(screen.getByRole('button', { name: 'Download Alarm statistics as PNG' })).toBeTruthy();
  });
});
