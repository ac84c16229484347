import { lazy, Suspense } from 'react';
import type { ChartProps } from './chart-types';

export type { ChartOption, ChartProps } from './chart-types';

/** ECharts and its drawing load with the first chart on screen, not with the page that holds it. */
const ChartImpl = lazy(() => import('./chart-impl'));

/**
 * The one ECharts wrapper of the console: dark, transparent background, resizes with its box. Every chart can be
 * saved as a PNG (a button that shows on hover or keyboard focus). Its code is loaded on demand: until then the
 * chart's box holds its place, named, so the rest of the page draws first.
 */
export function Chart(props: ChartProps) {
  const height = props.height ?? '100%';
  return (
    <Suspense
      fallback={
        <div role="img" aria-label={props.label} aria-busy="true" style={{ height, minHeight: 120 }} />
      }
    >
      <ChartImpl {...props} />
    </Suspense>
  );
}
