import { describe, expect, it } from 'vitest';
import { ecaAt } from './eca.ts';
import { landHits, loadLand, onLand } from './land.test-helper.ts';
import { PASSAGES, type PassageId, PORTS } from './route.ts';

const land = loadLand('50m');

describe('the simulated route', () => {
  it.each(Object.values(PORTS).map((p) => [p.id, p] as const))(
    'has %s berth and anchorage in water',
    (_id, port) => {
      expect(onLand(land, port.berth)).toBe(false);
      expect(onLand(land, port.anchorage)).toBe(false);
    },
  );

  it.each((Object.keys(PASSAGES) as PassageId[]).filter((id) => id !== 'SUEZ-CANAL'))(
    'keeps passage %s at sea (Natural Earth 1:50m land, every 1 nm)',
    (id) => {
      expect(landHits(land, PASSAGES[id], 1)).toEqual([]);
    },
  );

  it('crosses the North Sea, Baltic and Mediterranean ECAs', () => {
    const t = Date.UTC(2026, 0, 1);
    const zones = new Set(
      Object.values(PASSAGES)
        .flat()
        .map(([lon, lat]) => ecaAt(lon, lat, t))
        .filter(Boolean),
    );
    expect(zones).toEqual(new Set(['north_sea_baltic', 'mediterranean']));
    // The Mediterranean limit applies from 2025-05-01 only.
    expect(ecaAt(18, 35, Date.UTC(2025, 0, 1))).toBeUndefined();
    expect(ecaAt(18, 35, Date.UTC(2025, 5, 1))).toBe('mediterranean');
  });
});
