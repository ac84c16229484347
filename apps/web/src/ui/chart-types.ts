/** The options and props of `ui/chart` (types only: no chart code is loaded for them). */
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
import type { CSSProperties } from 'react';

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
