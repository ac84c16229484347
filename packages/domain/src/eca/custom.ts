/**
 * Control areas the crew adds (a port's or a country's own emission control area, an area a charter party names):
 * a position with a radius or a range of positions, with a sulphur limit and the dates it is in force. They are
 * checked like the legal zones; every edge of their boundary counts (there is no coast closure).
 */
import { degToRad, wrapLonDeg } from '../units/index.ts';
import { EARTH_RADIUS_NM } from './geometry.ts';
import { closedRing } from './ring.ts';
import { type PreparedZone, prepareZone } from './zones.ts';

export interface CustomZoneInput {
  id: string;
  name: string;
  sulphurLimitPercent: number;
  /** First day in force, `YYYY-MM-DD` (UTC). */
  from: string;
  /** Last day in force, `YYYY-MM-DD` (UTC), or null while open-ended. */
  until: string | null;
  /** The boundary as [lon, lat] pairs, closed (last = first). */
  ring: readonly (readonly [number, number])[];
}

/** A custom zone ready for `ecaStatus`, with its last day. */
export type CustomZone = PreparedZone & { until: string | null };

/** Points of a circle of `radiusNm` around a position, as a closed [lon, lat] ring (great-circle destinations). */
export function circleRing(lat: number, lon: number, radiusNm: number, points = 72): [number, number][] {
  const d = radiusNm / EARTH_RADIUS_NM;
  const p1 = degToRad(lat);
  const l1 = degToRad(lon);
  const ring: [number, number][] = [];
  for (let i = 0; i < points; i++) {
    const b = (2 * Math.PI * i) / points;
    const p2 = Math.asin(Math.sin(p1) * Math.cos(d) + Math.cos(p1) * Math.sin(d) * Math.cos(b));
    const l2 =
      l1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(p1), Math.cos(d) - Math.sin(p1) * Math.sin(p2));
    ring.push([wrapLonDeg((l2 * 180) / Math.PI), (p2 * 180) / Math.PI]);
  }
  ring.push(ring[0]!);
  return ring;
}

/** Prepares a custom zone for the geofence. The ring must have passed `ringProblems`. */
export function customZone(input: CustomZoneInput): CustomZone {
  const ring = closedRing(input.ring);
  const zone = prepareZone({
    id: input.id,
    name: input.name,
    parent: null,
    regulation: null,
    description: 'Added by the crew',
    soxPeriods: [{ from: input.from, sulphurLimitPercent: input.sulphurLimitPercent }],
    geofenced: true,
    closure: 'none',
    ring: ring.map(([x, y]) => [x, y]),
    legal: ring.slice(0, -1).map(() => 1),
  })!;
  return { ...zone, until: input.until };
}
