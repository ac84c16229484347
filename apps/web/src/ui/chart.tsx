import type {
  BarSeriesOption,
  GaugeSeriesOption,
  LineSeriesOption,
  PieSeriesOption,
  ScatterSeriesOption,
} from 'echarts/charts';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import type {
  DatasetComponentOption,
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
// The ESM core entry: the `lib/core` path crashes under Vite 8 (DESIGN.md "Stack").
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { CSSProperties } from 'react';

// The kinds every page may draw; gauge, scatter, title, dataset and zoom register in ui/chart-extras.ts.
echarts.use([
  LineChart,
  BarChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  MarkLineComponent,
  CanvasRenderer,
]);

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
  onReady?: (instance: echarts.EChartsType) => void;
}

const darkText = { color: '#c9d6f2' };

/** The one ECharts wrapper of the console: dark, transparent background, resizes with its box. */
export function Chart({ option, label, height = '100%', loading = false, onReady }: ChartProps) {
  return (
    <div role="img" aria-label={label} style={{ height, minHeight: 120 }}>
      <ReactEChartsCore
        echarts={echarts}
        option={{ backgroundColor: 'transparent', textStyle: darkText, ...option }}
        theme="dark"
        notMerge
        lazyUpdate
        showLoading={loading}
        {...(onReady ? { onChartReady: onReady } : {})}
        style={{ height: '100%', width: '100%' }}
      />
    </div>
  );
}
