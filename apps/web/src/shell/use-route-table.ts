import { useMemo } from 'react';
import { usePageConfig } from '../lib/page-config';
import { buildRouteTable, type RouteEntry } from './route-table';

/** The route table as the runtime page configuration shapes it (the load tab may be hidden). */
export function useRouteTable(): RouteEntry {
  const { config } = usePageConfig();
  return useMemo(() => buildRouteTable({ hideLoadPage: config.hideLoadPage }), [config.hideLoadPage]);
}
