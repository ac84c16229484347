import { useMemo } from 'react';
import { usePageConfig } from '../lib/page-config';
import { buildRouteTable, type RouteEntry } from './route-table';

/** The route table as the runtime page configuration shapes it (the load tab may be hidden, the fleet page shown). */
export function useRouteTable(): RouteEntry {
  const { config } = usePageConfig();
  const fleet = config.shape === 'fleet';
  return useMemo(
    () => buildRouteTable({ hideLoadPage: config.hideLoadPage, fleet }),
    [config.hideLoadPage, fleet],
  );
}
