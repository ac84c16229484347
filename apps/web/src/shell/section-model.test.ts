import { describe, expect, it } from 'vitest';
import { findEntry } from './menu-model';
import { buildRouteTable } from './route-table';
import { resolveSection } from './section-model';

const section = (key: string, hideLoadPage = false) => findEntry(buildRouteTable({ hideLoadPage }), key)!;

describe('section redirect', () => {
  it('shows the child whose path is the current path', () => {
    expect(resolveSection(section('/eff-analysis'), '/eff-analysis/eca')).toMatchObject({
      child: { key: '/eff-analysis/eca' },
    });
  });

  it('accepts a trailing slash', () => {
    expect(resolveSection(section('/eff-monitory'), '/eff-monitory/ge/')).toMatchObject({
      child: { key: '/eff-monitory/ge' },
    });
  });

  it('redirects the bare section path to its first child', () => {
    expect(resolveSection(section('/carbon-manage'), '/carbon-manage')).toEqual({
      redirect: '/carbon-manage/basic',
    });
  });

  it('redirects an unknown child path to the first child', () => {
    expect(resolveSection(section('/eff-optimize'), '/eff-optimize/nope')).toEqual({
      redirect: '/eff-optimize/speed',
    });
  });

  it('redirects the hidden load tab to the first child', () => {
    expect(resolveSection(section('/eff-optimize', true), '/eff-optimize/load')).toEqual({
      redirect: '/eff-optimize/speed',
    });
    expect(resolveSection(section('/eff-optimize', false), '/eff-optimize/load')).toMatchObject({
      child: { key: '/eff-optimize/load' },
    });
  });
});
