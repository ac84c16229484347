/**
 * One ship's console on a shore: the fleet page opens a ship, and until the user goes back to the fleet every page of
 * the console reads that ship's own API from the shore's copy (`/api/v1/fleet/ships/:id/console/*`). The scope is
 * kept per browser tab (sessionStorage), so two tabs can show two ships; entering and leaving reload the console so
 * no cached answer of one ship is shown for another.
 */
export interface ShipScope {
  shipId: string;
  /** The ship's name as the fleet page showed it. */
  name: string;
}

/** sessionStorage key; index.html reads it too (no early overview request for a ship's console). */
export const SHIP_SCOPE_KEY = 'ecohelm.ship';

/** The shore's own API, never a ship's: its configuration, accounts, fleet, sync, backups and ingest status. */
const SHORE_PATHS = [
  '/api/v1/config',
  '/api/v1/auth/',
  '/api/v1/users',
  '/api/v1/fleet',
  '/api/v1/sync',
  '/api/v1/devices',
  '/api/v1/backups',
  '/api/v1/ingest',
];

export function shipScope(): ShipScope | null {
  try {
    const raw = sessionStorage.getItem(SHIP_SCOPE_KEY);
    if (!raw) return null;
    const scope = JSON.parse(raw) as Partial<ShipScope>;
    return typeof scope.shipId === 'string' && scope.shipId
      ? { shipId: scope.shipId, name: typeof scope.name === 'string' ? scope.name : scope.shipId }
      : null;
  } catch {
    return null;
  }
}

/** The path a request of the console goes to: inside a ship's console, the ship's API on the shore. */
export function apiPath(path: string, scope: ShipScope | null = shipScope()): string {
  if (!scope || !path.startsWith('/api/v1/') || SHORE_PATHS.some((p) => path.startsWith(p))) return path;
  return `/api/v1/fleet/ships/${encodeURIComponent(scope.shipId)}/console/${path.slice('/api/v1/'.length)}`;
}

/** Opens the ship's console on its overview. */
export function openShipConsole(scope: ShipScope): void {
  try {
    sessionStorage.setItem(SHIP_SCOPE_KEY, JSON.stringify(scope));
  } catch {
    return;
  }
  window.location.assign('/overview');
}

/** Back to the fleet page, on the ship that was open. */
export function leaveShipConsole(): void {
  const scope = shipScope();
  try {
    sessionStorage.removeItem(SHIP_SCOPE_KEY);
  } catch {
    // nothing kept
  }
  window.location.assign(scope ? `/fleet?ship=${encodeURIComponent(scope.shipId)}` : '/fleet');
}
