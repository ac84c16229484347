import type { ReactNode } from 'react';
import styles from './page-frame.module.css';
import { Panel } from './panel';

export interface PanelSpec {
  /** Stable id (also a test hook). */
  id: string;
  /** Translated title. */
  title: string;
  /** Columns and rows the panel spans in the page grid. */
  span?: number;
  rows?: number;
  extra?: ReactNode;
  children?: ReactNode;
}

export interface PageFrameProps {
  /** Translated page title. */
  title: string;
  /** Controls on the title row (selectors, buttons). */
  actions?: ReactNode;
  columns?: number;
  /** Number of grid rows the panels are laid out in. */
  rowCount?: number;
  /** Least height of a row (px): a page with more to show than one screen holds scrolls instead of squeezing. */
  minRowHeight?: number;
  panels: PanelSpec[];
}

/** A page's frame: its title row and a grid of panels filling the rest of the screen. */
export function PageFrame({
  title,
  actions,
  columns = 3,
  rowCount = 2,
  minRowHeight,
  panels,
}: PageFrameProps) {
  return (
    <div className={styles.page}>
      <div className={styles.titleRow}>
        <h2 className={styles.title}>{title}</h2>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      <div
        className={styles.grid}
        style={{
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          gridTemplateRows: `repeat(${rowCount}, minmax(${minRowHeight ?? 0}px, 1fr))`,
          ...(minRowHeight ? { overflowY: 'auto' as const } : {}),
        }}
      >
        {panels.map((panel) => (
          <div
            key={panel.id}
            data-panel={panel.id}
            className={styles.cell}
            style={{ gridColumn: `span ${panel.span ?? 1}`, gridRow: `span ${panel.rows ?? 1}` }}
          >
            <Panel title={panel.title} extra={panel.extra}>
              {panel.children}
            </Panel>
          </div>
        ))}
      </div>
    </div>
  );
}
