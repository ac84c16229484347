import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { NoData } from '../ui/panel';
import { findEntry } from './menu-model';
import { Redirect } from './redirect';
import { visibleChildren } from './route-table';
import styles from './section.module.css';
import { resolveSection } from './section-model';
import { useRouteTable } from './use-route-table';

/** Section container (SPEC §2): tab strip of the visible children above the current child's view. */
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
  return (
    <div className={styles.section}>
      <Tabs
        className={styles.tabs}
        activeKey={resolution.child.key}
        onChange={(key) => navigate(key)}
        items={visibleChildren(section).map((child) => ({ key: child.key, label: t(child.label) }))}
      />
      <div className={styles.view}>{renderView(resolution.child.key)}</div>
    </div>
  );
}
