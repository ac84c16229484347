import type { Waypoint } from '@ecohelm/contracts';

/** Great-circle helpers and the legs still to sail from the ship's position along a plan's waypoints. */

const RAD = Math.PI / 180;
const R_NM = 3440.065;

export interface LonLat {
  lat: number;
  lon: number;
}

export function distanceNm(a: LonLat, b: LonLat): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLon = (b.lon - a.lon) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * R_NM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial true bearing a → b, radians 0..2π. */
export function bearingRad(a: LonLat, b: LonLat): number {
  const φ1 = a.lat * RAD;
  const φ2 = b.lat * RAD;
  const dλ = (b.lon - a.lon) * RAD;
  const y = Math.sin(dλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(dλ);
  return (Math.atan2(y, x) + 2 * Math.PI) % (2 * Math.PI);
}

/** The point a fraction f of the way from a to b (linear in lat/lon; legs are short). */
export function between(a: LonLat, b: LonLat, f: number): LonLat {
  let dLon = b.lon - a.lon;
  if (dLon > 180) dLon -= 360;
  if (dLon < -180) dLon += 360;
  let lon = a.lon + dLon * f;
  if (lon > 180) lon -= 360;
  if (lon < -180) lon += 360;
  return { lat: a.lat + (b.lat - a.lat) * f, lon };
}

/** A piece of the route still to sail, ending at waypoint `toIndex` (or part of the way to it). */
export interface RouteLeg {
  from: LonLat;
  to: LonLat;
  fromName: string;
  toName: string;
  toIndex: number;
  distanceNm: number;
  courseRad: number;
  minKn: number | undefined;
  maxKn: number | undefined;
}

/** Legs longer than this are split so that the weather can change along them, nm. */
export const MAX_LEG_NM = 150;

/**
 * The route from `position` to the last waypoint: the ship joins the plan on the leg it is nearest to (by the
 * distance to the leg's closest point) and sails on to that leg's end. `position` undefined starts at the first
 * waypoint (the plan before departure).
 */
export function remainingLegs(waypoints: readonly Waypoint[], position: LonLat | undefined): RouteLeg[] {
  if (waypoints.length < 2) return [];
  let startIndex = 1;
  let start: LonLat = waypoints[0]!;
  let startName = waypoints[0]!.name;
  if (position) {
    let best = Number.POSITIVE_INFINITY;
    for (let i = 1; i < waypoints.length; i++) {
      const d = distanceToLegNm(position, waypoints[i - 1]!, waypoints[i]!);
      // Ties (a position on a waypoint) go to the later leg.
      if (d <= best + 1e-6) {
        best = d;
        startIndex = i;
      }
    }
    // At the end of a leg, the next one is the one ahead.
    const end = waypoints[startIndex]!;
    if (distanceNm(position, end) < 0.5 && startIndex < waypoints.length - 1) startIndex += 1;
    start = position;
    startName = 'Own ship';
  }
  // Long legs are split at fixed points between their waypoints (not from the ship), so that the pieces ahead, and
  // the weather and advice worked out on them, do not move as the ship sails.
  const legs: RouteLeg[] = [];
  let fromName = startName;
  for (let i = startIndex; i < waypoints.length; i++) {
    const a0 = waypoints[i - 1]!;
    const w = waypoints[i]!;
    const full = distanceNm(a0, w);
    const pieces = Math.max(1, Math.ceil(full / MAX_LEG_NM));
    // Where the ship is along this leg (0 at its start), for the leg it is on.
    const done = i === startIndex && position ? Math.max(0, full - distanceNm(start, w)) : 0;
    let a: LonLat = i === startIndex ? start : { lat: a0.lat, lon: a0.lon };
    for (let k = 1; k <= pieces; k++) {
      if ((k * full) / pieces <= done + 0.01) continue;
      const b = k === pieces ? { lat: w.lat, lon: w.lon } : between(a0, w, k / pieces);
      const dist = distanceNm(a, b);
      const toName = k === pieces ? w.name : `${w.name} −${Math.round(distanceNm(b, w))} nm`;
      if (dist > 0.01) {
        legs.push({
          from: a,
          to: b,
          fromName,
          toName,
          toIndex: i,
          distanceNm: dist,
          courseRad: bearingRad(a, b),
          minKn: w.speedMinKn ?? undefined,
          maxKn: w.speedMaxKn ?? undefined,
        });
      }
      a = b;
      fromName = toName;
    }
  }
  return legs;
}

/** Distance from p to the leg a→b, nm, on a local flat projection around p (legs are a few hundred miles at most). */
export function distanceToLegNm(p: LonLat, a: LonLat, b: LonLat): number {
  const k = Math.cos(p.lat * RAD);
  const ax = wrap(a.lon - p.lon) * k * 60;
  const ay = (a.lat - p.lat) * 60;
  const bx = wrap(b.lon - p.lon) * k * 60;
  const by = (b.lat - p.lat) * 60;
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const f = len2 > 0 ? Math.min(1, Math.max(0, -(ax * dx + ay * dy) / len2)) : 0;
  return Math.hypot(ax + f * dx, ay + f * dy);
}

const wrap = (d: number) => (d > 180 ? d - 360 : d < -180 ? d + 360 : d);

/** Total length of a route, nm. */
export function routeLengthNm(waypoints: readonly LonLat[]): number {
  let d = 0;
  for (let i = 1; i < waypoints.length; i++) d += distanceNm(waypoints[i - 1]!, waypoints[i]!);
  return d;
}

/** Hours of the planned stops still ahead, after each leg: a special point counts at the leg it is within 30 nm of. */
export function staysAfterLegs(
  points: readonly { lat: number; lon: number; stayH: number | null }[],
  legs: readonly RouteLeg[],
): number[] {
  const after = legs.map(() => 0);
  for (const p of points) {
    if (!p.stayH) continue;
    let best = -1;
    let bestD = 30;
    legs.forEach((l, i) => {
      const d = distanceToLegNm(p, l.from, l.to);
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    });
    if (best >= 0) after[best]! += p.stayH;
  }
  return after;
}
