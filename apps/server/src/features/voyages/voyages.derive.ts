import type { PortCall, Voyage, VoyageEvent, VoyageLeg, VoyagePeriod } from '@ecohelm/contracts';

/** Mean draught (m) at or above which a departure counts as laden, and at or below which as ballasted. */
export const LADEN_DRAFT_M = 9.5;
export const BALLAST_DRAFT_M = 8.0;

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * Derives voyages, legs, port calls and anchorage/drift periods from time-ordered events.
 * - A voyage is the events carrying its number; it starts at its first departure and ends at the next voyage's.
 * - A leg runs from a departure to the next arrival; its distance is the difference of the ship's log
 *   (`data.logNm`) between them.
 * - A port call runs from an arrival to the next departure (which may open the next voyage).
 * - Anchorage and drift periods pair each start with the next end of the same kind; an open one has no end.
 * - Loading status from the mean draught at the voyage's first departure: laden, ballasted, else non-laden.
 */
export function deriveVoyages(events: readonly VoyageEvent[]): Voyage[] {
  const sorted = [...events].sort((a, b) => a.time.localeCompare(b.time) || a.id - b.id);
  const voyages = new Map<number, Voyage>();
  const voyageOf = (n: number): Voyage => {
    let v = voyages.get(n);
    if (!v) {
      v = {
        voyageNumber: n,
        departurePort: null,
        arrivalPort: null,
        departureTime: null,
        arrivalTime: null,
        endTime: null,
        loadingStatus: 3,
        distanceNm: 0,
        legs: [],
        portCalls: [],
        periods: [],
      };
      voyages.set(n, v);
    }
    return v;
  };

  let openLeg: { leg: VoyageLeg; voyage: Voyage; log: number | undefined } | undefined;
  let openCall: PortCall | undefined;
  const openPeriod: Partial<Record<'anchorage' | 'drift', VoyagePeriod>> = {};

  for (const e of sorted) {
    if (e.voyageNumber === null) continue;
    const voyage = voyageOf(e.voyageNumber);
    const log = num(e.data.logNm);
    switch (e.type) {
      case 'departure': {
        if (openCall) openCall.departureTime = e.time;
        openCall = undefined;
        if (voyage.departureTime === null) {
          voyage.departureTime = e.time;
          voyage.departurePort = e.port;
          const draft = num(e.data.draftM);
          voyage.loadingStatus =
            draft === undefined ? 3 : draft >= LADEN_DRAFT_M ? 1 : draft <= BALLAST_DRAFT_M ? 2 : 3;
        }
        const leg: VoyageLeg = {
          seq: voyage.legs.length + 1,
          fromPort: e.port ?? '',
          toPort: null,
          departureTime: e.time,
          arrivalTime: null,
          distanceNm: 0,
        };
        voyage.legs.push(leg);
        openLeg = { leg, voyage, log };
        break;
      }
      case 'arrival': {
        if (openLeg) {
          openLeg.leg.toPort = e.port;
          openLeg.leg.arrivalTime = e.time;
          if (log !== undefined && openLeg.log !== undefined) {
            openLeg.leg.distanceNm = Math.round((log - openLeg.log) * 10) / 10;
            openLeg.voyage.distanceNm =
              Math.round((openLeg.voyage.distanceNm + openLeg.leg.distanceNm) * 10) / 10;
          }
          openLeg = undefined;
        }
        voyage.arrivalTime = e.time;
        voyage.arrivalPort = e.port;
        openCall = { port: e.port ?? '', arrivalTime: e.time, departureTime: null };
        voyage.portCalls.push(openCall);
        break;
      }
      case 'anchorage_start':
      case 'drift_start': {
        const kind = e.type === 'anchorage_start' ? 'anchorage' : 'drift';
        const period: VoyagePeriod = {
          kind,
          startTime: e.time,
          endTime: null,
          latitude: e.latitude,
          longitude: e.longitude,
          place: e.place,
          purpose: typeof e.data.purpose === 'string' ? e.data.purpose : null,
        };
        voyage.periods.push(period);
        openPeriod[kind] = period;
        break;
      }
      case 'anchorage_end':
      case 'drift_end': {
        const kind = e.type === 'anchorage_end' ? 'anchorage' : 'drift';
        const period = openPeriod[kind];
        if (period) period.endTime = e.time;
        openPeriod[kind] = undefined;
        break;
      }
      default:
        break;
    }
  }
  const list = [...voyages.values()].sort((a, b) => a.voyageNumber - b.voyageNumber);
  for (let i = 0; i < list.length - 1; i++) list[i]!.endTime = list[i + 1]!.departureTime;
  return list;
}
