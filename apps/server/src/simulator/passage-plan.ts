import { HOUR_MS, MINUTE_MS } from '@ecohelm/domain';
import type { Segment } from './plan.ts';
import { mulberry32 } from './random.ts';
import { PORTS, type PortId } from './route.ts';

/** The voyage plan the simulated master files for a passage: the route, its estimated and requested times. */
export interface SimPassagePlan {
  voyageIndex: number;
  fromPort: PortId;
  toPort: PortId;
  etdMs: number;
  etaMs: number;
  /** Requested time of arrival (the berth window): a few hours after the ETA at the planned speeds. */
  rtaMs: number;
  waypoints: {
    name: string;
    lon: number;
    lat: number;
    speedMinKn: number | null;
    speedMaxKn: number | null;
  }[];
  specialPoints: { name: string; lon: number; lat: number; remark: string; stayH: number }[];
}

/** Where the model is: the segment under way and how far into it. */
export interface PlanCursor {
  t: number;
  trip: number;
  segIdx: number;
  /** Distance along the current sea segment's track, nm, or minutes into the current stay. */
  dist: number;
  segMin: number;
  segDuration: number;
  lastDepartureMs: number | undefined;
  voyageIndex: number;
  seed: number;
}

/**
 * The passage under way (last departure → next arrival) or, in port, the next one. Waypoints are the sea lane's
 * turning points; canal legs carry their fixed speed; anchorages on the way (canal convoys) are special points.
 * The ETA counts the planned speeds through water and the planned stays (not unplanned drifting).
 */
export function passagePlan(trip: (k: number) => Segment[], c: PlanCursor): SimPassagePlan | undefined {
  const at = (k: number, i: number): Segment | undefined => (k < 0 ? undefined : trip(k)[i]);
  const next = (k: number, i: number): [number, number] => (i + 1 < trip(k).length ? [k, i + 1] : [k + 1, 0]);
  const prev = (k: number, i: number): [number, number] | undefined =>
    i > 0 ? [k, i - 1] : k > 0 ? [k - 1, trip(k - 1).length - 1] : undefined;

  // Under way when, walking back, a departure comes before an arrival.
  let underWay = false;
  let start: [number, number] | undefined;
  for (let p = prev(c.trip, c.segIdx), n = 0; p && n < 40; p = prev(p[0], p[1]), n++) {
    const s = at(p[0], p[1])!;
    if (s.endEvents.includes('arrival')) break;
    if (s.endEvents.includes('departure')) {
      underWay = true;
      start = next(p[0], p[1]);
      break;
    }
  }
  let minutesToDeparture = 0;
  if (!underWay) {
    // In port: the next passage starts after the segment that ends with the departure.
    let q: [number, number] = [c.trip, c.segIdx];
    for (let n = 0; n < 40; n++, q = next(q[0], q[1])) {
      const s = at(q[0], q[1])!;
      minutesToDeparture += remainingMinutes(s, q, c);
      if (s.endEvents.includes('departure')) {
        start = next(q[0], q[1]);
        break;
      }
    }
  }
  if (!start) return undefined;
  const waypoints: SimPassagePlan['waypoints'] = [];
  const specialPoints: SimPassagePlan['specialPoints'] = [];
  let minutesToArrival = underWay ? 0 : minutesToDeparture;
  let reachedCurrent = !underWay;
  let fromPort: PortId | undefined;
  let toPort: PortId | undefined;
  let q = start;
  for (let n = 0; n < 60; n++, q = next(q[0], q[1])) {
    const s = at(q[0], q[1])!;
    if (!reachedCurrent && q[0] === c.trip && q[1] === c.segIdx) reachedCurrent = true;
    if (reachedCurrent) minutesToArrival += remainingMinutes(s, q, c);
    if (s.kind === 'sea') {
      fromPort ??= s.fromPort;
      const fixed = s.mode === 'canal' ? s.speedKn : null;
      const points = s.track.points;
      const cum = s.track.cumulativeNm;
      const add = (lon: number, lat: number, name: string) => {
        const last = waypoints.at(-1);
        if (last && Math.abs(last.lon - lon) < 1e-4 && Math.abs(last.lat - lat) < 1e-4) return;
        waypoints.push({ name, lon, lat, speedMinKn: fixed, speedMaxKn: fixed });
      };
      const first = s.track.at(s.fromNm).pos;
      if (waypoints.length === 0) add(first[0], first[1], PORTS[s.fromPort].nameEn);
      else add(first[0], first[1], s.mode === 'canal' ? 'Suez Canal' : '');
      for (let i = 0; i < points.length; i++) {
        if (cum[i]! > s.fromNm + 0.5 && cum[i]! < s.toNm - 0.5) add(points[i]![0], points[i]![1], '');
      }
      const end = s.track.at(s.toNm).pos;
      add(end[0], end[1], '');
      if (s.endEvents.includes('arrival')) {
        toPort = s.toPort;
        break;
      }
    } else if (s.kind === 'anchor' && s.pos) {
      specialPoints.push({
        name: s.place,
        lon: s.pos[0],
        lat: s.pos[1],
        remark: s.purpose,
        stayH: Math.round(s.durationMin / 6) / 10,
      });
    }
  }
  if (!fromPort || !toPort || waypoints.length < 2) return undefined;
  waypoints.forEach((w, i) => {
    if (!w.name) w.name = `WP${String(i).padStart(2, '0')}`;
  });
  waypoints[waypoints.length - 1]!.name = PORTS[toPort].nameEn;
  const etdMs = underWay ? (c.lastDepartureMs ?? c.t) : c.t + minutesToDeparture * MINUTE_MS;
  const etaMs = c.t + minutesToArrival * MINUTE_MS;
  const rnd = mulberry32(c.seed * 131 + c.voyageIndex * 977 + waypoints.length);
  const rtaMs = Math.ceil((etaMs + (6 + 12 * rnd()) * HOUR_MS) / HOUR_MS) * HOUR_MS;
  return {
    voyageIndex: underWay
      ? c.voyageIndex
      : c.voyageIndex + (fromPort === 'CNQDG' || fromPort === 'NLRTM' ? 1 : 0),
    fromPort,
    toPort,
    etdMs,
    etaMs,
    rtaMs,
    waypoints,
    specialPoints,
  };
}

/** Planned minutes left in a segment: all of it ahead, the rest of the current one. */
function remainingMinutes(s: Segment, q: [number, number], c: PlanCursor): number {
  const current = q[0] === c.trip && q[1] === c.segIdx;
  if (s.kind === 'sea') {
    const from = current ? c.dist : s.fromNm;
    return (Math.max(0, s.toNm - from) / s.speedKn) * 60;
  }
  if (s.kind === 'drift') return 0;
  return current ? Math.max(0, c.segDuration - c.segMin) : s.durationMin;
}
