import type { ChartOption } from './chart-types';

/**
 * ECharts registered per use. What nearly every chart draws — lines and bars on axes, tooltips, a legend — comes
 * with the chart code (`ui/chart-impl.tsx`, one chunk: split finer, the pieces compress worse than they save); each
 * other series kind and component is a chunk of its own (`ui/chart-parts/<part>.ts`), loaded when the first chart
 * whose option asks for it is drawn. So the overview (lines, bars, a pie) does not fetch the gauge, the scatter, the
 * data zoom or the mark lines other pages draw. These are the parts the console registered before (a part an option
 * names that is in neither place, such as a visual map, is ignored by ECharts as it was).
 */
const loaders = {
  pie: () => import('./chart-parts/pie'),
  gauge: () => import('./chart-parts/gauge'),
  scatter: () => import('./chart-parts/scatter'),
  legendScroll: () => import('./chart-parts/legend-scroll'),
  markArea: () => import('./chart-parts/mark-area'),
  markLine: () => import('./chart-parts/mark-line'),
  title: () => import('./chart-parts/title'),
  dataset: () => import('./chart-parts/dataset'),
  dataZoom: () => import('./chart-parts/data-zoom'),
} satisfies Record<string, () => Promise<unknown>>;

export type ChartPart = keyof typeof loaders;

const SERIES_PARTS: Record<string, ChartPart> = {
  pie: 'pie',
  gauge: 'gauge',
  scatter: 'scatter',
};

const list = (value: unknown): Record<string, unknown>[] =>
  (Array.isArray(value) ? value : value ? [value] : []).filter(
    (v): v is Record<string, unknown> => typeof v === 'object' && v !== null,
  );

/** The parts a chart's option needs beyond what the chart code registers, in a stable order. */
export function chartParts(option: ChartOption): ChartPart[] {
  const o = option as Record<string, unknown>;
  const parts = new Set<ChartPart>();
  const series = list(o.series);
  for (const s of series) {
    const part = typeof s.type === 'string' ? SERIES_PARTS[s.type] : undefined;
    if (part) parts.add(part);
    if (s.markLine) parts.add('markLine');
    if (s.markArea) parts.add('markArea');
  }
  if (list(o.legend).some((l) => l.type === 'scroll')) parts.add('legendScroll');
  if (o.title) parts.add('title');
  if (o.dataset) parts.add('dataset');
  if (o.dataZoom) parts.add('dataZoom');
  return (Object.keys(loaders) as ChartPart[]).filter((p) => parts.has(p));
}

const registered = new Set<ChartPart>();
const loading = new Map<ChartPart, Promise<void>>();

/** Whether every part is registered. */
export function chartPartsLoaded(parts: readonly ChartPart[]): boolean {
  return parts.every((p) => registered.has(p));
}

/** Loads (once) and registers the parts; resolves when all are in. */
export function loadChartParts(parts: readonly ChartPart[]): Promise<void> {
  return Promise.all(
    parts.map((part) => {
      let load = loading.get(part);
      if (!load) {
        load = loaders[part]().then(() => {
          registered.add(part);
        });
        load.catch(() => loading.delete(part)); // asked again by the next chart that needs it
        loading.set(part, load);
      }
      return load;
    }),
  ).then(() => undefined);
}
