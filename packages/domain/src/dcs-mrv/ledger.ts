/**
 * The voyage ledger: the ship's passages, port calls and stops at sea, with their distance, time, cargo,
 * fuel and emissions, derived once from the crew's event records. Every regulatory figure (IMO DCS, EU MRV,
 * CII, ETS, FuelEU) is a sum over this ledger (docs/regulations.md, "The voyage ledger").
 */
import { ETS_SCOPE_SHARES } from '../ets-fueleu/ets.ts';
import { type EngineTypes, type GhgTonnes, GWP_ETS, type GwpSet, ghgFromFuel } from '../fuels/emissions.ts';
import { HOUR_MS } from '../units/index.ts';
import type { EuVoyageType, Stay, VoyageLeg } from './aggregate.ts';
import { legIssues, type PlausibilityIssue, robToleranceT, stayIssues } from './plausibility.ts';
import type { PassageEventKind, PortRef } from './records.ts';

/** The kinds of event record the ledger reads (SPEC §3 information filling). */
export type LedgerEventKind = PassageEventKind | 'bunkering' | 'barge_out';

/** One event record of the crew, in the ledger's terms. */
export interface LedgerEvent {
  readonly id: string;
  readonly kind: LedgerEventKind;
  readonly voyageNumber: string;
  readonly atMs: number;
  readonly port?: PortRef | undefined;
  /** A port where cargo or passengers are loaded or unloaded (MRV Art. 3(b)); default true. */
  readonly isPortOfCall?: boolean | undefined;
  /** Fuel remaining on board at the event per fuel type, t; absent or empty: no reading. */
  readonly robT?: Readonly<Record<string, number>> | undefined;
  /** Arrival: the sea distance since the last departure, nm. */
  readonly distanceNm?: number | undefined;
  readonly cargoT?: number | undefined;
  /** Fuel taken on board (bunkering, ship-to-ship included) or given off (barge-out), t per fuel type. */
  readonly transfers?: readonly { fuelId: string; quantityT: number }[] | undefined;
  readonly shorePowerKwh?: number | undefined;
}

/** A finding of the ledger on a stored record: the record it names and why the figure is doubtful. */
export interface LedgerIssue extends Omit<PlausibilityIssue, 'code'> {
  readonly code: PlausibilityIssue['code'] | 'out_of_sequence' | 'passage_too_long';
  readonly recordId: string;
}

/** A voyage (one voyage number): its first departure to the next voyage's first departure. */
export interface LedgerVoyage {
  readonly voyageNumber: string;
  readonly startMs: number;
  /** The arrival at its last port. */
  readonly arrivalMs: number;
  /** The next voyage's departure, or the arrival when none follows. */
  readonly endMs: number;
  readonly fromPort: PortRef | null;
  readonly toPort: PortRef | null;
}

export interface Ledger {
  readonly legs: VoyageLeg[];
  readonly stays: Stay[];
  readonly voyages: LedgerVoyage[];
  readonly issues: LedgerIssue[];
}

/** Same-time events in the order they happen: a stop ends, the ship arrives, bunkers, departs, stops again. */
const TIE_ORDER: Record<LedgerEventKind, number> = {
  anchorage_end: 0,
  drift_end: 0,
  arrival: 1,
  bunkering: 2,
  barge_out: 2,
  departure: 3,
  anchorage_start: 4,
  drift_start: 4,
};

type Phase = 'unknown' | 'underway' | 'sea_anchorage' | 'drift' | 'port';

/**
 * A passage longer than this from departure to arrival is flagged: the longest deep-sea passages take about two
 * months; more means records are missing between the two (a port call not entered), not a voyage.
 */
export const MAX_PASSAGE_DAYS = 90;

const ZERO_FUEL = (): Record<string, number> => ({});
const addInto = (target: Record<string, number>, fuel: Readonly<Record<string, number>>, k = 1) => {
  for (const [f, t] of Object.entries(fuel)) target[f] = (target[f] ?? 0) + k * t;
};
const hasReading = (e: LedgerEvent) => e.robT !== undefined && Object.keys(e.robT).length > 0;
const isPortOfCall = (e: LedgerEvent) => e.isPortOfCall ?? true;

function euTypeOf(from: PortRef | null, to: PortRef | null): EuVoyageType {
  const a = from?.inEea ?? false;
  const b = to?.inEea ?? false;
  if (a && b) return 'intra_eea';
  if (a) return 'outgoing';
  if (b) return 'incoming';
  return 'non_eea';
}

function shareOf(type: EuVoyageType): number {
  if (type === 'intra_eea') return ETS_SCOPE_SHARES.intraEea;
  if (type === 'non_eea') return 0;
  return ETS_SCOPE_SHARES.extraEea;
}

/**
 * Builds the ledger from the event records (any order).
 * - Passages run from a departure to the next arrival. Their distance is the arrival's; their hours under way
 *   leave out the stops at sea (anchorage and drift), which are stays of their own on the same voyage.
 * - A port call runs from an arrival to the next departure; an anchorage inside it is part of the port call
 *   (anchored in the port: "at berth" in MRV Art. 3(n) when the port is in the EEA).
 * - Fuel (ROB method) is worked out between consecutive ROB readings: previous ROB + transfers − ROB, shared
 *   over the phases between the two readings by their time. A reading that does not follow is flagged.
 * - An MRV voyage runs between ports of call: each leg and stop at sea is classed by the last port of call
 *   before it and the next one after it.
 * - A passage still at sea (no arrival yet) is not booked: its distance is not known until it arrives.
 */
export function buildLedger(
  input: readonly LedgerEvent[],
  options: { serviceSpeedKn?: number | null; engineTypes?: EngineTypes; gwp?: GwpSet } = {},
): Ledger {
  const engineTypes = options.engineTypes ?? {};
  const gwp = options.gwp ?? GWP_ETS;
  const ghg = (fuel: Record<string, number>): GhgTonnes => ghgFromFuel(fuel, engineTypes, gwp);
  const events = input
    .map((e, i) => ({ e, i }))
    .filter(({ e }) => Number.isFinite(e.atMs))
    .sort((a, b) => a.e.atMs - b.e.atMs || TIE_ORDER[a.e.kind] - TIE_ORDER[b.e.kind] || a.i - b.i)
    .map(({ e }) => e);
  const issues: LedgerIssue[] = [];

  // 1. The phase the ship is in after each event.
  const phases: Phase[] = [];
  let where: 'unknown' | 'sea' | 'port' = 'unknown';
  let stop: 'sea_anchorage' | 'drift' | null = null;
  for (const e of events) {
    switch (e.kind) {
      case 'departure':
        where = 'sea';
        stop = null;
        break;
      case 'arrival':
        where = 'port';
        stop = null;
        break;
      case 'anchorage_start':
      case 'drift_start':
        if (where !== 'port') stop = e.kind === 'anchorage_start' ? 'sea_anchorage' : 'drift';
        break;
      case 'anchorage_end':
      case 'drift_end':
        if (where !== 'port') stop = null;
        break;
      default:
        break;
    }
    phases.push(where === 'port' ? 'port' : where === 'sea' ? (stop ?? 'underway') : (stop ?? 'unknown'));
  }

  // 2. Fuel of each interval between consecutive events (interval i runs from event i to event i + 1).
  const intervalFuel: Record<string, number>[] = events.map(() => ZERO_FUEL());
  let last = -1;
  for (let j = 0; j < events.length; j++) {
    const e = events[j]!;
    if (!hasReading(e)) continue;
    if (last >= 0) {
      const from = events[last]!;
      const fuel: Record<string, number> = { ...from.robT };
      for (let k = last + 1; k <= j; k++)
        for (const t of events[k]!.transfers ?? []) addInto(fuel, { [t.fuelId]: t.quantityT });
      addInto(fuel, e.robT ?? {}, -1);
      for (const [f, t] of Object.entries(fuel)) {
        if (t < -robToleranceT(from.robT?.[f] ?? 0)) {
          issues.push({
            code: 'rob_mismatch',
            recordId: e.id,
            message: `ROB of ${f} rises by ${(-t).toFixed(1)} t since the reading before without bunkering`,
          });
        }
        fuel[f] = Math.max(0, t);
      }
      const span = e.atMs - from.atMs;
      for (let k = last; k < j; k++) {
        const share = span > 0 ? (events[k + 1]!.atMs - events[k]!.atMs) / span : k === last ? 1 : 0;
        if (share > 0) addInto(intervalFuel[k]!, fuel, share);
      }
    }
    last = j;
  }

  // 3. Passages, port calls and stops at sea.
  const legs: VoyageLeg[] = [];
  const stays: Stay[] = [];
  // Ports of call before and after each event, for the MRV voyage each leg and stop belongs to.
  const prevCall: (PortRef | null)[] = [];
  let lastCall: PortRef | null = null;
  for (const e of events) {
    prevCall.push(lastCall);
    if (e.kind === 'departure' && isPortOfCall(e) && e.port) lastCall = e.port;
  }
  const nextCall: (PortRef | null)[] = new Array(events.length).fill(null);
  let comingCall: PortRef | null = null;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.kind === 'arrival' && isPortOfCall(e) && e.port) comingCall = e.port;
    nextCall[i] = comingCall;
  }

  let departure = -1;
  let arrival = -1;
  let stopStart = -1;
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    if (e.kind === 'arrival') {
      if (departure >= 0 && stopStart >= 0) {
        // A stop at sea whose end was never entered ends, at the latest, when the ship arrives.
        issues.push({
          code: 'out_of_sequence',
          recordId: events[stopStart]!.id,
          message: 'a stop at sea without its end before the arrival',
        });
        stays.push(seaStayOf(stopStart, i, departure));
      }
      if (departure >= 0) legs.push(legOf(departure, i));
      else if (i > 0 && phases[i - 1] !== 'unknown')
        issues.push({
          code: 'out_of_sequence',
          recordId: e.id,
          message: 'an arrival without a departure before it',
        });
      departure = -1;
      stopStart = -1;
      arrival = i;
    } else if (e.kind === 'departure') {
      if (arrival >= 0) stays.push(portStayOf(arrival, i));
      else if (departure >= 0)
        issues.push({
          code: 'out_of_sequence',
          recordId: e.id,
          message: 'a departure without an arrival before it',
        });
      arrival = -1;
      departure = i;
    } else if (
      (e.kind === 'anchorage_start' || e.kind === 'drift_start') &&
      departure >= 0 &&
      stopStart < 0
    ) {
      stopStart = i;
    } else if ((e.kind === 'anchorage_end' || e.kind === 'drift_end') && departure >= 0 && stopStart >= 0) {
      stays.push(seaStayOf(stopStart, i, departure));
      stopStart = -1;
    }
  }
  // A port call not yet ended is booked up to the last reading in it.
  if (arrival >= 0) {
    let end = events.length - 1;
    while (end > arrival && !hasReading(events[end]!)) end--;
    if (end > arrival) stays.push(portStayOf(arrival, end, true));
  }

  function sumIntervals(from: number, to: number, phase: Phase) {
    const fuel = ZERO_FUEL();
    let ms = 0;
    for (let k = from; k < to; k++) {
      if (phases[k] !== phase) continue;
      addInto(fuel, intervalFuel[k]!);
      ms += events[k + 1]!.atMs - events[k]!.atMs;
    }
    return { fuel, hours: ms / HOUR_MS };
  }

  function legOf(d: number, a: number): VoyageLeg {
    const dep = events[d]!;
    const arr = events[a]!;
    const { fuel, hours } = sumIntervals(d, a, 'underway');
    const from = dep.port && isPortOfCall(dep) ? dep.port : (prevCall[d] ?? null);
    const to = arr.port && isPortOfCall(arr) ? arr.port : (nextCall[a] ?? null);
    const euType = euTypeOf(from, to);
    const distanceNm = arr.distanceNm ?? 0;
    const cargoT = dep.cargoT ?? 0;
    const leg: VoyageLeg = {
      voyageNumber: dep.voyageNumber,
      fromRecordId: dep.id,
      toRecordId: arr.id,
      fromPort: from,
      toPort: to,
      departureMs: dep.atMs,
      arrivalMs: arr.atMs,
      distanceNm,
      hoursUnderway: hours,
      cargoT,
      transportWorkTNm: cargoT * distanceNm,
      fuelT: fuel,
      ghg: ghg(fuel),
      euType,
      euShare: shareOf(euType),
    };
    for (const issue of legIssues(leg, options.serviceSpeedKn)) issues.push({ ...issue, recordId: arr.id });
    const days = (arr.atMs - dep.atMs) / (24 * HOUR_MS);
    if (days > MAX_PASSAGE_DAYS) {
      issues.push({
        code: 'passage_too_long',
        recordId: arr.id,
        message: `${days.toFixed(0)} days from the departure before it, over ${MAX_PASSAGE_DAYS}: records between them are missing`,
      });
    }
    return leg;
  }

  function portStayOf(a: number, d: number, open = false): Stay {
    const arr = events[a]!;
    const dep = events[d]!;
    const fuel = ZERO_FUEL();
    let shorePowerKwh = 0;
    for (let k = a; k < d; k++) addInto(fuel, intervalFuel[k]!);
    for (let k = a; k <= d; k++) shorePowerKwh += events[k]!.shorePowerKwh ?? 0;
    const port = arr.port ?? (open ? null : (dep.port ?? null));
    const atBerthEea = port?.inEea ?? false;
    if (!open)
      for (const issue of stayIssues({ startMs: arr.atMs, endMs: dep.atMs }))
        issues.push({ ...issue, recordId: dep.id });
    return {
      recordId: open ? arr.id : dep.id,
      voyageNumber: arr.voyageNumber,
      kind: 'port',
      port,
      startMs: arr.atMs,
      endMs: dep.atMs,
      fuelT: fuel,
      ghg: ghg(fuel),
      atBerthEea,
      shorePowerKwh,
      euType: atBerthEea ? 'at_berth' : 'non_eea',
      euShare: atBerthEea ? ETS_SCOPE_SHARES.atBerth : 0,
      passageDepartureMs: null,
    };
  }

  function seaStayOf(s: number, t: number, d: number): Stay {
    const start = events[s]!;
    const end = events[t]!;
    const kind = start.kind === 'anchorage_start' ? 'anchorage' : 'drift';
    const { fuel } = sumIntervals(s, t, kind === 'anchorage' ? 'sea_anchorage' : 'drift');
    const euType = euTypeOf(prevCall[s] ?? null, nextCall[s] ?? null);
    for (const issue of stayIssues({ startMs: start.atMs, endMs: end.atMs }))
      issues.push({ ...issue, recordId: end.id });
    return {
      recordId: end.id,
      voyageNumber: events[d]!.voyageNumber,
      kind,
      port: null,
      startMs: start.atMs,
      endMs: end.atMs,
      fuelT: fuel,
      ghg: ghg(fuel),
      atBerthEea: false,
      shorePowerKwh: 0,
      euType,
      euShare: shareOf(euType),
      passageDepartureMs: events[d]!.atMs,
    };
  }

  return { legs, stays, voyages: voyagesOf(legs, stays), issues };
}

/** Each voyage number's span: its first departure, its last arrival and the next voyage's first departure. */
function voyagesOf(legs: readonly VoyageLeg[], stays: readonly Stay[]): LedgerVoyage[] {
  const byNumber = new Map<string, { first: VoyageLeg; last: VoyageLeg; endMs: number }>();
  for (const l of legs) {
    const v = byNumber.get(l.voyageNumber);
    if (!v) byNumber.set(l.voyageNumber, { first: l, last: l, endMs: l.arrivalMs });
    else {
      if (l.departureMs < v.first.departureMs) v.first = l;
      if (l.arrivalMs > v.last.arrivalMs) v.last = l;
      v.endMs = Math.max(v.endMs, l.arrivalMs);
    }
  }
  for (const s of stays) {
    const v = byNumber.get(s.voyageNumber);
    if (v) v.endMs = Math.max(v.endMs, s.endMs);
  }
  return [...byNumber.entries()]
    .map(([voyageNumber, v]) => ({
      voyageNumber,
      startMs: v.first.departureMs,
      arrivalMs: v.last.arrivalMs,
      endMs: v.endMs,
      fromPort: v.first.fromPort,
      toPort: v.last.toPort,
    }))
    .sort((a, b) => a.startMs - b.startMs);
}
