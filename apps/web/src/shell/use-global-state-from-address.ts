import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { shipTypeFromSearch, useGlobalStore } from '../lib/store';

/** Keeps `isHome` in step with the path and sets `shipType` from the query `type` when the address has one. */
export function useGlobalStateFromAddress(): void {
  const { pathname, search } = useLocation();
  const setIsHome = useGlobalStore((state) => state.setIsHome);
  const setShipType = useGlobalStore((state) => state.setShipType);
  useEffect(() => setIsHome(pathname === '/' || pathname.startsWith('/overview')), [pathname, setIsHome]);
  useEffect(() => {
    if (new URLSearchParams(search).has('type')) setShipType(shipTypeFromSearch(search));
  }, [search, setShipType]);
}
