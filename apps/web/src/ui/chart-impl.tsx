import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendPlainComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
// The ESM core entry: the `lib/core` path crashes under Vite 8 (DESIGN.md "Stack").
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './chart.module.css';
import type { ChartProps } from './chart-types';
import { PngButton } from './png-button';
import { savePng } from './png-file-name';

// What nearly every chart draws; every other series kind and component is registered when a chart's option asks for
// it (ui/chart-parts.ts). This module loads on demand (ui/chart.tsx), so none of it is in a page's first load.
echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendPlainComponent, CanvasRenderer]);

const darkText = { color: '#c9d6f2' };

/**
 * The one ECharts wrapper of the console: dark, transparent background, resizes with its box. Every chart can be
 * saved as a PNG (a button that shows on hover or keyboard focus).
 */
/** The ECharts drawing of `ui/chart`'s `Chart` (loaded with the first chart a page draws). */
export default function ChartImpl({ option, label, height = '100%', loading = false, onReady }: ChartProps) {
  const { i18n } = useTranslation();
  // ECharts picks its locale (month and weekday names of time axes) from the page's language at first use; the
  // console's language decides instead, so en_US never shows "3月".
  const locale = i18n.language === 'zh_CN' ? 'ZH' : 'EN';
  const instance = useRef<echarts.EChartsType | null>(null);
  // ECharts reports ready once per instance: a chart drawn first without `onReady` (a loading placeholder at the
  // same place, as the boiler's curve is) hands its instance over when `onReady` arrives, or the page's own
  // "Download image" never gets it.
  useEffect(() => {
    if (instance.current && !instance.current.isDisposed()) onReady?.(instance.current);
  }, [onReady]);
  const download = () => {
    const chart = instance.current;
    if (!chart) return;
    savePng(chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#0b1a33' }), label);
  };
  return (
    <div className={styles.chart} style={{ height, minHeight: 120 }}>
      <div role="img" aria-label={label} style={{ height: '100%' }}>
        <ReactEChartsCore
          echarts={echarts}
          option={{ backgroundColor: 'transparent', textStyle: darkText, ...option }}
          theme="dark"
          opts={{ locale }}
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
      <PngButton chart={label} onClick={download} />
    </div>
  );
}
