import { degToRad, METRES_PER_NM, wrapLonDeg } from '../units/index.ts';

/**
 * Mean Earth radius R1 = (2a + b)/3 of WGS 84 (IUGG), metres. Distances here are great-circle
 * distances on this sphere; they differ from WGS 84 ellipsoidal geodesics by at most about 0.5 %.
 */
export const EARTH_MEAN_RADIUS_M = 6_371_008.8;
const R_NM = EARTH_MEAN_RADIUS_M / METRES_PER_NM;

/** Great-circle distance between two positions (degrees), nm (haversine). */
export function greatCircleNm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const p1 = degToRad(lat1);
  const p2 = degToRad(lat2);
  const dp = p2 - p1;
  const dl = degToRad(wrapLonDeg(lon2 - lon1));
  const h = Math.sin(dp / 2) ** 2 + Math.cos(p1) * Math.cos(p2) * Math.sin(dl / 2) ** 2;
  return 2 * R_NM * Math.asin(Math.min(1, Math.sqrt(h)));
}

type V3 = [number, number, number];
const toV = (lat: number, lon: number): V3 => {
  const p = degToRad(lat);
  const l = degToRad(lon);
  return [Math.cos(p) * Math.cos(l), Math.cos(p) * Math.sin(l), Math.sin(p)];
};
const dot = (a: V3, b: V3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: V3, b: V3): V3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const angle = (a: V3, b: V3) => Math.atan2(Math.hypot(...cross(a, b)), dot(a, b));

/**
 * Distance from a position to the great-circle segment A–B (Appendix VII: "geodesic lines between
 * points"), nm: the perpendicular distance when the foot falls inside the segment, else the nearer end.
 */
export function distanceToSegmentNm(
  lat: number,
  lon: number,
  aLat: number,
  aLon: number,
  bLat: number,
  bLon: number,
): number {
  const p = toV(lat, lon);
  const a = toV(aLat, aLon);
  const b = toV(bLat, bLon);
  const n = cross(a, b);
  const nLen = Math.hypot(...n);
  const endDist = Math.min(angle(p, a), angle(p, b));
  if (nLen < 1e-15) return endDist * R_NM;
  const nu: V3 = [n[0] / nLen, n[1] / nLen, n[2] / nLen];
  const s = dot(p, nu);
  // Foot of the perpendicular on the great circle.
  const f: V3 = [p[0] - s * nu[0], p[1] - s * nu[1], p[2] - s * nu[2]];
  const fLen = Math.hypot(...f);
  if (fLen < 1e-15) return endDist * R_NM;
  const fu: V3 = [f[0] / fLen, f[1] / fLen, f[2] / fLen];
  const ab = angle(a, b);
  const inside = Math.abs(angle(a, fu) + angle(fu, b) - ab) < 1e-12;
  return (inside ? Math.min(Math.abs(Math.asin(Math.max(-1, Math.min(1, s)))), endDist) : endDist) * R_NM;
}

/** Mercator northing of a latitude (radians of the isometric latitude). */
export const mercatorY = (latDeg: number): number => Math.log(Math.tan(Math.PI / 4 + degToRad(latDeg) / 2));

/**
 * Rhumb-line (constant-course) distance, nm, from latitude `lat1` travelling on course `cogDeg`
 * until latitude `lat2` is reached, or, for east–west courses, along the parallel by `dLonDeg`.
 */
export function rhumbDistanceNm(lat1: number, lat2: number, dLonDeg: number, cogDeg: number): number {
  const c = Math.cos(degToRad(cogDeg));
  if (Math.abs(c) > 1e-9) return Math.abs((degToRad(lat2 - lat1) / c) * R_NM);
  return Math.abs(degToRad(dLonDeg) * Math.cos(degToRad(lat1)) * R_NM);
}

/** Earth radius in nm used by the planar pre-filter. */
export const EARTH_RADIUS_NM = R_NM;
