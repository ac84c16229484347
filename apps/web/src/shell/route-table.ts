/** A navigation entry (SPEC §3 "Route entry"). `type` 1 marks an external entry opened in a new tab. */
export interface RouteEntry {
  id: string;
  /** Unique key; equal to `path` for internal entries. */
  key: string;
  path: string;
  /** Translation key of the label, e.g. `route.overview`. */
  label: string;
  type?: 0 | 1;
  /** Target address of an external entry. */
  external?: string;
  children?: RouteEntry[];
  isHide?: boolean;
}

export interface RouteTableOptions {
  /** Page-configuration flag: hide the engine-load tab (SPEC §2). */
  hideLoadPage?: boolean;
  /** A shore server (page configuration `shape: fleet`): the fleet page shows in the menu. */
  fleet?: boolean;
}

const entry = (id: string, path: string, label: string, children?: RouteEntry[]): RouteEntry => ({
  id,
  key: path,
  path,
  label,
  type: 0,
  ...(children ? { children } : {}),
  isHide: false,
});

/** The route table of SPEC §2; the root entry's children form the top menu. */
export function buildRouteTable({ hideLoadPage = false, fleet = false }: RouteTableOptions = {}): RouteEntry {
  return entry('root', '/', 'route.root', [
    { ...entry('fleet', '/fleet', 'route.fleet'), isHide: !fleet },
    entry('overview', '/overview', 'route.overview'),
    entry('eff-monitory', '/eff-monitory', 'route.stateAnalysis', [
      entry('me', '/eff-monitory/me', 'route.me'),
      entry('ge', '/eff-monitory/ge', 'route.ge'),
      entry('boiler', '/eff-monitory/boiler', 'route.boiler'),
    ]),
    entry('eff-analysis', '/eff-analysis', 'route.analysis', [
      entry('params', '/eff-analysis/params', 'route.params'),
      entry('device', '/eff-analysis/device', 'route.device'),
      entry('energy-report', '/eff-analysis/report', 'route.energyReport'),
      entry('distributed', '/eff-analysis/distributed', 'route.distributed'),
      entry('eca', '/eff-analysis/eca', 'route.eca'),
    ]),
    entry('eff-optimize', '/eff-optimize', 'route.optimization', [
      entry('speed', '/eff-optimize/speed', 'route.speed'),
      entry('fouling', '/eff-optimize/fouling', 'route.contamination'),
      entry('triming', '/eff-optimize/triming', 'route.trimOptimization'),
      { ...entry('load', '/eff-optimize/load', 'route.loadOptimization'), isHide: hideLoadPage },
    ]),
    entry('carbon-manage', '/carbon-manage', 'route.carbon', [
      entry('basic', '/carbon-manage/basic', 'route.basicInfo'),
      entry('filling', '/carbon-manage/filling', 'route.infoFilling'),
      entry('cii-statistics', '/carbon-manage/cii-statistics', 'route.ciiStatistics'),
      entry('cii-simulator', '/carbon-manage/cii-simulator', 'route.ciiSimulator'),
      entry('export-report', '/carbon-manage/report', 'route.exportReport'),
    ]),
    { ...entry('notification', '/notification', 'route.notification'), isHide: true },
  ]);
}

/** Children that are shown (menu items, section tabs). */
export function visibleChildren(parent: RouteEntry): RouteEntry[] {
  return (parent.children ?? []).filter((child) => !child.isHide);
}
