import { Empty } from 'antd';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './panel.module.css';

export interface PanelProps {
  /** Translated title. */
  title: ReactNode;
  /** Buttons or filters on the title bar. */
  extra?: ReactNode;
  /** Panel body; an explicit "no data yet" state when absent. */
  children?: ReactNode;
  className?: string;
}

/** The dark console panel with its title bar; a region named by its title. */
export function Panel({ title, extra, children, className }: PanelProps) {
  const titleId = useId();
  return (
    <section className={`${styles.panel} ${className ?? ''}`} aria-labelledby={titleId}>
      <header className={styles.header}>
        <h3 id={titleId} className={styles.title}>
          {title}
        </h3>
        {extra ? <div className={styles.extra}>{extra}</div> : null}
      </header>
      <div className={styles.body}>{children ?? <NoData />}</div>
    </section>
  );
}

/** Explicit empty state: there is no data for this panel yet. */
export function NoData() {
  const { t } = useTranslation();
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} className={styles.empty} />
  );
}
