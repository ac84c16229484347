import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { NoData } from '../ui/panel';
import { findEntry } from './menu-model';
import { Redirect } from './redirect';
import { visibleChildren } from './route-table';
import styles from './section.module.css';
import { resolveSection } from './section-model';
import { useRouteTable } from './use-route-table';

/**
 * Section container (SPEC §2): tab strip of the visible children above the current child's view. The tabs are links
 * (a middle click opens a tab in a new browser tab), drawn by the console itself: a strip that measures its tabs on
 * every draw cost each page of a section ~50 ms of its first draw.
 */
export function Section({
  sectionKey,
  renderView,
}: {
  sectionKey: string;
  /** The view of a child route; the app knows the views, the shell only the navigation. */
  renderView: (routeKey: string) => ReactNode;
}) {
  const root = useRouteTable();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const section = findEntry(root, sectionKey);
  if (!section) return <NoData />;
  const resolution = resolveSection(section, pathname);
  if ('redirect' in resolution) return <Redirect to={resolution.redirect} />;
  if ('empty' in resolution) return <NoData />;
  const children = visibleChildren(section);
  const active = resolution.child.key;
  // The arrow keys move between the tabs, as in any tab strip.
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const index = children.findIndex((child) => child.key === active);
    const next = children[(index + step + children.length) % children.length];
    if (!next) return;
    event.preventDefault();
    navigate(next.key);
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[data-section-tab="${next.key}"]`)?.focus(),
    );
  };
  return (
    <div className={styles.section}>
      <div role="tablist" className={styles.tabs} aria-label={t(section.label)} onKeyDown={onKeyDown}>
        {children.map((child) => (
          <Link
            key={child.key}
            to={child.key}
            role="tab"
            aria-selected={child.key === active}
            tabIndex={child.key === active ? 0 : -1}
            data-section-tab={child.key}
            className={styles.tab}
          >
            {t(child.label)}
          </Link>
        ))}
      </div>
      <div className={styles.view} role="tabpanel" aria-label={t(resolution.child.label)}>
        {renderView(active)}
      </div>
    </div>
  );
}
