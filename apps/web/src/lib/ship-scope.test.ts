import { afterEach, describe, expect, it } from 'vitest';
import { apiPath, SHIP_SCOPE_KEY, shipScope } from './ship-scope';

describe("a ship's console on a shore", () => {
  afterEach(() => sessionStorage.clear());

  it('reads nothing outside a ship, and the ship kept in this tab inside one', () => {
    expect(shipScope()).toBeNull();
    sessionStorage.setItem(SHIP_SCOPE_KEY, JSON.stringify({ shipId: '9876543', name: 'ECO HELM' }));
    expect(shipScope()).toEqual({ shipId: '9876543', name: 'ECO HELM' });
    sessionStorage.setItem(SHIP_SCOPE_KEY, 'not json');
    expect(shipScope()).toBeNull();
    sessionStorage.setItem(SHIP_SCOPE_KEY, JSON.stringify({ name: 'no id' }));
    expect(shipScope()).toBeNull();
  });

  it("sends the ship's API to the shore's copy and keeps the shore's own API", () => {
    const scope = { shipId: '98 765/43', name: 'X' };
    expect(apiPath('/api/v1/overview/page?period=day', scope)).toBe(
      '/api/v1/fleet/ships/98%20765%2F43/console/overview/page?period=day',
    );
    expect(apiPath('/api/v1/cii/statistics?year=2025', scope)).toBe(
      '/api/v1/fleet/ships/98%20765%2F43/console/cii/statistics?year=2025',
    );
    for (const own of [
      '/api/v1/config',
      '/api/v1/auth/session',
      '/api/v1/users',
      '/api/v1/fleet/ships?year=2026',
      '/api/v1/sync/status',
      '/api/v1/backups',
      '/api/v1/ingest/status',
      '/api/dingtalk/check',
    ])
      expect(apiPath(own, scope)).toBe(own);
    expect(apiPath('/api/v1/overview/page', null)).toBe('/api/v1/overview/page');
  });
});
