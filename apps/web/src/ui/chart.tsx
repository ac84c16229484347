import { type ComponentType, lazy, Suspense, useState } from 'react';
import type { ChartProps } from './chart-types';

export type { ChartOption, ChartProps } from './chart-types';

/** The drawing, once its code is in: a chart rendered after that draws at once, without a suspended first pass. */
let loaded: ComponentType<ChartProps> | undefined;
let loading: Promise<{ default: ComponentType<ChartProps> }> | undefined;
const load = () => {
  loading ??= import('./chart-impl').then((module) => {
    loaded = module.default;
    return module;
  });
  return loading;
};

/** ECharts and its drawing load with the first chart on screen, not with the page that holds it. */
const ChartImpl = lazy(load);

/**
 * Starts loading the chart code beside a page that draws charts. A chart whose code is already in renders directly:
 * through `lazy` it would suspend once more and React holds a suspended part back ~300 ms before showing it.
 */
export function preloadChart(): void {
  void load();
}

/**
 * The one ECharts wrapper of the console: dark, transparent background, resizes with its box. Every chart can be
 * saved as a PNG (a button that shows on hover or keyboard focus). Its code is loaded on demand: until then the
 * chart's box holds its place, named, so the rest of the page draws first.
 */
export function Chart(props: ChartProps) {
  const height = props.height ?? '100%';
  // Chosen once: switching from the lazy drawing to the loaded one would draw the chart a second time.
  const [Loaded] = useState(() => loaded);
  if (Loaded) return <Loaded {...props} />;
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
