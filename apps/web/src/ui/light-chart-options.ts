import uPlot from 'uplot';

/**
 * The light charts' look: the console's ECharts dark theme (ui/chart-impl.tsx, ECharts' `dark`) carried over, so a
 * page drawn with uPlot looks like one drawn with ECharts.
 */
export const LIGHT_THEME = {
  /** ECharts' series palette, in its order. */
  palette: [
    '#5070dd',
    '#b6d634',
    '#505372',
    '#ff994d',
    '#0ca8df',
    '#ffd10a',
    '#fb628b',
    '#785db0',
    '#3fbe95',
  ],
  /** Axis labels, axis names and the legend's text. */
  text: 'rgb(203 203 206)',
  /** A category axis's line. */
  axisLine: 'rgb(203 203 206)',
  /** Split lines where a chart names none. */
  grid: 'rgb(40 44 52)',
  font: 'sans-serif',
  /** A hidden series' legend item (ECharts' `inactiveColor` on the dark theme). */
  inactive: 'rgb(100 102 108)',
  /** The background a chart is saved on as a PNG (the console's panels). */
  background: '#0b1a33',
} as const;

/** A series of a light chart: one value per category, a line or bars, on the left or the right axis. */
export interface LightSeries {
  /** In the legend and the tooltip (translated); a chart of one unnamed series has neither. */
  name?: string;
  kind: 'line' | 'bar';
  values: (number | null)[];
  /** Defaults to the palette's colour at the series' place. */
  color?: string;
  /** Bars: a colour per category. */
  colors?: (string | undefined)[];
  /** Lines: the area below filled, faintly. */
  area?: boolean;
  dashed?: boolean;
  axis?: 'left' | 'right';
  /** Lines: each value held until the next one (ECharts' `step: 'end'`). */
  step?: boolean;
  /** Lines: drawn across categories without a value (ECharts' `connectNulls`). */
  spanGaps?: boolean;
}

/** A value axis: its name (above it), labels and split lines. */
export interface LightAxis {
  name?: string;
  /** Tick labels; defaults to the number to the ticks' step. */
  format?: (value: number) => string;
  fontSize?: number;
  /** Split lines' colour; `false` for none. */
  grid?: string | false;
  /** Ticks wanted (ECharts' `splitNumber`). */
  ticks?: number;
  /** From zero (ECharts' default) or from the data's own range (`scale: true`). */
  fromZero?: boolean;
}

/** What a light chart draws: categories along x, series on one or two value axes. */
export interface LightChartSpec {
  /** One label per category: on the x axis and as the tooltip's title. */
  categories: string[];
  /** Draw the categories' axis (a sparkline has none). */
  categoryAxis?: boolean;
  series: LightSeries[];
  left?: LightAxis;
  right?: LightAxis;
  legend?: boolean;
  /** The plotting area's distance from each side, px, as ECharts' `grid`. */
  grid: { left: number; right: number; top: number; bottom: number };
  /** A value as the tooltip writes it. */
  formatValue?: (value: number, series: LightSeries) => string;
  /** The tooltip's title of each category, where it says more than the axis label (a time with its date). */
  titles?: string[];
  /** The categories' axis's name, top left (a time axis's UTC offset). */
  categoryName?: string;
}

/**
 * The colour a series is drawn in: its own, or the palette's next, as ECharts gives them (a series with its own
 * colour takes none from the palette).
 */
export function seriesColor(spec: LightChartSpec, index: number): string {
  const own = spec.series[index]?.color;
  if (own) return own;
  const place = spec.series.slice(0, index).filter((s) => !s.color).length;
  return LIGHT_THEME.palette[place % LIGHT_THEME.palette.length] ?? '#5070dd';
}

/** ECharts' "nice" step: 1, 2, 3, 5 or 10 times a power of ten. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const f = raw / power;
  return Number(((f < 1.5 ? 1 : f < 2.5 ? 2 : f < 4 ? 3 : f < 7 ? 5 : 10) * power).toPrecision(2));
}

/** Drops the float noise of a multiple of `step` (0.30000000000000004 → 0.3). */
const clean = (v: number, step: number) => {
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  return Number(v.toFixed(Math.min(20, decimals)));
};

/** A value axis's range and ticks, as ECharts chooses them: nice steps, ends on ticks. */
export function niceTicks(
  values: readonly (number | null)[],
  { ticks = 5, fromZero = true }: Pick<LightAxis, 'ticks' | 'fromZero'> = {},
): { min: number; max: number; step: number; ticks: number[] } {
  const finite = values.filter((v): v is number => v !== null && Number.isFinite(v));
  let lo = finite.length ? Math.min(...finite) : 0;
  let hi = finite.length ? Math.max(...finite) : 1;
  if (fromZero) {
    lo = Math.min(0, lo);
    hi = Math.max(0, hi);
  }
  if (lo === hi) {
    if (lo === 0) hi = 1;
    else {
      const half = Math.abs(lo) / 2;
      lo -= half;
      hi += half;
    }
  }
  const step = niceStep((hi - lo) / ticks);
  const min = clean(Math.floor(lo / step) * step, step);
  const max = clean(Math.ceil(hi / step) * step, step);
  const list: number[] = [];
  for (let v = min; v <= max + step / 2; v += step) list.push(clean(v, step));
  return { min, max, step, ticks: list };
}

/** A tick label to the step's digits, with thousands separators. */
const stepFormat = (step: number) => {
  const digits = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  return (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: digits });
};

const font = (size: number) => `${size}px ${LIGHT_THEME.font}`;

/** The x scale: a band per category when there are bars, the first to the last category for lines alone. */
function xRange(spec: LightChartSpec): [number, number] {
  const n = spec.categories.length;
  const bars = spec.series.some((s) => s.kind === 'bar');
  return bars || n < 2 ? [-0.5, n - 0.5] : [0, n - 1];
}

/** Category labels that fit: every one, or every k-th. */
function categorySplits(u: uPlot, spec: LightChartSpec): number[] {
  const n = spec.categories.length;
  const longest = Math.max(1, ...spec.categories.map((c) => c.length));
  const plotWidth = u.bbox.width / uPlot.pxRatio || u.width;
  const labelWidth = longest * 7 + 8;
  const every = Math.max(1, Math.ceil((n * labelWidth) / Math.max(1, plotWidth)));
  return spec.categories.map((_, i) => i).filter((i) => i % every === 0);
}

function valueAxis(spec: LightChartSpec, side: 'left' | 'right', axis: LightAxis, size: number): uPlot.Axis {
  const scale = side === 'left' ? 'y' : 'y2';
  const values = spec.series.filter((s) => (s.axis ?? 'left') === side).flatMap((s) => s.values);
  const { ticks, step } = niceTicks(values, axis);
  const format = axis.format ?? stepFormat(step);
  return {
    scale,
    side: side === 'left' ? 3 : 1,
    size,
    gap: 8,
    font: font(axis.fontSize ?? 12),
    stroke: LIGHT_THEME.text,
    splits: () => ticks,
    values: (_u, splits) => splits.map(format),
    ticks: { show: false },
    grid:
      axis.grid === false ? { show: false } : { show: true, stroke: axis.grid ?? LIGHT_THEME.grid, width: 1 },
  };
}

function uSeries(spec: LightChartSpec, s: LightSeries, index: number): uPlot.Series {
  const color = seriesColor(spec, index);
  if (s.kind === 'bar') {
    const colors = s.colors;
    return {
      label: s.name,
      scale: s.axis === 'right' ? 'y2' : 'y',
      width: 0,
      fill: color,
      points: { show: false },
      paths: uPlot.paths.bars?.({
        size: [0.8, Number.POSITIVE_INFINITY],
        ...(colors
          ? {
              disp: {
                fill: {
                  unit: 3 as uPlot.Series.BarsPathBuilderFacetUnit,
                  values: () => colors.map((c) => c ?? color),
                },
              },
            }
          : {}),
      }),
    };
  }
  return {
    label: s.name,
    scale: s.axis === 'right' ? 'y2' : 'y',
    stroke: color,
    width: 2,
    ...(s.dashed ? { dash: [6, 4] } : {}),
    ...(s.area ? { fill: `${color}26` } : {}),
    ...(s.step ? { paths: uPlot.paths.stepped?.({ align: 1 }) } : {}),
    ...(s.spanGaps ? { spanGaps: true } : {}),
    points: { show: false },
  };
}

/** Where a legend item is drawn, CSS px from the chart's left: its series and its span. */
interface LegendHit {
  series: number;
  from: number;
  to: number;
}

/** The legend's middle line, CSS px from the chart's top. */
const LEGEND_Y = 12;

/**
 * Legend items centred on top, as ECharts draws them: a bar's swatch or a line with its dot, then the name; a hidden
 * series greyed. Returns where each item is, for clicks.
 */
function drawLegend(u: uPlot, spec: LightChartSpec, width: number): LegendHit[] {
  const ctx = u.ctx;
  ctx.font = font(11);
  const items = spec.series
    .map((s, index) => ({ s, index, color: seriesColor(spec, index) }))
    .filter(({ s }) => s.name);
  const icon = 25;
  const gap = 10;
  const widths = items.map(({ s }) => icon + 5 + ctx.measureText(s.name ?? '').width);
  const total = widths.reduce((a, w) => a + w, 0) + gap * Math.max(0, items.length - 1);
  let x = Math.max(0, (width - total) / 2);
  const y = LEGEND_Y;
  return items.map(({ s, index, color: own }, i) => {
    const shown = u.series[index + 1]?.show !== false;
    const color = shown ? own : LIGHT_THEME.inactive;
    ctx.fillStyle = color;
    ctx.strokeStyle = color;
    if (s.kind === 'bar') {
      ctx.beginPath();
      ctx.roundRect(x, y - 7, icon, 14, 3);
      ctx.fill();
    } else {
      ctx.lineWidth = 2;
      ctx.setLineDash(s.dashed ? [4, 3] : []);
      ctx.beginPath();
      ctx.moveTo(x, y);
      ctx.lineTo(x + icon, y);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.beginPath();
      ctx.arc(x + icon / 2, y, 4, 0, 2 * Math.PI);
      ctx.fill();
    }
    ctx.fillStyle = shown ? LIGHT_THEME.text : LIGHT_THEME.inactive;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.fillText(s.name ?? '', x + icon + 5, y);
    const hit = { series: index, from: x, to: x + (widths[i] ?? 0) };
    x += (widths[i] ?? 0) + gap;
    return hit;
  });
}

/** A click on a legend item shows or hides its series, as in ECharts (the pointer says so over an item). */
function legendClicks(u: uPlot, hits: () => LegendHit[]): void {
  const at = (e: MouseEvent) => {
    const r = u.root.getBoundingClientRect();
    const scale = u.root.offsetWidth && r.width ? r.width / u.root.offsetWidth : 1;
    const x = (e.clientX - r.left) / scale;
    const y = (e.clientY - r.top) / scale;
    return Math.abs(y - LEGEND_Y) > 8 ? undefined : hits().find((h) => x >= h.from && x <= h.to);
  };
  u.root.addEventListener('click', (e) => {
    const hit = at(e);
    if (hit) u.setSeries(hit.series + 1, { show: u.series[hit.series + 1]?.show === false });
  });
  u.root.addEventListener('mousemove', (e) => {
    u.root.style.cursor = at(e) ? 'pointer' : '';
  });
}

/** Axis names above the ends of their axes. */
function drawAxisNames(spec: LightChartSpec, ctx: CanvasRenderingContext2D, width: number): void {
  const y = spec.grid.top - 8;
  ctx.textBaseline = 'bottom';
  ctx.textAlign = 'center';
  ctx.fillStyle = LIGHT_THEME.text;
  if (spec.left?.name) {
    ctx.font = font(spec.left.fontSize ?? 12);
    ctx.fillText(spec.left.name, spec.grid.left, y);
  }
  if (spec.right?.name) {
    ctx.font = font(spec.right.fontSize ?? 12);
    ctx.fillText(spec.right.name, width - spec.grid.right, y);
  }
  if (spec.categoryName) {
    // Top left where the left axis has no name (the top right holds the chart's "Download image" button).
    ctx.font = font(9);
    ctx.textAlign = spec.left?.name ? 'right' : 'left';
    ctx.fillText(spec.categoryName, spec.left?.name ? width - 2 : 2, y);
  }
}

/** uPlot's options for a spec in a box of `width` × `height` CSS px (the tooltip comes as a plugin). */
export function lightOptions(
  spec: LightChartSpec,
  width: number,
  height: number,
  plugins: uPlot.Plugin[] = [],
): uPlot.Options {
  const { grid } = spec;
  const showX = spec.categoryAxis ?? true;
  const hasRight = spec.series.some((s) => s.axis === 'right');
  const axes: uPlot.Axis[] = [
    showX
      ? {
          scale: 'x',
          side: 2,
          size: grid.bottom,
          gap: 6,
          font: font(12),
          stroke: LIGHT_THEME.text,
          splits: (u) => categorySplits(u, spec),
          values: (_u, splits) => splits.map((i) => spec.categories[i] ?? ''),
          grid: { show: false },
          ticks: { show: false },
          border: { show: true, stroke: LIGHT_THEME.axisLine, width: 1 },
        }
      : { scale: 'x', show: false, size: 0 },
    valueAxis(spec, 'left', spec.left ?? {}, grid.left),
  ];
  if (hasRight) axes.push(valueAxis(spec, 'right', spec.right ?? {}, grid.right));
  const range = (side: 'left' | 'right'): uPlot.Scale.Range => {
    const values = spec.series.filter((s) => (s.axis ?? 'left') === side).flatMap((s) => s.values);
    const t = niceTicks(values, (side === 'left' ? spec.left : spec.right) ?? {});
    return () => [t.min, t.max];
  };
  let legend: LegendHit[] = [];
  return {
    width,
    height,
    padding: [grid.top, hasRight ? 0 : grid.right, showX ? 0 : grid.bottom, 0],
    legend: { show: false },
    cursor: {
      y: false,
      // uPlot reads the pointer in screen px; the console may be scaled to its screen (shell/layout.tsx), so the
      // pointer is brought back to the chart's own px.
      move: (u, left, top) => {
        const shown = u.over.getBoundingClientRect();
        const sx = u.over.offsetWidth ? shown.width / u.over.offsetWidth : 1;
        const sy = u.over.offsetHeight ? shown.height / u.over.offsetHeight : 1;
        return [left / (sx || 1), top / (sy || 1)];
      },
      drag: { x: false, y: false, setScale: false },
      points: {
        size: 7,
        width: 2,
        fill: LIGHT_THEME.background,
        // A dot on the lines only, as ECharts marks no bar. uPlot takes no element as "none".
        show: ((_u: uPlot, i: number) => {
          if (spec.series[i - 1]?.kind !== 'line') return undefined;
          const dot = document.createElement('div');
          dot.style.borderWidth = '2px';
          return dot;
        }) as uPlot.Cursor.Points.Show,
      },
    },
    scales: {
      x: { time: false, range: () => xRange(spec) },
      y: { range: range('left') },
      ...(hasRight ? { y2: { range: range('right') } } : {}),
    },
    axes,
    series: [{ label: 'x' }, ...spec.series.map((s, i) => uSeries(spec, s, i))],
    plugins,
    hooks: {
      init: spec.legend ? [(u) => legendClicks(u, () => legend)] : [],
      draw: [
        (u) => {
          const ctx = u.ctx;
          ctx.save();
          ctx.scale(uPlot.pxRatio, uPlot.pxRatio);
          drawAxisNames(spec, ctx, u.width);
          if (spec.legend) legend = drawLegend(u, spec, u.width);
          ctx.restore();
        },
      ],
    },
  };
}

/** uPlot's data for a spec: the categories' places, then each series' values. */
export const lightData = (spec: LightChartSpec): uPlot.AlignedData => [
  spec.categories.map((_, i) => i),
  ...spec.series.map((s) => s.values),
];
