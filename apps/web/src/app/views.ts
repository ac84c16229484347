import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type View = LazyExoticComponent<ComponentType>;

/** Each view loads on demand (SPEC §2); one chunk per feature folder. */
const named = <M>(load: () => Promise<M>, pick: (module: M) => ComponentType): View =>
  lazy(async () => ({ default: pick(await load()) }));

const monitoring = () => import('../features/monitoring/pages');
const analysis = () => import('../features/analysis/pages');
const optimization = () => import('../features/optimization/pages');
const carbon = () => import('../features/carbon/pages');

/** The view of each route key. */
export const views: Record<string, View> = {
  '/overview': named(
    () => import('../features/overview/overview-page'),
    (m) => m.OverviewPage,
  ),
  '/eff-monitory/me': named(monitoring, (m) => m.MePage),
  '/eff-monitory/ge': named(monitoring, (m) => m.GePage),
  '/eff-monitory/boiler': named(monitoring, (m) => m.BoilerPage),
  '/eff-analysis/params': named(analysis, (m) => m.ParamsPage),
  '/eff-analysis/device': named(analysis, (m) => m.DevicePage),
  '/eff-analysis/report': named(analysis, (m) => m.EnergyReportPage),
  '/eff-analysis/distributed': named(analysis, (m) => m.DistributedPage),
  '/eff-analysis/eca': named(analysis, (m) => m.EcaPage),
  '/eff-optimize/speed': named(optimization, (m) => m.SpeedPage),
  '/eff-optimize/fouling': named(optimization, (m) => m.FoulingPage),
  '/eff-optimize/triming': named(optimization, (m) => m.TrimPage),
  '/eff-optimize/load': named(optimization, (m) => m.LoadPage),
  '/carbon-manage/basic': named(carbon, (m) => m.BasicInfoPage),
  '/carbon-manage/filling': named(carbon, (m) => m.FillingPage),
  '/carbon-manage/cii-statistics': named(carbon, (m) => m.CiiStatisticsPage),
  '/carbon-manage/cii-simulator': named(carbon, (m) => m.CiiSimulatorPage),
  '/carbon-manage/report': named(carbon, (m) => m.ExportReportPage),
  '/notification': named(
    () => import('../features/notification/notification-page'),
    (m) => m.NotificationPage,
  ),
};

export const DeviceLoginView = named(
  () => import('../features/device-login/device-login-page'),
  (m) => m.DeviceLoginPage,
);
