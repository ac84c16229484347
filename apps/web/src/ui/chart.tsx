import { type ComponentType, useSyncExternalStore } from 'react';
import { type ChartPart, chartParts, chartPartsLoaded, loadChartParts } from './chart-parts';
import type { ChartProps } from './chart-types';

export type { ChartPart } from './chart-parts';
export type { ChartOption, ChartProps } from './chart-types';

let drawing: ComponentType<ChartProps> | undefined;
let loadingDrawing: Promise<void> | undefined;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/** Loads (once) ECharts' core and the console's wrapper. */
function loadDrawing(): Promise<void> {
  loadingDrawing ??= import('./chart-impl').then((module) => {
    drawing = module.default;
    changed();
  });
  loadingDrawing.catch(() => {
    loadingDrawing = undefined; // asked again by the next chart
  });
  return loadingDrawing;
}

/** Starts loading the chart code and the parts a page draws first (`ui/chart-parts.ts`), beside the page's own. */
export function preloadChart(parts: readonly ChartPart[] = []): void {
  void loadDrawing().catch(() => undefined);
  void loadChartParts(parts)
    .then(changed)
    .catch(() => undefined);
}

/**
 * The chart code and `parts` loaded (or failed to load: the charts then show their placeholder and ask again), for
 * a page that draws its charts with its first render.
 */
export function chartReady(parts: readonly ChartPart[] = []): Promise<void> {
  return Promise.all([loadDrawing(), loadChartParts(parts).then(changed)]).then(
    () => undefined,
    () => undefined,
  );
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The one ECharts wrapper of the console: dark, transparent background, resizes with its box. Every chart can be
 * saved as a PNG (a button that shows on hover or keyboard focus). Its code is loaded on demand, with the ECharts
 * parts its option names: until then the chart's box holds its place, named, so the rest of the page draws first;
 * a chart whose parts are in draws at once.
 */
export function Chart(props: ChartProps) {
  const parts = chartParts(props.option);
  const Drawing = useSyncExternalStore(subscribe, () =>
    drawing && chartPartsLoaded(parts) ? drawing : undefined,
  );
  if (Drawing) return <Drawing {...props} />;
  // Asking for loads already under way starts nothing new; the chart draws when they are in. A chart whose option
  // comes to name a part not yet in gives its place back to the placeholder until that part is in.
  preloadChart(parts);
  const height = props.height ?? '100%';
  return <div role="img" aria-label={props.label} aria-busy="true" style={{ height, minHeight: 120 }} />;
}
