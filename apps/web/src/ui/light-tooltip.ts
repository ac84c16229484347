import type uPlot from 'uplot';
import styles from './light-chart.module.css';
import { type LightChartSpec, type LightSeries, seriesColor } from './light-chart-options';

/** One line of a tooltip: the series' colour, its name (if it has one) and the value as written. */
export interface TooltipRow {
  color: string;
  name?: string;
  value: string;
}

/** What the tooltip shows at a category: its label, then a row per series. */
export interface TooltipContent {
  title: string;
  rows: TooltipRow[];
}

/** ECharts' default: the number with thousands separators, as it is. */
const plainNumber = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 20 });

/**
 * The tooltip at category `index` (ECharts' axis tooltip: every series shown, '-' where one has no value).
 * `shown` says which series are (a legend click hides one).
 */
export function tooltipContent(
  spec: LightChartSpec,
  index: number,
  shown: (series: number) => boolean = () => true,
): TooltipContent {
  const format = spec.formatValue ?? ((v: number, _s: LightSeries) => plainNumber(v));
  return {
    title: spec.titles?.[index] ?? spec.categories[index] ?? '',
    rows: spec.series.flatMap((s, i) => {
      if (!shown(i)) return [];
      const v = s.values[index];
      return {
        color: s.colors?.[index] ?? seriesColor(spec, i),
        ...(s.name ? { name: s.name } : {}),
        value: v === null || v === undefined ? '-' : format(v, s),
      };
    }),
  };
}

/** Writes the content into the tooltip's box (text only: names come from data). */
export function fillTooltip(box: HTMLElement, content: TooltipContent): void {
  const line = (className: string) => {
    const span = document.createElement('span');
    span.className = className;
    return span;
  };
  const title = line(styles.tipTitle ?? '');
  title.textContent = content.title;
  const rows = content.rows.map((r) => {
    const row = line(styles.tipRow ?? '');
    const marker = line(styles.tipMarker ?? '');
    marker.style.background = r.color;
    row.append(marker);
    if (r.name) {
      const name = line(styles.tipName ?? '');
      name.textContent = r.name;
      row.append(name);
    }
    const value = line(styles.tipValue ?? '');
    value.textContent = r.value;
    row.append(value);
    return row;
  });
  box.replaceChildren(title, ...rows);
}

/**
 * The axis tooltip of a light chart: at the hovered category, beside the pointer, kept inside the chart's box
 * (ECharts' `confine`).
 */
export function tooltipPlugin(spec: LightChartSpec): uPlot.Plugin {
  let box: HTMLDivElement | undefined;
  const hide = () => {
    if (box) box.style.display = 'none';
  };
  return {
    hooks: {
      init: (u) => {
        box = document.createElement('div');
        box.className = styles.tooltip ?? '';
        box.style.display = 'none';
        u.over.appendChild(box);
        u.over.addEventListener('mouseleave', hide);
      },
      setCursor: (u) => {
        const index = u.cursor.idx;
        const left = u.cursor.left ?? -1;
        const top = u.cursor.top ?? -1;
        if (!box || index === null || index === undefined || left < 0) return hide();
        fillTooltip(
          box,
          tooltipContent(spec, index, (i) => u.series[i + 1]?.show !== false),
        );
        box.style.display = 'block';
        // Within the chart's box: the plotting area sits at (offsetLeft, offsetTop) in it.
        const ox = u.over.offsetLeft;
        const oy = u.over.offsetTop;
        const w = box.offsetWidth;
        const h = box.offsetHeight;
        let x = left + 16;
        if (ox + x + w > u.width) x = left - 16 - w;
        x = Math.max(-ox, Math.min(x, u.width - ox - w));
        const y = Math.max(-oy, Math.min(top + 16, u.height - oy - h));
        box.style.transform = `translate(${x}px, ${y}px)`;
      },
    },
  };
}
