/** Spherical geometry for the simulator's track (WGS84 treated as a sphere, R = 3440.065 nm). */

export const EARTH_RADIUS_NM = 3440.065;
const RAD = Math.PI / 180;

/** A position as `[longitude, latitude]` in degrees (GeoJSON order). */
export type LonLat = readonly [number, number];

/** Great-circle distance in nautical miles (haversine). */
export function distanceNm(a: LonLat, b: LonLat): number {
  const dLat = (b[1] - a[1]) * RAD;
  const dLon = (b[0] - a[0]) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * RAD) * Math.cos(b[1] * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_NM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial true bearing from a to b in radians, 0..2π. */
export function bearingRad(a: LonLat, b: LonLat): number {
  const φ1 = a[1] * RAD;
  const φ2 = b[1] * RAD;
  const dλ = (b[0] - a[0]) * RAD;
  const y = Math.sin(dλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(dλ);
  return (Math.atan2(y, x) + 2 * Math.PI) % (2 * Math.PI);
}

/** The point a fraction f along the great circle from a to b. */
export function interpolate(a: LonLat, b: LonLat, f: number): [number, number] {
  const φ1 = a[1] * RAD;
  const λ1 = a[0] * RAD;
  const φ2 = b[1] * RAD;
  const λ2 = b[0] * RAD;
  const d = distanceNm(a, b) / EARTH_RADIUS_NM;
  if (d < 1e-9) return [a[0], a[1]];
  const A = Math.sin((1 - f) * d) / Math.sin(d);
  const B = Math.sin(f * d) / Math.sin(d);
  const x = A * Math.cos(φ1) * Math.cos(λ1) + B * Math.cos(φ2) * Math.cos(λ2);
  const y = A * Math.cos(φ1) * Math.sin(λ1) + B * Math.cos(φ2) * Math.sin(λ2);
  const z = A * Math.sin(φ1) + B * Math.sin(φ2);
  return [Math.atan2(y, x) / RAD, Math.atan2(z, Math.hypot(x, y)) / RAD];
}

/** A polyline with cumulative distances, for position-at-distance lookups. */
export class Track {
  readonly points: readonly LonLat[];
  readonly cumulativeNm: Float64Array;
  readonly lengthNm: number;

  constructor(points: readonly LonLat[]) {
    if (points.length < 2) throw new Error('A track needs at least two points');
    this.points = points;
    this.cumulativeNm = new Float64Array(points.length);
    for (let i = 1; i < points.length; i++) {
      this.cumulativeNm[i] = (this.cumulativeNm[i - 1] ?? 0) + distanceNm(points[i - 1]!, points[i]!);
    }
    this.lengthNm = this.cumulativeNm[points.length - 1] ?? 0;
  }

  /** Segment index containing distance d (binary search). */
  #segment(d: number): number {
    let lo = 0;
    let hi = this.points.length - 2;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.cumulativeNm[mid] ?? 0) <= d) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Position and course (rad) at a distance along the track, clamped to its ends. */
  at(distance: number): { pos: [number, number]; courseRad: number } {
    const d = Math.min(this.lengthNm, Math.max(0, distance));
    const i = this.#segment(d);
    const a = this.points[i]!;
    const b = this.points[i + 1]!;
    const segLen = (this.cumulativeNm[i + 1] ?? 0) - (this.cumulativeNm[i] ?? 0);
    const f = segLen > 0 ? (d - (this.cumulativeNm[i] ?? 0)) / segLen : 0;
    const pos = interpolate(a, b, f);
    return { pos, courseRad: bearingRad(pos, f < 0.999 ? b : interpolate(a, b, 1.0001)) };
  }

  /** The track run backwards. */
  reversed(): Track {
    return new Track([...this.points].reverse());
  }
}
