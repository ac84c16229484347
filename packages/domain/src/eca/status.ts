import { toEpochMs } from '../errors.ts';
import { degToRad, wrapLonDeg } from '../units/index.ts';
import type { CustomZone } from './custom.ts';
import { EARTH_RADIUS_NM, mercatorY, rhumbDistanceNm } from './geometry.ts';
import {
  CHUNK,
  ECA_ZONES,
  type EcaZoneInfo,
  PREPARED_ZONES,
  type PreparedZone,
  periodAt,
  pointInZone,
} from './zones.ts';

/** SPEC §9: ECA alarm (warning) at 10 nm from the boundary. Product constant, not regulation. */
export const ECA_WARNING_DISTANCE_NM = 10;
/** SPEC §8/§9: fuel change-over tip 2 nm before the ECA. Product constant, not regulation. */
export const ECA_CHANGEOVER_TIP_DISTANCE_NM = 2;

/** Input of {@link ecaStatus}. */
export interface EcaStatusInput {
  /** Latitude, degrees north (WGS 84). */
  readonly lat: number;
  /** Longitude, degrees east (any range; wrapped). */
  readonly lon: number;
  /** The time asked about (ISO-8601 UTC, epoch ms or Date): zones are in force by date. */
  readonly at: string | number | Date;
  /** Speed over ground, knots (with `cogDeg`, gives the time to reach each boundary along the track). */
  readonly sogKn?: number;
  /** Course over ground, degrees true. */
  readonly cogDeg?: number;
}

/** What the ship's watch is set to: crew-added zones, the zones watched, the warning and tip distances. */
export interface EcaStatusOptions {
  /** Crew-added zones, checked like the legal ones while in force (from `from` to `until`). */
  readonly customZones?: readonly CustomZone[];
  /** Ids of the zones watched; the others are listed as not evaluated. All zones when absent or null. */
  readonly watched?: ReadonlySet<string> | null;
  /** Warning distance, nm (SPEC default 10). */
  readonly warningNm?: number;
  /** Change-over tip distance, nm (SPEC default 2). */
  readonly tipNm?: number;
}

/** One zone in force at the time asked. */
export interface EcaZoneStatus {
  readonly id: string;
  readonly name: string;
  readonly inside: boolean;
  readonly sulphurLimitPercent: number;
  readonly inForceSince: string;
  /** Great-circle distance to the nearest legal (seaward) boundary, nm; coast closure is not a boundary. */
  readonly distanceToBoundaryNm: number;
  /** Distance along the constant-course track to the first boundary crossing, nm; null when the course never crosses it. */
  readonly alongTrackDistanceNm: number | null;
  /** Hours to that crossing at the given SOG; null without SOG/COG, at zero speed, or when the course does not lead there. */
  readonly hoursToBoundary: number | null;
}

/** Result of {@link ecaStatus}. */
export interface EcaStatus {
  /** `warning` when outside every zone and within 10 nm of one in force (SPEC §4, §9). */
  readonly state: 'normal' | 'warning';
  /** True within 2 nm of an ECA boundary from outside: change fuel over now (SPEC §8). */
  readonly changeOverTip: boolean;
  /** Ids of the zones the position is inside. */
  readonly insideZoneIds: readonly string[];
  readonly sulphurLimitPercent: number | null;
  /** The nearest zone boundary (by distance). */
  readonly nearest: EcaZoneStatus | null;
  /** The zone boundary reached first along the track. */
  readonly soonest: EcaZoneStatus | null;
  readonly zones: readonly EcaZoneStatus[];
  /** Zones not in force at this time (dates) or not geofenced (no published coordinates). */
  readonly notEvaluated: readonly (EcaZoneInfo & {
    reason: 'not_in_force' | 'not_geofenced' | 'not_watched';
    inForce: boolean;
  })[];
}

const PREPARED_BY_ID = new Map<string, PreparedZone>(PREPARED_ZONES.map((z) => [z.id, z]));
let scratch = new Float64Array(512);

type NotEvaluated = EcaStatus['notEvaluated'][number];
/** The three possible entries of each zone, made once: [geofenced-in-force, geofenced-not, not in force]. */
const notEvaluatedCache = new Map<EcaZoneInfo, (NotEvaluated | undefined)[]>();
function notEvaluatedEntry(
  info: EcaZoneInfo,
  reason: NotEvaluated['reason'],
  inForce: boolean,
): NotEvaluated {
  const slot =
    reason === 'not_geofenced' ? (inForce ? 0 : 1) : reason === 'not_in_force' ? 2 : inForce ? 3 : 4;
  let entries = notEvaluatedCache.get(info);
  if (!entries) {
    entries = [undefined, undefined, undefined];
    notEvaluatedCache.set(info, entries);
  }
  let entry = entries[slot];
  if (!entry) {
    entry = Object.freeze({ ...info, reason, inForce });
    entries[slot] = entry;
  }
  return entry;
}

/**
 * acos to within 6.8e-5 rad (Abramowitz & Stegun 4.4.45), for pruning bounds only: callers widen
 * their bounds by {@link ACOS_SLACK} so that pruning stays exact; distances themselves use Math.acos.
 */
function acosApprox(x: number): number {
  const a = x < 0 ? -x : x;
  const r = Math.sqrt(1 - Math.min(a, 1)) * (1.5707288 + a * (-0.2121144 + a * (0.074261 + a * -0.0187293)));
  return x < 0 ? Math.PI - r : r;
}
const ACOS_SLACK = 1e-4;

function nearestLegalNm(z: PreparedZone, lat: number, lon: number): number {
  // Exact pruning on the sphere: the distance to an edge (or a chunk of edges) lies within
  // d(P, centre) ± the radius of its bounding cap, so only candidates whose lower bound beats the
  // best upper bound are measured exactly.
  const p = degToRad(lat);
  const l = degToRad(lon);
  const px = Math.cos(p) * Math.cos(l);
  const py = Math.cos(p) * Math.sin(l);
  const pz = Math.sin(p);
  const chunks = z.chunkCap.length / 4;
  if (scratch.length < chunks) scratch = new Float64Array(chunks);
  const lower = scratch;
  let bestUpper = Number.POSITIVE_INFINITY;
  let first = 0;
  for (let c = 0; c < chunks; c++) {
    const k = 4 * c;
    const cosd = px * z.chunkCap[k]! + py * z.chunkCap[k + 1]! + pz * z.chunkCap[k + 2]!;
    const d = acosApprox(cosd);
    const r = z.chunkCap[k + 3]!;
    lower[c] = d - r - ACOS_SLACK;
    if (d + r + ACOS_SLACK < bestUpper) {
      bestUpper = d + r + ACOS_SLACK;
      first = c;
    }
  }
  // Measure the most promising chunk first: its exact distance prunes most of the others.
  // bestUpper bounds the distance to every point of that chunk's cap, so it bounds the answer too:
  // starting from it skips that chunk's far edges as well.
  let exact = chunkExactNm(z, first, px, py, pz, bestUpper * EARTH_RADIUS_NM * (1 + 1e-9) + 1e-9, bestUpper);
  for (let c = 0; c < chunks; c++) {
    if (c === first || lower[c]! > bestUpper || lower[c]! * EARTH_RADIUS_NM >= exact) continue;
    exact = chunkExactNm(z, c, px, py, pz, exact, bestUpper);
  }
  return exact;
}

/** The smaller of `exact` and the distance (nm) from P to the legal edges of chunk `c`. */
function chunkExactNm(
  z: PreparedZone,
  c: number,
  px: number,
  py: number,
  pz: number,
  exact: number,
  bestUpper: number,
): number {
  const to = Math.min(z.legalEdges.length, (c + 1) * CHUNK);
  for (let e = c * CHUNK; e < to; e++) {
    const cosd = px * z.legalMid[3 * e]! + py * z.legalMid[3 * e + 1]! + pz * z.legalMid[3 * e + 2]!;
    const d = acosApprox(cosd) - ACOS_SLACK;
    const h = z.legalHalf[e]!;
    if ((d - h) * EARTH_RADIUS_NM >= exact || d - h > bestUpper) continue;
    const dist = segmentDistanceRad(z.legalGeo, e * 15, px, py, pz) * EARTH_RADIUS_NM;
    if (dist < exact) exact = dist;
  }
  return exact;
}

/**
 * Central angle from unit vector P to the great-circle edge stored at `g[o..o+15)` (see legalGeo):
 * the angle to the circle when the foot of the perpendicular lies between the ends, else to the nearer end.
 */
function segmentDistanceRad(g: Float64Array, o: number, px: number, py: number, pz: number): number {
  const u = px * g[o + 9]! + py * g[o + 10]! + pz * g[o + 11]!;
  const w = px * g[o + 12]! + py * g[o + 13]! + pz * g[o + 14]!;
  if (u >= 0 && w >= 0) {
    const s = px * g[o + 6]! + py * g[o + 7]! + pz * g[o + 8]!;
    return Math.asin(Math.min(1, Math.abs(s)));
  }
  const ca = px * g[o]! + py * g[o + 1]! + pz * g[o + 2]!;
  const cb = px * g[o + 3]! + py * g[o + 4]! + pz * g[o + 5]!;
  const c = Math.max(ca, cb);
  return Math.acos(c > 1 ? 1 : Math.max(c, -1));
}

const TWO_PI = 2 * Math.PI;
const wrapRad = (x: number) => (x > Math.PI ? x - TWO_PI : x < -Math.PI ? x + TWO_PI : x);

/** Slab test: does the ray t·(dx, dy), t > 0, meet the box [x0, x1] × [y0, y1]? */
function rayHitsBox(dx: number, dy: number, x0: number, x1: number, y0: number, y1: number): boolean {
  let tmin = 0;
  let tmax = Number.POSITIVE_INFINITY;
  if (Math.abs(dx) < 1e-15) {
    if (x0 > 0 || x1 < 0) return false;
  } else {
    const a = x0 / dx;
    const b = x1 / dx;
    tmin = Math.max(tmin, Math.min(a, b));
    tmax = Math.min(tmax, Math.max(a, b));
  }
  if (Math.abs(dy) < 1e-15) {
    if (y0 > 0 || y1 < 0) return false;
  } else {
    const a = y0 / dy;
    const b = y1 / dy;
    tmin = Math.max(tmin, Math.min(a, b));
    tmax = Math.min(tmax, Math.max(a, b));
  }
  return tmin <= tmax;
}

function alongTrackNm(z: PreparedZone, lat: number, lon: number, cogDeg: number): number | null {
  // A constant course is a straight line in Mercator coordinates (x = λ, y = ψ).
  const c = degToRad(cogDeg);
  const dx = Math.sin(c);
  const dy = Math.cos(c);
  const y0 = mercatorY(lat);
  const lon0 = degToRad(lon);
  let bestS = Number.POSITIVE_INFINITY;
  const chunks = z.chunkBox.length / 4;
  for (let ch = 0; ch < chunks; ch++) {
    const k = 4 * ch;
    const lo0 = degToRad(z.chunkBox[k]!);
    const lo1 = degToRad(z.chunkBox[k + 1]!);
    const shift = wrapRad((lo0 + lo1) / 2 - lon0) - ((lo0 + lo1) / 2 - lon0);
    if (
      !rayHitsBox(
        dx,
        dy,
        lo0 - lon0 + shift,
        lo1 - lon0 + shift,
        z.chunkBox[k + 2]! - y0,
        z.chunkBox[k + 3]! - y0,
      )
    ) {
      continue;
    }
    const to = Math.min(z.legalEdges.length, (ch + 1) * CHUNK);
    for (let e = ch * CHUNK; e < to; e++) {
      const i = z.legalEdges[e]!;
      const ax = wrapRad(degToRad(z.lon[i]!) - lon0);
      const bx = ax + wrapRad(degToRad(z.lon[i + 1]! - z.lon[i]!));
      const ay = z.mercY[i]! - y0;
      const by = z.mercY[i + 1]! - y0;
      const ex = bx - ax;
      const ey = by - ay;
      const den = dx * ey - dy * ex;
      if (Math.abs(den) < 1e-15) continue;
      const s = (ax * ey - ay * ex) / den;
      const u = (ax * dy - ay * dx) / den;
      if (s > 1e-12 && u >= 0 && u <= 1 && s < bestS) bestS = s;
    }
  }
  if (!Number.isFinite(bestS)) return null;
  const yHit = y0 + bestS * dy;
  const latHit = (2 * Math.atan(Math.exp(yHit)) - Math.PI / 2) * (180 / Math.PI);
  return rhumbDistanceNm(lat, latHit, bestS * dx * (180 / Math.PI), cogDeg);
}

/**
 * ECA status of a position at a time (MARPOL Annex VI reg. 14.3–14.4, Appendix VII; SPEC §8–§9).
 * For each geofenced zone in force at `at` (by its SOx dates): inside or outside, great-circle
 * distance to the nearest legal boundary (nm), and — given SOG and COG — the distance and hours to
 * the first boundary crossing along the constant-course (rhumb-line) track. State is `warning`
 * within 10 nm of a zone from outside, with the change-over tip within 2 nm.
 */
export function ecaStatus(input: EcaStatusInput, options: EcaStatusOptions = {}): EcaStatus {
  const atMs = toEpochMs(input.at, 'at');
  const lat = input.lat;
  const lon = wrapLonDeg(input.lon);
  if (!Number.isFinite(lat) || lat < -90 || lat > 90 || !Number.isFinite(input.lon)) {
    throw new RangeError(`invalid position ${input.lat}, ${input.lon}`);
  }
  const hasTrack = input.cogDeg !== undefined && Number.isFinite(input.cogDeg);
  const zones: EcaZoneStatus[] = [];
  const notEvaluated: EcaStatus['notEvaluated'][number][] = [];
  const watched = options.watched ?? null;
  const custom = options.customZones ?? [];
  for (const info of [...ECA_ZONES, ...custom]) {
    const until = 'until' in info ? (info as CustomZone).until : null;
    const period =
      until !== null && atMs >= Date.parse(`${until}T00:00:00Z`) + 86_400_000 ? null : periodAt(info, atMs);
    if (watched && !watched.has(info.id)) {
      notEvaluated.push(notEvaluatedEntry(info, 'not_watched', period !== null));
      continue;
    }
    if (!info.geofenced) {
      notEvaluated.push(notEvaluatedEntry(info, 'not_geofenced', period !== null));
      continue;
    }
    if (!period) {
      notEvaluated.push(notEvaluatedEntry(info, 'not_in_force', false));
      continue;
    }
    const z = PREPARED_BY_ID.get(info.id) ?? (info as CustomZone);
    const along = hasTrack ? alongTrackNm(z, lat, lon, input.cogDeg as number) : null;
    const sog = input.sogKn ?? 0;
    zones.push({
      id: z.id,
      name: z.name,
      inside: pointInZone(z, lat, lon),
      sulphurLimitPercent: period.sulphurLimitPercent,
      inForceSince: period.from,
      distanceToBoundaryNm: nearestLegalNm(z, lat, lon),
      alongTrackDistanceNm: along,
      hoursToBoundary: along !== null && sog > 0 ? along / sog : null,
    });
  }
  const inside = zones.filter((z) => z.inside);
  const outside = zones.filter((z) => !z.inside);
  const nearest = zones.reduce<EcaZoneStatus | null>(
    (a, z) => (a === null || z.distanceToBoundaryNm < a.distanceToBoundaryNm ? z : a),
    null,
  );
  const soonest = zones.reduce<EcaZoneStatus | null>(
    (a, z) =>
      z.alongTrackDistanceNm !== null &&
      (a === null || z.alongTrackDistanceNm < (a.alongTrackDistanceNm ?? Infinity))
        ? z
        : a,
    null,
  );
  const nearestOutside = Math.min(...outside.map((z) => z.distanceToBoundaryNm));
  const approaching = inside.length === 0 && nearestOutside <= (options.warningNm ?? ECA_WARNING_DISTANCE_NM);
  return {
    state: approaching ? 'warning' : 'normal',
    changeOverTip: inside.length === 0 && nearestOutside <= (options.tipNm ?? ECA_CHANGEOVER_TIP_DISTANCE_NM),
    insideZoneIds: inside.map((z) => z.id),
    sulphurLimitPercent: inside.length > 0 ? Math.min(...inside.map((z) => z.sulphurLimitPercent)) : null,
    nearest,
    soonest,
    zones,
    notEvaluated,
  };
}

/** The ship's ECA watch as the alarms and the overview use it: the status with the crew's zones and distances. */
export interface Geofence {
  status(input: EcaStatusInput): EcaStatus;
  readonly warningNm: number;
  readonly tipNm: number;
}

/** The geofence of the legal zones with the SPEC's distances (10 nm, 2 nm). */
export const legalGeofence: Geofence = {
  status: (input) => ecaStatus(input),
  warningNm: ECA_WARNING_DISTANCE_NM,
  tipNm: ECA_CHANGEOVER_TIP_DISTANCE_NM,
};
