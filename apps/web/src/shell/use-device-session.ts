import { useEffect } from 'react';
import { redirectToLogin, safeStorage } from '../lib/storage';
import { useGlobalStore } from '../lib/store';
import { runPortalCheck, startDeviceSession } from './device-session';

/** Runs the device session and the portal check while the layout is mounted; `ready` waits for the page config. */
export function useDeviceSession(offline: boolean, ready: boolean): void {
  const setPermissions = useGlobalStore((state) => state.setPermissions);
  useEffect(() => {
    if (!ready) return;
    if (!offline) void runPortalCheck({ storage: safeStorage, redirectToLogin });
    return startDeviceSession({
      offline,
      search: window.location.search,
      storage: safeStorage,
      redirectToLogin,
      onSession: (session) => setPermissions(session.permissions),
    });
  }, [offline, ready, setPermissions]);
}
