import { describe, expect, it } from 'vitest';
import { buildRouteTable, type RouteEntry, visibleChildren } from './route-table';

const byKey = (root: RouteEntry, key: string) => root.children?.find((entry) => entry.key === key);

describe('route table (SPEC §2)', () => {
  const root = buildRouteTable();

  it('has the spec sections with their label keys', () => {
    expect(root.children?.map((entry) => [entry.path, entry.label, entry.isHide])).toEqual([
      ['/fleet', 'route.fleet', true],
      ['/overview', 'route.overview', false],
      ['/eff-monitory', 'route.stateAnalysis', false],
      ['/eff-analysis', 'route.analysis', false],
      ['/eff-optimize', 'route.optimization', false],
      ['/carbon-manage', 'route.carbon', false],
      ['/notification', 'route.notification', true],
    ]);
  });

  it('shows the fleet page on a shore server only', () => {
    const shown = (fleet: boolean) => visibleChildren(buildRouteTable({ fleet })).map((e) => e.path);
    expect(shown(true)[0]).toBe('/fleet');
    expect(shown(false)).not.toContain('/fleet');
  });

  it('lists the children in spec order, the default child first', () => {
    const paths = (key: string) => byKey(root, key)?.children?.map((child) => child.path);
    expect(paths('/eff-monitory')).toEqual(['/eff-monitory/me', '/eff-monitory/ge', '/eff-monitory/boiler']);
    expect(paths('/eff-analysis')).toEqual([
      '/eff-analysis/params',
      '/eff-analysis/device',
      '/eff-analysis/report',
      '/eff-analysis/distributed',
      '/eff-analysis/eca',
    ]);
    expect(paths('/eff-optimize')).toEqual([
      '/eff-optimize/speed',
      '/eff-optimize/fouling',
      '/eff-optimize/triming',
      '/eff-optimize/load',
    ]);
    expect(paths('/carbon-manage')).toEqual([
      '/carbon-manage/basic',
      '/carbon-manage/filling',
      '/carbon-manage/cii-statistics',
      '/carbon-manage/cii-simulator',
      '/carbon-manage/report',
    ]);
  });

  it('uses the spec label keys for the named children', () => {
    const labels = Object.fromEntries(
      (root.children ?? [])
        .flatMap((entry) => entry.children ?? [])
        .map((child) => [child.path, child.label]),
    );
    expect(labels).toMatchObject({
      '/eff-analysis/report': 'route.energyReport',
      '/eff-analysis/eca': 'route.eca',
      '/eff-optimize/fouling': 'route.contamination',
      '/eff-optimize/triming': 'route.trimOptimization',
      '/eff-optimize/load': 'route.loadOptimization',
      '/carbon-manage/basic': 'route.basicInfo',
      '/carbon-manage/filling': 'route.infoFilling',
      '/carbon-manage/report': 'route.exportReport',
    });
  });

  it('hides the load tab when the page configuration says so', () => {
    const optimize = (hideLoadPage: boolean) =>
      visibleChildren(byKey(buildRouteTable({ hideLoadPage }), '/eff-optimize')!).map((child) => child.path);
    expect(optimize(false)).toContain('/eff-optimize/load');
    expect(optimize(true)).toEqual(['/eff-optimize/speed', '/eff-optimize/fouling', '/eff-optimize/triming']);
  });

  it('gives every entry the route-entry shape with unique ids', () => {
    const all = [
      root,
      ...(root.children ?? []),
      ...(root.children ?? []).flatMap((entry) => entry.children ?? []),
    ];
    for (const entry of all)
      expect(Object.keys(entry)).toEqual(
        expect.arrayContaining(['id', 'key', 'path', 'label', 'type', 'isHide']),
      );
    expect(new Set(all.map((entry) => entry.id)).size).toBe(all.length);
  });
});
