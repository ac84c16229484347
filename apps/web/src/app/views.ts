import type { ComponentType } from 'react';
import { startOverviewFetch } from '../features/overview/api/get-overview-page';
import { type ChartPart, chartReady, preloadChart } from '../ui/chart';
import { type OnDemand, onDemand } from '../ui/on-demand';

/** A route's view, loaded on demand (see ui/on-demand.tsx). */
export type View = OnDemand<object>;

/** Each view loads on demand (SPEC §2); one chunk per feature folder. */
const named = <M>(load: () => Promise<M>, pick: (module: M) => ComponentType, styles = true): View =>
  onDemand(() => load().then(pick), { styles });

/**
 * A view that draws charts: the chart code and the ECharts parts (`ui/chart-parts.ts`) its first charts use are
 * fetched beside the view's own, not after it has drawn. A part the view needs later loads with its chart.
 */
const charted = <M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  parts: ChartPart[] = [],
  styles = true,
): View => {
  const view = named(
    () => {
      preloadChart(parts);
      return load();
    },
    pick,
    styles,
  );
  chartsOf.set(view, parts);
  return view;
};

/** The chart parts of each view that draws charts (`charted`). */
const chartsOf = new WeakMap<View, ChartPart[]>();

const monitoring = () => import('../features/monitoring/pages');

/** The view of each route key. */
export const views: Record<string, View> = {
  '/fleet': charted(
    () => import('../features/fleet/fleet-page'),
    (m) => m.FleetPage,
  ),
  '/fleet/compliance': named(
    () => import('../features/compliance/compliance-page'),
    (m) => m.CompliancePage,
  ),
  // Drawn without ECharts (ui/light-chart.tsx, ui/doughnut.tsx): no chart code to fetch beside it.
  '/overview': named(
    () => {
      // Every panel's figures in one request, asked for while the page's code loads.
      startOverviewFetch();
      return import('../features/overview/overview-page');
    },
    (m) => m.OverviewPage,
    // The first route: drawn with the first part of antd's stylesheet (apps/web/antd-styles.ts).
    false,
  ),
  '/eff-monitory/me': charted(monitoring, (m) => m.MePage),
  '/eff-monitory/ge': charted(monitoring, (m) => m.GePage),
  '/eff-monitory/boiler': charted(monitoring, (m) => m.BoilerPage),
  '/eff-analysis/params': charted(
    () => import('../features/params/params-page'),
    (m) => m.ParamsPage,
  ),
  '/eff-analysis/device': charted(
    () => import('../features/equipment/equipment-page'),
    (m) => m.EquipmentPage,
  ),
  '/eff-analysis/report': named(
    () => import('../features/energy-report/energy-report-page'),
    (m) => m.EnergyReportPage,
  ),
  '/eff-analysis/distributed': charted(
    () => import('../features/consumption/consumption-page'),
    (m) => m.ConsumptionPage,
  ),
  '/eff-analysis/eca': charted(
    () => import('../features/eca/eca-page'),
    (m) => m.EcaPage,
  ),
  // Its first charts are drawn without ECharts (ui/light-chart.tsx); the slip dialog's trend loads the chart code when
  // opened.
  '/eff-optimize/speed': named(
    () => {
      // The page's data is asked for while its code loads, not after it has drawn.
      void import('../features/speed/api/speed-api').then((m) => m.startSpeedFetch());
      return import('../features/speed/speed-page');
    },
    (m) => m.SpeedPage,
  ),
  '/eff-optimize/fouling': charted(
    () => import('../features/fouling/fouling-page'),
    (m) => m.FoulingPage,
  ),
  '/eff-optimize/triming': charted(
    () => import('../features/trim/trim-page'),
    (m) => m.TrimPage,
  ),
  '/eff-optimize/load': charted(
    () => import('../features/load/load-page'),
    (m) => m.LoadPage,
  ),
  '/carbon-manage/basic': named(
    () => import('../features/ship/basic-page'),
    (m) => m.BasicInfoPage,
  ),
  '/carbon-manage/filling': named(
    () => import('../features/filling/filling-page'),
    (m) => m.FillingPage,
  ),
  '/carbon-manage/cii-statistics': charted(
    () => import('../features/cii/cii-statistics-page'),
    (m) => m.CiiStatisticsPage,
  ),
  '/carbon-manage/cii-simulator': charted(
    () => import('../features/cii/cii-simulator-page'),
    (m) => m.CiiSimulatorPage,
  ),
  '/carbon-manage/report': named(
    () => import('../features/reports/reports-page'),
    (m) => m.ExportReportPage,
  ),
  '/notification': named(
    () => import('../features/alarms/alarms-page'),
    (m) => m.AlarmsPage,
  ),
  /** The help (the header's home link when no portal is set); reached from the header, not the route table. */
  '/help': named(
    () => import('../features/help/help-page'),
    (m) => m.HelpPage,
  ),
  /** A shore's account administration; reached from the account menu, not the route table. */
  '/users': named(
    () => import('../features/users/users-page'),
    (m) => m.UsersPage,
  ),
};

export const deviceLoginView = named(
  () => import('../features/session/device-login-page'),
  (m) => m.DeviceLoginPage,
);

export const userLoginView = named(
  () => import('../features/users/login-page'),
  (m) => m.LoginPage,
);

/**
 * Starts loading the view of the address the console opens on (its code, its chart code and, for the overview,
 * its data) before React renders; settles once its code and chart code are in (or failed to load), at once for an
 * address without a view of its own.
 */
export function preloadView(pathname: string): Promise<void> {
  const path = pathname.replace(/\/+$/, '') || '/overview';
  const view = views[path];
  if (!view) return Promise.resolve();
  // A page that draws charts opens with them drawn in its first render, not as placeholders drawn again later.
  const parts = chartsOf.get(view);
  return Promise.all([view.preload(), parts ? chartReady(parts) : undefined]).then(() => undefined);
}
