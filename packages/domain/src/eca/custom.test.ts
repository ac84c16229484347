import { describe, expect, it } from 'vitest';
import { circleRing, customZone } from './custom.ts';
import { greatCircleNm } from './geometry.ts';
import { ringProblems } from './ring.ts';
import { ecaStatus } from './status.ts';

// Off Qingdao, outside every legal zone.
const CENTRE = { lat: 35.9, lon: 120.6 };

describe('crew-added control areas', () => {
  it('draws a circle whose every point is the radius away from its centre', () => {
    const ring = circleRing(CENTRE.lat, CENTRE.lon, 12);
    expect(ring).toHaveLength(73);
    expect(ring[0]).toEqual(ring[72]);
    for (const [lon, lat] of ring) expect(greatCircleNm(CENTRE.lat, CENTRE.lon, lat, lon)).toBeCloseTo(12, 6);
  });

  it('refuses ranges that bound no area or cross themselves, with the reason', () => {
    expect(
      ringProblems([
        [120, 35],
        [121, 35],
        [121, 36],
        [120, 36],
      ]),
    ).toEqual([]);
    expect(
      ringProblems([
        [120, 35],
        [121, 36],
        [121, 35],
        [120, 36],
      ]),
    ).toEqual(['the boundary crosses itself (side 1 and side 3)']);
    expect(
      ringProblems([
        [120, 35],
        [121, 35],
      ]),
    ).toEqual(['a range needs at least 3 different positions']);
    expect(
      ringProblems([
        [120, 35],
        [121, 35],
        [122, 35],
      ]),
    ).toEqual(['the positions lie on one line and bound no area']);
    expect(
      ringProblems([
        [120, 95],
        [121, 35],
        [121, 36],
      ]),
    ).toEqual(['position 1: latitude 95 is not between -90 and 90']);
  });

  it('is used by the geofence: warning at the set distance, inside with its limit, only while in force and watched', () => {
    const zone = customZone({
      id: 'custom-1',
      name: 'Qingdao port area',
      sulphurLimitPercent: 0.5,
      from: '2026-01-01',
      until: '2026-12-31',
      ring: circleRing(CENTRE.lat, CENTRE.lon, 12),
    });
    const at = '2026-06-01T00:00:00Z';
    // 20 nm north of the centre: 8 nm from the boundary.
    const lat20 = CENTRE.lat + 20 / 60;
    const near = ecaStatus({ lat: lat20, lon: CENTRE.lon, at }, { customZones: [zone] });
    expect(near.nearest?.id).toBe('custom-1');
    expect(near.nearest?.distanceToBoundaryNm).toBeCloseTo(8, 1);
    expect(near.state).toBe('warning');
    expect(ecaStatus({ lat: lat20, lon: CENTRE.lon, at }, { customZones: [zone], warningNm: 5 }).state).toBe(
      'normal',
    );
    const inside = ecaStatus({ lat: CENTRE.lat, lon: CENTRE.lon, at }, { customZones: [zone] });
    expect(inside.insideZoneIds).toEqual(['custom-1']);
    expect(inside.sulphurLimitPercent).toBe(0.5);
    const later = ecaStatus(
      { lat: CENTRE.lat, lon: CENTRE.lon, at: '2027-01-01T00:00:00Z' },
      { customZones: [zone] },
    );
    expect(later.insideZoneIds).toEqual([]);
    expect(later.notEvaluated.find((z) => z.id === 'custom-1')?.reason).toBe('not_in_force');
    const unwatched = ecaStatus(
      { lat: CENTRE.lat, lon: CENTRE.lon, at },
      { customZones: [zone], watched: new Set(['north_sea_baltic']) },
    );
    expect(unwatched.insideZoneIds).toEqual([]);
    expect(unwatched.notEvaluated.find((z) => z.id === 'custom-1')?.reason).toBe('not_watched');
  });
});
