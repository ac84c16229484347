import type { LonLat, Track } from './geo.ts';
import { mulberry32 } from './random.ts';
import { type PassageId, PORTS, type PortId, passageTrack, SUEZ } from './route.ts';
import { VESSEL } from './vessel.ts';

/** Event types the simulator emits; voyages, legs, port calls and periods derive from them. */
export type EventType =
  | 'departure'
  | 'arrival'
  | 'anchorage_start'
  | 'anchorage_end'
  | 'drift_start'
  | 'drift_end'
  | 'bunkering'
  | 'fuel_changeover'
  | 'eca_entry'
  | 'eca_exit';

export type SeaMode = 'sea' | 'harbour' | 'canal';

export interface SeaSegment {
  kind: 'sea';
  track: Track;
  fromNm: number;
  toNm: number;
  /** Calm-water speed through water the master sets the power for, kn. */
  speedKn: number;
  mode: SeaMode;
  /** Port the leg comes from and goes to (for events). */
  fromPort: PortId;
  toPort: PortId;
  startEvents: EventType[];
  endEvents: EventType[];
}

export interface StaySegment {
  kind: 'anchor' | 'drift' | 'berth';
  durationMin: number;
  /** Fixed position for anchor and berth; drift starts where the ship stopped. */
  pos?: LonLat;
  port: PortId;
  /** Where the stay happens, for events and records. */
  place: string;
  purpose: string;
  /** Mean draught at the end of a berth stay (cargo operations), m. */
  draftTo?: number;
  bunker?: boolean;
  /** Consider in-water hull cleaning here. */
  cleaningSite?: boolean;
  startEvents: EventType[];
  endEvents: EventType[];
}

export type Segment = SeaSegment | StaySegment;

const HARBOUR_NM = 8;

/**
 * One round trip as segments: Qingdao (load steel) → Singapore (bunkers) → Suez → Rotterdam (discharge) →
 * Gdańsk in ballast (load grain) → Suez → Singapore (bunkers) → Qingdao (anchorage, drift while waiting, discharge).
 * Durations and speeds vary with the seeded PRNG; cycle `k` always gives the same trip.
 */
export function roundTrip(seed: number, k: number): Segment[] {
  const rnd = mulberry32(seed * 7919 + k * 104_729);
  const between = (a: number, b: number) => a + (b - a) * rnd();
  const hours = (a: number, b: number) => Math.round(between(a, b) * 60);
  const segs: Segment[] = [];
  const sea = (
    id: PassageId,
    reverse: boolean,
    fromPort: PortId,
    toPort: PortId,
    speedKn: number,
    opts: { fromNm?: number; toNm?: number; mode?: SeaMode; start?: EventType[]; end?: EventType[] } = {},
  ) => {
    const track = passageTrack(id, reverse);
    const fromNm = opts.fromNm ?? 0;
    const toNm = opts.toNm ?? track.lengthNm;
    const toNmAbs = toNm < 0 ? track.lengthNm + toNm : toNm;
    const fromNmAbs = fromNm < 0 ? track.lengthNm + fromNm : fromNm;
    segs.push({
      kind: 'sea',
      track,
      fromNm: fromNmAbs,
      toNm: toNmAbs,
      speedKn,
      mode: opts.mode ?? 'sea',
      fromPort,
      toPort,
      startEvents: opts.start ?? [],
      endEvents: opts.end ?? [],
    });
  };
  const stay = (
    s: Omit<StaySegment, 'startEvents' | 'endEvents' | 'place'> & {
      place?: string;
      start?: EventType[];
      end?: EventType[];
    },
  ) => {
    const { start, end, place, ...rest } = s;
    const where = PORTS[s.port].nameEn;
    const defaultPlace =
      s.kind === 'berth' ? `${where} berth` : s.kind === 'anchor' ? `${where} anchorage` : `off ${where}`;
    segs.push({ ...rest, place: place ?? defaultPlace, startEvents: start ?? [], endEvents: end ?? [] });
  };
  /** Bunkers (and a hull cleaning, if due) at Singapore's Eastern Anchorage: on the way out and on the way back. */
  const bunkerAtSingapore = () =>
    stay({
      kind: 'anchor',
      durationMin: hours(14, 26),
      pos: PORTS.SGSIN.anchorage,
      port: 'SGSIN',
      place: 'Singapore Eastern Anchorage',
      purpose: 'bunkering',
      bunker: true,
      cleaningSite: true,
      start: ['anchorage_start'],
      end: ['anchorage_end', 'departure'],
    });
  const laden = between(12.2, 13.0);
  const ballast = between(12.8, 13.5);

  // Qingdao: steel products loaded, then out through the harbour; the voyage starts at the pilot station.
  stay({
    kind: 'berth',
    durationMin: hours(50, 80),
    pos: PORTS.CNQDG.berth,
    port: 'CNQDG',
    purpose: 'loading steel products',
    draftTo: between(10.6, 11.3),
  });
  sea('QDG-SIN', false, 'CNQDG', 'SGSIN', 6, { toNm: HARBOUR_NM, mode: 'harbour', end: ['departure'] });
  sea('QDG-SIN', false, 'CNQDG', 'SGSIN', laden, { fromNm: HARBOUR_NM, end: ['arrival'] });
  bunkerAtSingapore();
  sea('SIN-SUEZ', false, 'SGSIN', 'NLRTM', laden);
  stay({
    kind: 'anchor',
    durationMin: hours(8, 30),
    pos: SUEZ.southAnchorage,
    port: 'NLRTM',
    place: 'Suez southern anchorage',
    purpose: 'waiting for the northbound Suez Canal convoy',
    start: ['anchorage_start'],
    end: ['anchorage_end'],
  });
  sea('SUEZ-CANAL', false, 'SGSIN', 'NLRTM', 7.5, { mode: 'canal' });
  sea('PSD-RTM', false, 'SGSIN', 'NLRTM', laden, { toNm: -HARBOUR_NM, end: ['arrival'] });
  if (rnd() < 0.5) {
    stay({
      kind: 'anchor',
      durationMin: hours(6, 20),
      pos: PORTS.NLRTM.anchorage,
      port: 'NLRTM',
      purpose: 'waiting for berth',
      start: ['anchorage_start'],
      end: ['anchorage_end'],
    });
  }
  sea('PSD-RTM', false, 'SGSIN', 'NLRTM', 6, { fromNm: -HARBOUR_NM, mode: 'harbour' });
  stay({
    kind: 'berth',
    durationMin: hours(48, 84),
    pos: PORTS.NLRTM.berth,
    port: 'NLRTM',
    purpose: 'discharging steel products',
    draftTo: VESSEL.ballastDraftM,
    bunker: true,
  });
  // Ballast to Gdańsk: a new voyage starts at the pilot station.
  sea('RTM-GDN', false, 'NLRTM', 'PLGDN', 6, { toNm: HARBOUR_NM, mode: 'harbour', end: ['departure'] });
  sea('RTM-GDN', false, 'NLRTM', 'PLGDN', ballast, {
    fromNm: HARBOUR_NM,
    toNm: -HARBOUR_NM,
    end: ['arrival'],
  });
  stay({
    kind: 'anchor',
    durationMin: hours(10, 40),
    pos: PORTS.PLGDN.anchorage,
    port: 'PLGDN',
    purpose: 'waiting for berth',
    start: ['anchorage_start'],
    end: ['anchorage_end'],
  });
  sea('RTM-GDN', false, 'NLRTM', 'PLGDN', 6, { fromNm: -HARBOUR_NM, mode: 'harbour' });
  stay({
    kind: 'berth',
    durationMin: hours(60, 96),
    pos: PORTS.PLGDN.berth,
    port: 'PLGDN',
    purpose: 'loading grain',
    draftTo: between(11.5, VESSEL.ladenDraftM),
  });
  // Laden eastbound: Gdańsk → Port Said → Singapore → Qingdao.
  sea('GDN-PSD', false, 'PLGDN', 'SGSIN', 6, { toNm: HARBOUR_NM, mode: 'harbour', end: ['departure'] });
  sea('GDN-PSD', false, 'PLGDN', 'SGSIN', laden, { fromNm: HARBOUR_NM });
  stay({
    kind: 'anchor',
    durationMin: hours(6, 24),
    pos: SUEZ.portSaid,
    port: 'SGSIN',
    place: 'Port Said anchorage',
    purpose: 'waiting for the southbound Suez Canal convoy',
    start: ['anchorage_start'],
    end: ['anchorage_end'],
  });
  sea('SUEZ-CANAL', true, 'PLGDN', 'SGSIN', 7.5, { mode: 'canal' });
  sea('SIN-SUEZ', true, 'PLGDN', 'SGSIN', laden, { end: ['arrival'] });
  bunkerAtSingapore();
  // Off Qingdao the berth is not ready: drift in the Yellow Sea, then anchor.
  const driftAtNm = -between(45, 70);
  sea('QDG-SIN', true, 'SGSIN', 'CNQDG', laden, { toNm: driftAtNm });
  stay({
    kind: 'drift',
    durationMin: hours(6, 20),
    port: 'CNQDG',
    purpose: 'waiting for berth window, engine stopped',
    start: ['drift_start'],
    end: ['drift_end'],
  });
  sea('QDG-SIN', true, 'SGSIN', 'CNQDG', 10, { fromNm: driftAtNm, toNm: -15, end: ['arrival'] });
  stay({
    kind: 'anchor',
    durationMin: hours(12, 48),
    pos: PORTS.CNQDG.anchorage,
    port: 'CNQDG',
    purpose: 'waiting for berth',
    start: ['anchorage_start'],
    end: ['anchorage_end'],
  });
  sea('QDG-SIN', true, 'SGSIN', 'CNQDG', 6, { fromNm: -15, mode: 'harbour' });
  stay({
    kind: 'berth',
    durationMin: hours(40, 60),
    pos: PORTS.CNQDG.berth,
    port: 'CNQDG',
    purpose: 'discharging grain',
    draftTo: between(7.4, 8.2),
  });
  return segs;
}

/** Segments of consecutive round trips, generated on demand and cached (trips are independent of each other). */
export class Plan {
  readonly seed: number;
  readonly #trips = new Map<number, Segment[]>();

  constructor(seed: number) {
    this.seed = seed;
  }

  trip(k: number): Segment[] {
    let t = this.#trips.get(k);
    if (!t) {
      t = roundTrip(this.seed, k);
      this.#trips.set(k, t);
      // Keep memory flat in a long live run.
      this.#trips.delete(k - 2);
    }
    return t;
  }
}
