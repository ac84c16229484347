import 'uplot/dist/uPlot.min.css';
import { type CSSProperties, type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import chartStyles from './chart.module.css';
import styles from './light-chart.module.css';
import { LIGHT_THEME, type LightChartSpec, lightData, lightOptions } from './light-chart-options';
import { tooltipPlugin } from './light-tooltip';
import { PngButton } from './png-button';
import { savePng } from './png-file-name';

export type { LightAxis, LightChartSpec, LightSeries } from './light-chart-options';

/**
 * A box's size in CSS px, kept up to date as it resizes (0 × 0 until laid out): its layout size, not as shown, since
 * the console may be scaled to its screen (shell/layout.tsx).
 */
export function useBoxSize(ref: RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const width = el.offsetWidth;
      const height = el.offsetHeight;
      setSize((s) => (s.width === width && s.height === height ? s : { width, height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/** What every chart of the console has around its drawing: its name, and "Download image" on hover or focus. */
export function ChartFrame({
  label,
  height,
  box,
  onDownload,
  children,
}: {
  label: string;
  height: CSSProperties['height'];
  box: RefObject<HTMLDivElement | null>;
  onDownload: () => void;
  children?: ReactNode;
}) {
  return (
    <div className={chartStyles.chart} style={{ height, minHeight: 120 }}>
      <div ref={box} role="img" aria-label={label} className={styles.box} style={{ height: '100%' }}>
        {children}
      </div>
      <PngButton chart={label} onClick={onDownload} />
    </div>
  );
}

/** How much the console is scaled where `el` is shown (1 when not). */
export function shownScale(el: HTMLElement): number {
  const shown = el.getBoundingClientRect().width;
  return el.offsetWidth && shown ? shown / el.offsetWidth : 1;
}

/** A canvas saved on the panels' background. */
export function canvasPng(source: CanvasImageSource, width: number, height: number): string {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (ctx) {
    ctx.fillStyle = LIGHT_THEME.background;
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(source, 0, 0, width, height);
  }
  return canvas.toDataURL('image/png');
}

/**
 * The overview's charts and the speed page's first two, drawn with uPlot (~20 kB) instead of ECharts (~180 kB), so
 * the pages a console opens on draw within their bytes and time (docs/decisions.md "First route's bytes", "First
 * route's draw, second pass"): lines (stepped, or across gaps) and bars over categories, one or two value axes, a
 * legend and an axis tooltip, in the console's dark ECharts look (`ui/light-chart-options.ts`). Every other chart is
 * drawn with `ui/chart`. Resizes with its box; the spec is drawn anew when it changes (keep it in `useMemo`).
 */
export function LightChart({
  label,
  spec,
  height = '100%',
}: {
  /** Accessible name of the chart (translated). */
  label: string;
  spec: LightChartSpec;
  height?: CSSProperties['height'];
}) {
  const box = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  // Measured and drawn in one pass before the browser paints, drawn anew when the box's size changes: not measured
  // into state first (one more render of the chart, and the drawing after the paint, on the page's first draw).
  useLayoutEffect(() => {
    const el = box.current;
    const into = host.current;
    if (!el || !into) return;
    let drawnSize = { width: 0, height: 0 };
    const draw = () => {
      const width = el.offsetWidth;
      const height = el.offsetHeight;
      if (width === drawnSize.width && height === drawnSize.height) return;
      drawnSize = { width, height };
      chart.current?.destroy();
      chart.current = null;
      if (width === 0 || height === 0) return;
      chart.current = new uPlot(
        lightOptions(spec, width, height, [tooltipPlugin(spec)]),
        lightData(spec),
        into,
      );
    };
    draw();
    const observer = new ResizeObserver(draw);
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.current?.destroy();
      chart.current = null;
    };
  }, [spec]);
  const download = () => {
    const canvas = chart.current?.ctx.canvas;
    if (canvas) savePng(canvasPng(canvas, canvas.width, canvas.height), label);
  };
  return (
    <ChartFrame label={label} height={height} box={box} onDownload={download}>
      <div ref={host} className={styles.canvas} />
    </ChartFrame>
  );
}
