import type {
  BarSeriesOption,
  GaugeSeriesOption,
  LineSeriesOption,
  PieSeriesOption,
  ScatterSeriesOption,
} from 'echarts/charts';
import type {
  DatasetComponentOption,
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption, EChartsType } from 'echarts/core';
import { type CSSProperties, lazy, Suspense } from 'react';

/** The chart options the console uses (tree-shaken ECharts). */
export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | PieSeriesOption
  | GaugeSeriesOption
  | ScatterSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | TitleComponentOption
  | DatasetComponentOption
  | DataZoomComponentOption
>;

export interface ChartProps {
  option: ChartOption;
  /** Accessible name of the chart (translated). */
  label: string;
  height?: CSSProperties['height'];
  loading?: boolean;
  /** Called with the ECharts instance once drawn (image export with `getDataURL`). */
  onReady?: (instance: EChartsType) => void;
}

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
