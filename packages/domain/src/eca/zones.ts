import polygons from '../../data/eca-polygons.json' with { type: 'json' };
import { degToRad } from '../units/index.ts';
import { mercatorY } from './geometry.ts';

/** A sulphur-limit period of a zone: from `from` (UTC date) the limit applies. */
export interface SoxPeriod {
  readonly from: string;
  readonly sulphurLimitPercent: number;
}

/** An ECA (or a national control area) as listed in the data, geofenced or not. */
export interface EcaZoneInfo {
  readonly id: string;
  readonly name: string;
  readonly parent: string | null;
  readonly regulation: string | null;
  readonly description: string;
  readonly soxPeriods: readonly SoxPeriod[];
  /** False where no coordinates were published (China DECA, Norwegian Sea, Canadian Arctic, NE Atlantic). */
  readonly geofenced: boolean;
  readonly closure: string;
}

/** A geofenced zone prepared for fast queries. */
export interface PreparedZone extends EcaZoneInfo {
  readonly lon: Float64Array;
  readonly lat: Float64Array;
  /** legal[i] = 1 when edge i (vertex i → i+1) is a legal seaward boundary, 0 for coast closure. */
  readonly legal: Uint8Array;
  readonly legalEdges: Int32Array;
  readonly minLon: number;
  readonly maxLon: number;
  readonly minLat: number;
  readonly maxLat: number;
  /** Edge indices per latitude band of BAND_DEG, for the point-in-polygon ray cast. */
  readonly bands: readonly Int32Array[];
  /** Mercator northing of each vertex (for rhumb-line crossings). */
  readonly mercY: Float64Array;
  /** Per legal edge: unit vector of the chord midpoint (x, y, z) and half the edge's central angle, radians. */
  readonly legalMid: Float64Array;
  readonly legalHalf: Float64Array;
  /** Legal edges in chunks of CHUNK (consecutive in `legalEdges`): bounding cap and Mercator box. */
  readonly chunkCap: Float64Array; // x, y, z, radius (radians) per chunk
  /** Per legal edge, 15 numbers: unit vectors a, b, the great circle's unit normal n, n×a and b×n. */
  readonly legalGeo: Float64Array;
  readonly chunkBox: Float64Array; // lonMin, lonMax (deg, unwrapped), yMin, yMax (Mercator) per chunk
}

/** Legal edges per pruning chunk. */
export const CHUNK = 16;

const BAND_DEG = 0.25;

export interface RawZone {
  id: string;
  name: string;
  parent: string | null;
  regulation: string | null;
  description: string;
  soxPeriods: SoxPeriod[];
  geofenced: boolean;
  closure: string;
  ring: number[][] | null;
  legal: number[] | null;
}

/** A zone's description and dates (geometry omitted), as the data gives them. */
const zoneInfo = (z: RawZone) => ({
  id: z.id,
  name: z.name,
  parent: z.parent,
  regulation: z.regulation,
  description: z.description,
  soxPeriods: z.soxPeriods,
  closure: z.closure,
});

/** Prepares a zone with a ring for the queries; null without one. */
export function prepareZone(z: RawZone): PreparedZone | null {
  if (!z.ring || !z.legal) return null;
  const n = z.ring.length;
  const lon = new Float64Array(n);
  const lat = new Float64Array(n);
  // Unwrap longitudes so a ring crossing the antimeridian stays continuous.
  let prev = z.ring[0]![0]!;
  for (let i = 0; i < n; i++) {
    let x = z.ring[i]![0]!;
    while (x - prev > 180) x -= 360;
    while (x - prev < -180) x += 360;
    lon[i] = x;
    lat[i] = z.ring[i]![1]!;
    prev = x;
  }
  let minLon = Number.POSITIVE_INFINITY;
  let maxLon = Number.NEGATIVE_INFINITY;
  let minLat = Number.POSITIVE_INFINITY;
  let maxLat = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    minLon = Math.min(minLon, lon[i]!);
    maxLon = Math.max(maxLon, lon[i]!);
    minLat = Math.min(minLat, lat[i]!);
    maxLat = Math.max(maxLat, lat[i]!);
  }
  const bandCount = Math.max(1, Math.ceil((maxLat - minLat) / BAND_DEG) + 1);
  const lists: number[][] = Array.from({ length: bandCount }, () => []);
  for (let i = 0; i < n - 1; i++) {
    const a = Math.floor((Math.min(lat[i]!, lat[i + 1]!) - minLat) / BAND_DEG);
    const b = Math.floor((Math.max(lat[i]!, lat[i + 1]!) - minLat) / BAND_DEG);
    for (let k = a; k <= b; k++) lists[k]!.push(i);
  }
  const legalEdges: number[] = [];
  z.legal.forEach((v, i) => {
    if (v) legalEdges.push(i);
  });
  const unit = (i: number) => {
    const p = degToRad(lat[i]!);
    const l = degToRad(lon[i]!);
    return [Math.cos(p) * Math.cos(l), Math.cos(p) * Math.sin(l), Math.sin(p)] as const;
  };
  const legalMid = new Float64Array(legalEdges.length * 3);
  const legalHalf = new Float64Array(legalEdges.length);
  legalEdges.forEach((i, e) => {
    const a = unit(i);
    const b = unit(i + 1);
    const m = [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
    const len = Math.hypot(m[0]!, m[1]!, m[2]!);
    legalMid.set([m[0]! / len, m[1]! / len, m[2]! / len], e * 3);
    const cosAB = Math.max(-1, Math.min(1, a[0] * b[0] + a[1] * b[1] + a[2] * b[2]));
    legalHalf[e] = Math.acos(cosAB) / 2 + 1e-12;
  });
  const legalGeo = new Float64Array(legalEdges.length * 15);
  legalEdges.forEach((i, e) => {
    const a = unit(i);
    const b = unit(i + 1);
    let nx = a[1] * b[2] - a[2] * b[1];
    let ny = a[2] * b[0] - a[0] * b[2];
    let nz = a[0] * b[1] - a[1] * b[0];
    const len = Math.hypot(nx, ny, nz) || 1;
    nx /= len;
    ny /= len;
    nz /= len;
    const na = [ny * a[2] - nz * a[1], nz * a[0] - nx * a[2], nx * a[1] - ny * a[0]];
    const bn = [b[1] * nz - b[2] * ny, b[2] * nx - b[0] * nz, b[0] * ny - b[1] * nx];
    legalGeo.set([...a, ...b, nx, ny, nz, ...na, ...bn], e * 15);
  });
  const mercY = new Float64Array(n);
  for (let i = 0; i < n; i++) mercY[i] = mercatorY(lat[i]!);
  const chunks = Math.ceil(legalEdges.length / CHUNK);
  const chunkCap = new Float64Array(chunks * 4);
  const chunkBox = new Float64Array(chunks * 4);
  for (let c = 0; c < chunks; c++) {
    const from = c * CHUNK;
    const to = Math.min(legalEdges.length, from + CHUNK);
    let cx = 0;
    let cy = 0;
    let cz = 0;
    let lo0 = Number.POSITIVE_INFINITY;
    let lo1 = Number.NEGATIVE_INFINITY;
    let y0 = Number.POSITIVE_INFINITY;
    let y1 = Number.NEGATIVE_INFINITY;
    for (let e = from; e < to; e++) {
      cx += legalMid[3 * e]!;
      cy += legalMid[3 * e + 1]!;
      cz += legalMid[3 * e + 2]!;
      for (const v of [legalEdges[e]!, legalEdges[e]! + 1]) {
        lo0 = Math.min(lo0, lon[v]!);
        lo1 = Math.max(lo1, lon[v]!);
        y0 = Math.min(y0, mercY[v]!);
        y1 = Math.max(y1, mercY[v]!);
      }
    }
    const len = Math.hypot(cx, cy, cz);
    cx /= len;
    cy /= len;
    cz /= len;
    let radius = 0;
    for (let e = from; e < to; e++) {
      const dotc = cx * legalMid[3 * e]! + cy * legalMid[3 * e + 1]! + cz * legalMid[3 * e + 2]!;
      radius = Math.max(radius, Math.acos(Math.max(-1, Math.min(1, dotc))) + legalHalf[e]!);
    }
    chunkCap.set([cx, cy, cz, radius + 1e-9], c * 4);
    chunkBox.set([lo0, lo1, y0, y1], c * 4);
  }
  return {
    ...zoneInfo(z),
    geofenced: true,
    lon,
    lat,
    legal: Uint8Array.from(z.legal),
    legalEdges: Int32Array.from(legalEdges),
    minLon,
    maxLon,
    minLat,
    maxLat,
    bands: lists.map((l) => Int32Array.from(l)),
    mercY,
    legalMid,
    legalHalf,
    chunkCap,
    chunkBox,
    legalGeo,
  };
}

const raw = polygons.zones as unknown as RawZone[];

/** Every zone of the data, with description and dates (geometry omitted). */
export const ECA_ZONES: readonly EcaZoneInfo[] = raw.map((z) => ({ ...zoneInfo(z), geofenced: z.geofenced }));

/** Geofenced zones, prepared once at module load. */
export const PREPARED_ZONES: readonly PreparedZone[] = raw
  .map(prepareZone)
  .filter((z): z is PreparedZone => z !== null);

/** The zone's ring as [lon, lat] pairs (for maps). */
export function zoneRing(id: string): [number, number][] | null {
  const z = raw.find((x) => x.id === id);
  return z?.ring ? z.ring.map((p) => [p[0]!, p[1]!]) : null;
}

/** Shifts a longitude by ±360 into the zone's unwrapped longitude range where possible. */
export function alignLon(z: PreparedZone, lon: number): number {
  if (lon < z.minLon) return lon + 360 <= z.maxLon + 1e-9 ? lon + 360 : lon;
  if (lon > z.maxLon) return lon - 360 >= z.minLon - 1e-9 ? lon - 360 : lon;
  return lon;
}

/** Even–odd point-in-polygon by a ray cast east, over the edges of the point's latitude band only. */
export function pointInZone(z: PreparedZone, lat: number, lonIn: number): boolean {
  const lon = alignLon(z, lonIn);
  if (lat < z.minLat || lat > z.maxLat || lon < z.minLon || lon > z.maxLon) return false;
  const band = z.bands[Math.floor((lat - z.minLat) / BAND_DEG)];
  if (!band) return false;
  let inside = false;
  const xs = z.lon;
  const ys = z.lat;
  for (let k = 0; k < band.length; k++) {
    const i = band[k]!;
    const yi = ys[i]!;
    const yj = ys[i + 1]!;
    if (yi > lat !== yj > lat) {
      const x = xs[i]! + ((lat - yi) / (yj - yi)) * (xs[i + 1]! - xs[i]!);
      if (lon < x) inside = !inside;
    }
  }
  return inside;
}

/** The sulphur-limit period in force at `atMs`, or null before the first. */
export function periodAt(zone: EcaZoneInfo, atMs: number): SoxPeriod | null {
  let starts = periodStartsMs.get(zone.soxPeriods);
  if (!starts) {
    starts = zone.soxPeriods.map((p) => Date.parse(`${p.from}T00:00:00Z`));
    periodStartsMs.set(zone.soxPeriods, starts);
  }
  let found: SoxPeriod | null = null;
  for (let i = 0; i < starts.length; i++) if (starts[i]! <= atMs) found = zone.soxPeriods[i]!;
  return found;
}
const periodStartsMs = new WeakMap<readonly SoxPeriod[], number[]>();
