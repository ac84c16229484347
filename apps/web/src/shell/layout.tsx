import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { usePageConfig } from '../lib/page-config';
import { FullScreenLoading } from '../ui/full-screen-loading';
import { Header } from './header';
import type { HeaderSlots } from './header-tools';
import styles from './layout.module.css';
import { designHeight, designWidth } from './scale';
import { useDeviceSession } from './use-device-session';
import { useGlobalStateFromAddress } from './use-global-state-from-address';
import { useRouteTable } from './use-route-table';
import { useScaleToFit } from './use-scale';
import { useUpdateNotice } from './use-update-notice';

/** The root layout around every console page: device session, scaling, header and the page. */
/** The console's frame; the app passes in the header tools that belong to features. */
export function Layout({ headerSlots }: { headerSlots: HeaderSlots }) {
  const { config, isLoading } = usePageConfig();
  const root = useRouteTable();
  const fit = useScaleToFit();
  useDeviceSession(config.offline, !isLoading, config.shape === 'fleet');
  useGlobalStateFromAddress();
  useUpdateNotice();
  if (isLoading) return <FullScreenLoading />;
  return (
    <div className={styles.viewport}>
      <div
        className={styles.stage}
        data-scale={fit.scale.toFixed(4)}
        style={{
          width: designWidth,
          height: designHeight,
          transform: `translate(${fit.left}px, ${fit.top}px) scale(${fit.scale})`,
        }}
      >
        <Header root={root} config={config} slots={headerSlots} />
        <main className={styles.main}>
          <Suspense fallback={<FullScreenLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
