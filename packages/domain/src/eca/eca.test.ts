import { describe, expect, it } from 'vitest';
import polygons from '../../data/eca-polygons.json' with { type: 'json' };
import { distanceToSegmentNm, greatCircleNm } from './geometry.ts';
import { ecaStatus } from './status.ts';
import { PREPARED_ZONES, pointInZone } from './zones.ts';

const AT = '2026-06-01T00:00:00Z';
const insideIds = (lat: number, lon: number, at = AT) => ecaStatus({ lat, lon, at }).insideZoneIds;

describe('ECA membership of known positions', () => {
  it.each([
    ['off San Francisco', 37.7, -123.0, 'na_eca_pacific'],
    ['Puget Sound (Seattle)', 47.6, -122.4, 'na_eca_pacific'],
    ['Strait of Juan de Fuca', 48.3, -124.0, 'na_eca_pacific'],
    ['off Los Angeles', 33.6, -118.5, 'na_eca_pacific'],
    ['Gulf of Alaska off Prince William Sound', 59.0, -146.0, 'na_eca_pacific'],
    ['New York approaches', 40.4, -73.8, 'na_eca_atlantic_gulf'],
    ['off Halifax', 44.4, -63.4, 'na_eca_atlantic_gulf'],
    ['Gulf of St Lawrence', 48.5, -62.0, 'na_eca_atlantic_gulf'],
    ['off Houston', 29.0, -94.5, 'na_eca_atlantic_gulf'],
    ['Florida Straits', 24.4, -81.0, 'na_eca_atlantic_gulf'],
    ['off Honolulu', 21.2, -157.9, 'na_eca_hawaii'],
    ['off San Juan', 18.6, -66.1, 'us_caribbean_eca'],
    ['central North Sea', 56.0, 3.0, 'north_sea_eca'],
    ['Dover Strait', 51.0, 1.5, 'north_sea_eca'],
    ['English Channel east of 5°W', 49.8, -3.0, 'north_sea_eca'],
    ['Skagerrak', 58.0, 9.5, 'north_sea_eca'],
    ['Kattegat', 57.2, 11.5, 'baltic_sea_eca'],
    ['central Baltic', 56.0, 19.0, 'baltic_sea_eca'],
    ['Gulf of Finland', 59.9, 26.0, 'baltic_sea_eca'],
    ['western Mediterranean', 38.5, 5.0, 'mediterranean_seca'],
    ['Aegean', 38.0, 25.0, 'mediterranean_seca'],
    ['Sea of Marmara', 40.8, 28.0, 'mediterranean_seca'],
    ['Alboran Sea east of 5°36′W', 36.0, -4.0, 'mediterranean_seca'],
  ])('%s (%d, %d) is inside %s', (_name, lat, lon, id) => {
    expect(insideIds(lat, lon)).toEqual([id]);
  });

  it.each([
    ['mid Pacific', 30.0, -140.0],
    ['Bermuda', 32.3, -64.8],
    ['off Baja California (Mexico)', 28.0, -116.0],
    ['southern Gulf of Mexico (Mexico)', 21.5, -93.0],
    ['Irish Sea (west of 5°W)', 53.8, -5.5],
    ['Bay of Biscay (south of 48°30′N)', 46.0, -4.0],
    ['Norwegian Sea (north of 62°N)', 64.0, 4.0],
    ['Black Sea', 43.0, 34.0],
    ['Atlantic west of Gibraltar', 35.9, -6.5],
    ['Red Sea', 20.0, 38.5],
  ])('%s (%d, %d) is in no ECA', (_name, lat, lon) => {
    expect(insideIds(lat, lon)).toEqual([]);
  });
});

describe('closure along the coast', () => {
  it('never closes a North American line by joining its last vertex to its first', () => {
    for (const id of ['na_eca_pacific', 'na_eca_atlantic_gulf']) {
      const z = polygons.zones.find((x) => x.id === id)!;
      const legal = z.legal!;
      // The legal line is one run; everything after it is coast, and coast edges are many and short.
      const coastEdges = legal.filter((v) => v === 0).length;
      expect(coastEdges).toBeGreaterThan(200);
      // No coast edge is longer than a few tens of nm (a straight 47→1 or 206→1 closure would be thousands).
      const ring = z.ring!;
      legal.forEach((v, i) => {
        if (v === 0) {
          const a = ring[i]!;
          const b = ring[i + 1]!;
          expect(greatCircleNm(a[1]!, a[0]!, b[1]!, b[0]!)).toBeLessThan(100);
        }
      });
    }
  });

  it('gives simple rings (no self-intersection) for every geofenced zone', () => {
    for (const z of PREPARED_ZONES) {
      const n = z.lon.length - 1;
      const seg = (i: number) => [z.lon[i]!, z.lat[i]!, z.lon[i + 1]!, z.lat[i + 1]!] as const;
      const orient = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) =>
        Math.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));
      let crossings = 0;
      for (let i = 0; i < n; i++) {
        const [ax, ay, bx, by] = seg(i);
        for (let j = i + 2; j < n; j++) {
          if (i === 0 && j === n - 1) continue;
          const [cx, cy, dx, dy] = seg(j);
          if (Math.max(ax, bx) < Math.min(cx, dx) || Math.max(cx, dx) < Math.min(ax, bx)) continue;
          if (Math.max(ay, by) < Math.min(cy, dy) || Math.max(cy, dy) < Math.min(ay, by)) continue;
          const o1 = orient(ax, ay, bx, by, cx, cy);
          const o2 = orient(ax, ay, bx, by, dx, dy);
          const o3 = orient(cx, cy, dx, dy, ax, ay);
          const o4 = orient(cx, cy, dx, dy, bx, by);
          if (o1 * o2 < 0 && o3 * o4 < 0) crossings++;
        }
      }
      expect({ id: z.id, crossings }).toEqual({ id: z.id, crossings: 0 });
    }
  }, 60_000);
});

describe('dates', () => {
  it('applies the Mediterranean 0.10 % limit only from 2025-05-01', () => {
    expect(insideIds(38.5, 5.0, '2025-04-30T23:59:59Z')).toEqual([]);
    expect(insideIds(38.5, 5.0, '2025-05-01T00:00:00Z')).toEqual(['mediterranean_seca']);
  });
  it('uses the North American 1.00 % period before 2015', () => {
    const s = ecaStatus({ lat: 37.7, lon: -123.0, at: '2013-06-01T00:00:00Z' });
    expect(s.sulphurLimitPercent).toBe(1);
    expect(ecaStatus({ lat: 37.7, lon: -123.0, at: AT }).sulphurLimitPercent).toBe(0.1);
  });
  it('lists zones without coordinates as not geofenced, in force by date', () => {
    const before = ecaStatus({ lat: 0, lon: 0, at: '2027-02-28T00:00:00Z' }).notEvaluated;
    const after = ecaStatus({ lat: 0, lon: 0, at: '2027-03-01T00:00:00Z' }).notEvaluated;
    const nor = (list: typeof before) => list.find((z) => z.id === 'norwegian_sea_eca')!;
    expect(nor(before)).toMatchObject({ reason: 'not_geofenced', inForce: false });
    expect(nor(after)).toMatchObject({ reason: 'not_geofenced', inForce: true });
    expect(after.map((z) => z.id)).toEqual(
      expect.arrayContaining(['china_deca', 'canadian_arctic_eca', 'north_east_atlantic_eca']),
    );
  });
});

describe('distances, warning and time along the track', () => {
  it('measures great-circle distance to a segment (hand-checked on the equator and a meridian)', () => {
    expect(greatCircleNm(0, 0, 0, 1)).toBeCloseTo(60.04, 1);
    expect(distanceToSegmentNm(1, 0.5, 0, 0, 0, 1)).toBeCloseTo(60.04, 1);
    expect(distanceToSegmentNm(0, 2, 0, 0, 0, 1)).toBeCloseTo(60.04, 1);
  });

  it('warns at 10 nm and tips change-over at 2 nm outside the Gibraltar line', () => {
    // The Mediterranean western limit is the meridian 5°36′W; 1′ of longitude at 36°N ≈ 0.809 nm.
    const at = (lonMin: number) => ecaStatus({ lat: 35.95, lon: -(5 + 36 / 60) - lonMin / 60, at: AT });
    const far = at(20);
    expect(far.state).toBe('normal');
    const warn = at(10);
    expect(warn.state).toBe('warning');
    expect(warn.changeOverTip).toBe(false);
    expect(warn.nearest?.id).toBe('mediterranean_seca');
    expect(warn.nearest?.distanceToBoundaryNm).toBeCloseTo(10 * Math.cos((35.95 * Math.PI) / 180), 1);
    const tip = at(2);
    expect(tip.changeOverTip).toBe(true);
    expect(at(-5).insideZoneIds).toEqual(['mediterranean_seca']);
    expect(at(-5).state).toBe('normal');
  });

  it('gives the time along the track, and none when the course does not lead there', () => {
    const lon = -(5 + 36 / 60) - 10 / 60;
    const east = ecaStatus({ lat: 35.95, lon, at: AT, sogKn: 12, cogDeg: 90 });
    const med = east.zones.find((z) => z.id === 'mediterranean_seca')!;
    const expected = 10 * Math.cos((35.95 * Math.PI) / 180) * 1.0;
    expect(med.alongTrackDistanceNm).toBeCloseTo(expected, 1);
    expect(med.hoursToBoundary).toBeCloseTo(expected / 12, 2);
    // Heading north-east at 45°, the track is longer than the straight-line distance.
    const ne = ecaStatus({ lat: 35.95, lon, at: AT, sogKn: 12, cogDeg: 60 }).zones.find(
      (z) => z.id === 'mediterranean_seca',
    )!;
    expect(ne.alongTrackDistanceNm!).toBeGreaterThan(expected * 1.1);
    const west = ecaStatus({ lat: 35.95, lon, at: AT, sogKn: 12, cogDeg: 270 });
    expect(west.zones.find((z) => z.id === 'mediterranean_seca')!.hoursToBoundary).toBeNull();
  });

  it('handles the antimeridian and longitudes outside ±180', () => {
    expect(insideIds(21.2, -157.9 + 360)).toEqual(['na_eca_hawaii']);
    const s = ecaStatus({ lat: 0, lon: 179.99, at: AT });
    expect(s.insideZoneIds).toEqual([]);
    expect(Number.isFinite(s.nearest!.distanceToBoundaryNm)).toBe(true);
  });

  it('supports polygons with holes (even–odd rule)', () => {
    const z = PREPARED_ZONES[0]!;
    expect(pointInZone(z, 37.7, -123.0)).toBe(true);
  });
});
