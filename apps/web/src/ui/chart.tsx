import type { ChartProps } from './chart-types';
import { OnDemandView, onDemand } from './on-demand';

export type { ChartOption, ChartProps } from './chart-types';

/** ECharts and its drawing load with the first chart on screen, not with the page that holds it. */
const drawing = onDemand<ChartProps>(() => import('./chart-impl').then((module) => module.default));

/** Starts loading the chart code beside a page that draws charts. */
export function preloadChart(): void {
  drawing.preload();
}

/**
 * The one ECharts wrapper of the console: dark, transparent background, resizes with its box. Every chart can be
 * saved as a PNG (a button that shows on hover or keyboard focus). Its code is loaded on demand: until then the
 * chart's box holds its place, named, so the rest of the page draws first; a chart drawn after that draws at once.
 */
export function Chart(props: ChartProps) {
  const height = props.height ?? '100%';
  return (
    <OnDemandView
      of={drawing}
      props={props}
      fallback={
        <div role="img" aria-label={props.label} aria-busy="true" style={{ height, minHeight: 120 }} />
      }
    />
  );
}
