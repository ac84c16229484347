import { type CSSProperties, useRef, useState } from 'react';
import { ChartFrame, canvasPng, shownScale, useBoxSize } from './light-chart';
import styles from './light-chart.module.css';
import { LIGHT_THEME } from './light-chart-options';
import { savePng } from './png-file-name';

/** A share of a doughnut: its name (translated), count and colour. */
export interface DoughnutItem {
  name: string;
  value: number;
  color: string;
}

/** A sector: from `start` to `end`, radians clockwise from twelve o'clock. */
export interface DoughnutArc {
  item: DoughnutItem;
  start: number;
  end: number;
}

/** The sectors of a doughnut, in the items' order, together the whole ring (none when the total is 0). */
export function doughnutArcs(items: readonly DoughnutItem[]): DoughnutArc[] {
  const total = items.reduce((a, i) => a + Math.max(0, i.value), 0);
  if (total <= 0) return [];
  let at = 0;
  return items.map((item) => {
    const start = at;
    at += (Math.max(0, item.value) / total) * 2 * Math.PI;
    return { item, start, end: at };
  });
}

const point = (cx: number, cy: number, r: number, a: number) =>
  `${(cx + r * Math.sin(a)).toFixed(2)} ${(cy - r * Math.cos(a)).toFixed(2)}`;

/** The SVG path of a ring sector between radii `r0` < `r1` (a whole ring as two circles). */
export function sectorPath(
  cx: number,
  cy: number,
  r0: number,
  r1: number,
  start: number,
  end: number,
): string {
  if (end - start >= 2 * Math.PI - 1e-9) {
    // The outer circle clockwise, the inner one back: a ring without a seam.
    const circle = (r: number, sweep: 0 | 1) =>
      `M ${point(cx, cy, r, 0)} A ${r} ${r} 0 1 ${sweep} ${point(cx, cy, r, Math.PI)} A ${r} ${r} 0 1 ${sweep} ${point(cx, cy, r, 0)} Z`;
    return `${circle(r1, 1)} ${circle(r0, 0)}`;
  }
  const large = end - start > Math.PI ? 1 : 0;
  return [
    `M ${point(cx, cy, r1, start)}`,
    `A ${r1} ${r1} 0 ${large} 1 ${point(cx, cy, r1, end)}`,
    `L ${point(cx, cy, r0, end)}`,
    `A ${r0} ${r0} 0 ${large} 0 ${point(cx, cy, r0, start)}`,
    'Z',
  ].join(' ');
}

/** A label outside its sector, on a short leader line, as ECharts writes a pie's `{c}`. */
function SectorLabel({ arc, cx, cy, r }: { arc: DoughnutArc; cx: number; cy: number; r: number }) {
  const a = (arc.start + arc.end) / 2;
  const right = Math.sin(a) >= 0;
  const [x0, y0] = [cx + r * Math.sin(a), cy - r * Math.cos(a)];
  const [x1, y1] = [cx + (r + 12) * Math.sin(a), cy - (r + 12) * Math.cos(a)];
  const x2 = x1 + (right ? 12 : -12);
  return (
    <g>
      <polyline points={`${x0},${y0} ${x1},${y1} ${x2},${y1}`} fill="none" stroke={arc.item.color} />
      <text
        x={x2 + (right ? 4 : -4)}
        y={y1}
        fill={arc.item.color}
        fontSize={12}
        fontFamily={LIGHT_THEME.font}
        dominantBaseline="middle"
        textAnchor={right ? 'start' : 'end'}
      >
        {arc.item.value}
      </text>
    </g>
  );
}

/**
 * A doughnut of counts drawn as SVG (the overview's alarm statistics; no chart library): the items' legend at the
 * left, the ring right of the middle with each count beside its sector, a tooltip per sector. Saved as a PNG through
 * a canvas. Its box and name as every chart of the console (`ChartFrame`).
 */
export function Doughnut({
  label,
  items,
  height = '100%',
}: {
  label: string;
  items: readonly DoughnutItem[];
  height?: CSSProperties['height'];
}) {
  const box = useRef<HTMLDivElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  const [hover, setHover] = useState<{ index: number; x: number; y: number } | undefined>();
  const size = useBoxSize(box);
  // Not laid out yet: drawn at a nominal size, redrawn when measured.
  const width = size.width || 400;
  const h = size.height || 200;
  const arcs = doughnutArcs(items);
  const radius = Math.min(width, h) / 2;
  const [cx, cy, r0, r1] = [width * 0.62, h / 2, radius * 0.4, radius * 0.7];
  const legendTop = h / 2 - (items.length * 24 - 10) / 2;
  const download = () => {
    if (!svg.current) return;
    const image = new Image();
    image.onload = () => savePng(canvasPng(image, width * 2, h * 2), label);
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg.current))}`;
  };
  const shown = hover ? arcs[hover.index] : undefined;
  return (
    <ChartFrame label={label} height={height} box={box} onDownload={download}>
      <svg
        ref={svg}
        xmlns="http://www.w3.org/2000/svg"
        width={width}
        height={h}
        viewBox={`0 0 ${width} ${h}`}
        className={styles.canvas}
        aria-hidden="true"
        onPointerLeave={() => setHover(undefined)}
      >
        {items.map((item, i) => (
          <g key={item.name} transform={`translate(0 ${legendTop + i * 24})`}>
            <rect width={25} height={14} rx={3} fill={item.color} />
            <text
              x={30}
              y={7}
              fill={LIGHT_THEME.text}
              fontSize={12}
              fontFamily={LIGHT_THEME.font}
              dominantBaseline="middle"
            >
              {item.name}
            </text>
          </g>
        ))}
        {arcs.map((arc, i) => (
          <path
            key={arc.item.name}
            d={sectorPath(cx, cy, r0, hover?.index === i ? r1 + 4 : r1, arc.start, arc.end)}
            fill={arc.item.color}
            stroke={LIGHT_THEME.background}
            strokeWidth={1}
            data-value={arc.item.value}
            onPointerMove={(e) => {
              if (!box.current) return;
              const rect = box.current.getBoundingClientRect();
              const scale = shownScale(box.current);
              setHover({ index: i, x: (e.clientX - rect.left) / scale, y: (e.clientY - rect.top) / scale });
            }}
          />
        ))}
        {arcs.map((arc) => (
          <SectorLabel key={arc.item.name} arc={arc} cx={cx} cy={cy} r={r1} />
        ))}
      </svg>
      {shown && hover ? (
        <div
          className={styles.tooltip}
          style={{
            transform: `translate(${Math.min(hover.x + 16, width - 160)}px, ${Math.min(hover.y + 16, h - 40)}px)`,
          }}
        >
          <span className={styles.tipRow}>
            <span className={styles.tipMarker} style={{ background: shown.item.color }} />
            <span className={styles.tipName}>{shown.item.name}</span>
            <span className={styles.tipValue}>{shown.item.value}</span>
          </span>
        </div>
      ) : null}
    </ChartFrame>
  );
}
