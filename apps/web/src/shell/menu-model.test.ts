import { describe, expect, it } from 'vitest';
import { buildMenuItems, menuTarget, selectedMenuKey, withQueryParam } from './menu-model';
import { buildRouteTable, type RouteEntry } from './route-table';

const t = (key: string) => `T(${key})`;
const root = buildRouteTable();

describe('menu building', () => {
  it('lists the visible top-level entries in route-table order with translated labels', () => {
    expect(buildMenuItems(root, t)).toEqual([
      { key: '/overview', label: 'T(route.overview)' },
      { key: '/eff-monitory', label: 'T(route.stateAnalysis)' },
      { key: '/eff-analysis', label: 'T(route.analysis)' },
      { key: '/eff-optimize', label: 'T(route.optimization)' },
      { key: '/carbon-manage', label: 'T(route.carbon)' },
    ]);
  });

  it('leaves hidden entries out (the notification route)', () => {
    expect(buildMenuItems(root, t).map((item) => item.key)).not.toContain('/notification');
  });

  it('highlights the entry whose path starts the current path', () => {
    expect(selectedMenuKey(root, '/overview')).toBe('/overview');
    expect(selectedMenuKey(root, '/eff-analysis/eca')).toBe('/eff-analysis');
    expect(selectedMenuKey(root, '/carbon-manage/cii-statistics')).toBe('/carbon-manage');
  });

  it('does not highlight a mere name prefix or a hidden entry', () => {
    expect(selectedMenuKey(root, '/overviewer')).toBeUndefined();
    expect(selectedMenuKey(root, '/notification')).toBeUndefined();
  });
});

describe('menu targets', () => {
  const external: RouteEntry = {
    id: 'portal',
    key: 'portal',
    path: '/portal',
    label: 'route.portal',
    type: 1,
    external: 'https://portal.example/app?x=1#top',
  };

  it('opens an external entry with the stored access token appended as `token`', () => {
    expect(menuTarget(external, 'abc 123')).toEqual({
      kind: 'external',
      url: 'https://portal.example/app?x=1&token=abc%20123#top',
    });
  });

  it('opens an external entry unchanged when no access token is stored', () => {
    expect(menuTarget(external, null)).toEqual({
      kind: 'external',
      url: 'https://portal.example/app?x=1#top',
    });
  });

  it('sends an entry with children to its first child', () => {
    const section = root.children?.find((entry) => entry.key === '/eff-optimize');
    expect(section && menuTarget(section, null)).toEqual({ kind: 'internal', path: '/eff-optimize/speed' });
  });

  it('sends any other entry to its own path', () => {
    const overview = root.children?.find((entry) => entry.key === '/overview');
    expect(overview && menuTarget(overview, 'tok')).toEqual({ kind: 'internal', path: '/overview' });
  });

  it('adds a query parameter to addresses with and without a query', () => {
    expect(withQueryParam('https://a.example/p', 'token', 't')).toBe('https://a.example/p?token=t');
    expect(withQueryParam('https://a.example/p?', 'token', 't')).toBe('https://a.example/p?token=t');
  });
});
