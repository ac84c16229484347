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
import { type CSSProperties, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './chart.module.css';

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

/** A file name from a chart's label. */
const fileName = (label: string) =>
  `${
    label
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .replace(/\s+/g, '-')
      .slice(0, 80) || 'chart'
  }.png`;

/**
 * The one ECharts wrapper of the console: dark, transparent background, resizes with its box. Every chart can be
 * saved as a PNG (a button that shows on hover or keyboard focus).
 */
export function Chart({ option, label, height = '100%', loading = false, onReady }: ChartProps) {
  const { t } = useTranslation();
  const instance = useRef<echarts.EChartsType | null>(null);
  const download = () => {
    const chart = instance.current;
    if (!chart) return;
    const a = document.createElement('a');
    a.href = chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#0b1a33' });
    a.download = fileName(label);
    a.click();
  };
  return (
    <div className={styles.chart} style={{ height, minHeight: 120 }}>
      <div role="img" aria-label={label} style={{ height: '100%' }}>
        <ReactEChartsCore
          echarts={echarts}
          option={{ backgroundColor: 'transparent', textStyle: darkText, ...option }}
          theme="dark"
          notMerge
          lazyUpdate
          showLoading={loading}
          onChartReady={(chart: echarts.EChartsType) => {
            instance.current = chart;
            onReady?.(chart);
          }}
          style={{ height: '100%', width: '100%' }}
        />
      </div>
      <button
        type="button"
        className={styles.png}
        aria-label={t('common.downloadPng', { chart: label })}
        onClick={download}
      >
        PNG
      </button>
    </div>
  );
}
