import { useEffect } from 'react';
import { redirectToLogin, redirectToUserLogin, safeStorage } from '../lib/storage';
import { useGlobalStore } from '../lib/store';
import {
  forgetQueryToken,
  refreshUserSession,
  runPortalCheck,
  startDeviceSession,
  userSessionIntervalMs,
} from './device-session';

/**
 * Runs the device session and the portal check while the layout is mounted; `ready` waits for the page config.
 * On a shore (`shore`) it runs the user's session routine instead and sends a missing or ended session to /login.
 */
export function useDeviceSession(offline: boolean, ready: boolean, shore = false): void {
  const setPermissions = useGlobalStore((state) => state.setPermissions);
  useEffect(() => {
    if (!ready) return;
    if (shore) {
      return startDeviceSession({
        offline: false,
        search: window.location.search,
        storage: safeStorage,
        redirectToLogin: redirectToUserLogin,
        onSession: (session) => setPermissions(session.permissions),
        refresh: refreshUserSession,
        intervalMs: userSessionIntervalMs,
      });
    }
    if (!offline) void runPortalCheck({ storage: safeStorage, redirectToLogin });
    return startDeviceSession({
      offline,
      search: window.location.search,
      storage: safeStorage,
      redirectToLogin,
      onSession: (session) => setPermissions(session.permissions),
      forgetQueryToken,
    });
  }, [offline, ready, shore, setPermissions]);
}
