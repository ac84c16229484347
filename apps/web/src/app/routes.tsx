import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { AlarmBell } from '../features/alarms/alarm-bell';
import { DataSourcesButton } from '../features/ingest/data-sources-button';
import { usePageConfig } from '../lib/page-config';
import { shipScope } from '../lib/ship-scope';
import { loginPath, userLoginPath } from '../lib/storage';
import { Layout } from '../shell/layout';
import { Redirect } from '../shell/redirect';
import { buildRouteTable } from '../shell/route-table';
import { Section } from '../shell/section';
import { FullScreenLoading } from '../ui/full-screen-loading';
import { OnDemandView, withStyles } from '../ui/on-demand';
import { RouteView } from './route-view';
import { deviceLoginView, userLoginView } from './views';

/** Top-level entries of the route table; their paths do not depend on the runtime config. */
const topLevel = buildRouteTable().children ?? [];

// Loaded with the Data sources dialog, not with the first page.
const BackupPanel = lazy(
  withStyles(() => import('../features/backup/backup-panel').then((m) => ({ default: m.BackupPanel }))),
);

function DataSources() {
  const { t } = useTranslation();
  const backup = {
    key: 'backup',
    label: t('backup.tab'),
    children: (
      <Suspense fallback={null}>
        <BackupPanel />
      </Suspense>
    ),
  };
  return <DataSourcesButton extraTabs={[backup]} />;
}

// A shore's account menu, loaded only on a shore (the vessel's first route does not carry it).
const AccountMenu = lazy(
  withStyles(() => import('../features/users/account-menu').then((m) => ({ default: m.AccountMenu }))),
);

function Account() {
  const { config } = usePageConfig();
  return config.shape === 'fleet' ? (
    <Suspense fallback={null}>
      <AccountMenu />
    </Suspense>
  ) : null;
}

// A shore's ship console marker, loaded only inside one (lib/ship-scope).
const ShipConsoleChip = lazy(
  withStyles(() =>
    import('../features/fleet/ship-console-chip').then((m) => ({ default: m.ShipConsoleChip })),
  ),
);

function Scope() {
  return shipScope() ? (
    <Suspense fallback={null}>
      <ShipConsoleChip />
    </Suspense>
  ) : null;
}

/** `/`: a shore opens on its fleet, a ship on its overview. */
function Home() {
  const { config } = usePageConfig();
  return <Redirect to={config.shape === 'fleet' ? '/fleet' : '/overview'} />;
}

const headerSlots = {
  alarms: <AlarmBell />,
  dataSources: <DataSources />,
  account: <Account />,
  scope: <Scope />,
};
// Keyed by route: each tab's view decides once whether its code is already in (see RouteView).
const renderView = (routeKey: string) => <RouteView key={routeKey} routeKey={routeKey} />;

/**
 * The console's routes (SPEC §2): `/` → `/overview` (a shore's: `/fleet`); sections with children; /dcLogin (devices) and /login (shore
 * users) outside the layout; /users (shore admins) inside it, outside the route table.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path={loginPath}
        element={<OnDemandView of={deviceLoginView} fallback={<FullScreenLoading />} props={{}} />}
      />
      <Route
        path={userLoginPath}
        element={<OnDemandView of={userLoginView} fallback={<FullScreenLoading />} props={{}} />}
      />
      <Route element={<Layout headerSlots={headerSlots} />}>
        <Route index element={<Home />} />
        <Route path="/users" element={<RouteView key="/users" routeKey="/users" />} />
        <Route path="/help" element={<RouteView key="/help" routeKey="/help" />} />
        <Route
          path="/fleet/compliance"
          element={<RouteView key="/fleet/compliance" routeKey="/fleet/compliance" />}
        />
        {topLevel
          .filter((entry) => entry.type !== 1)
          .map((entry) => (
            <Route
              key={entry.key}
              path={`${entry.path}/*`}
              element={
                entry.children ? (
                  <Section sectionKey={entry.key} renderView={renderView} />
                ) : (
                  // Keyed, or going from one top-level page to another (the overview to the notifications)
                  // keeps the first page's view: RouteView decides once which component it shows.
                  <RouteView key={entry.key} routeKey={entry.key} />
                )
              }
            />
          ))}
        <Route path="*" element={<Redirect to="/overview" />} />
      </Route>
    </Routes>
  );
}
