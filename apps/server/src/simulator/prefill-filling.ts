import type { FillingRecordInput, Regime, ShipInput, VoyageEvent } from '@ecohelm/contracts';
import type { FillingService } from '../features/filling/index.ts';
import type { RecordsService } from '../features/records/index.ts';
import type { ShipService } from '../features/ship/index.ts';
import type { VoyageService } from '../features/voyages/index.ts';
import { PORTS, type PortId } from './route.ts';
import { VESSEL } from './vessel.ts';

/** Source of the records this module writes (`filling_records.source`). */
export const PREFILL_SOURCE = 'simulator';
/** Voyage-state key holding the time of the last event turned into a record: later runs start after it. */
export const PREFILL_STATE_KEY = 'filling.prefilledUntil';

/** Ballast water a Supramax carries in normal ballast condition, t (estimate for the departure ballast field). */
const BALLAST_CAPACITY_T = 22_000;
/** Stores, fresh water and constant on board, t (deadweight that is neither cargo nor fuel). */
const CONSTANT_T = 1_200;
/** EEA states (EU 27, Iceland, Liechtenstein, Norway) by the country part of the UN/LOCODE. */
const EEA_COUNTRIES = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO'.split(' '),
);
/** ROB fields of the simulator's events and the fuel types they hold. */
const ROB_FIELDS = [
  ['robHfoT', 'ls_hfo'],
  ['robMgoT', 'mdo_mgo'],
] as const;
const BUNKER_FIELDS = [
  ['hfoT', 'ls_hfo'],
  ['mgoT', 'mdo_mgo'],
] as const;
type Fuel = (typeof ROB_FIELDS)[number][1];

/** IMO number with its check digit recomputed (the simulator's particulars carry a placeholder). */
function withCheckDigit(imo: string): string {
  const digits = imo.slice(0, 6).split('').map(Number);
  const sum = digits.reduce((a, d, i) => a + d * (7 - i), 0);
  return `${imo.slice(0, 6)}${sum % 10}`;
}

/** Basic info of the simulator's Supramax (apps/server/src/simulator/vessel.ts), saved when the ship has none. */
export function simulatorShip(): ShipInput {
  return {
    mmsi: VESSEL.mmsi,
    imoNumber: withCheckDigit(VESSEL.imo),
    nameEn: VESSEL.name,
    nameZh: '生态先锋',
    shipType: 'bulk_carrier',
    shipyard: 'Qingdao Beihai Shipbuilding',
    buildDate: '2017-06-15',
    flagState: 'Panama',
    deadweightT: VESSEL.deadweightT,
    grossTonnage: 32_800,
    netTonnage: 19_500,
    serviceSpeedKn: 13.5,
    fuelTypes: [
      { fuelType: 'ls_hfo', maxCapacityT: VESSEL.hfoCapacityT },
      { fuelType: 'mdo_mgo', maxCapacityT: VESSEL.mgoCapacityT },
    ],
    consumptionMethod: 'flow_meter',
    lengthM: VESSEL.lengthOverallM,
    breadthM: VESSEL.beamM,
    maxDraftM: VESSEL.ladenDraftM,
    mainEnginePowerKw: VESSEL.meMcrKw,
    mainEngineRpm: VESSEL.meMcrRpm,
    auxEngineCount: 3,
    auxEnginePowerKw: VESSEL.geRatedKw,
    boilerCount: 1,
  };
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const r1 = (v: number) => Math.round(v * 10) / 10;
const r10 = (v: number) => Math.round(v / 10) * 10;

function portOf(locode: string | null): { nameEn: string; nameZh: string | null; inEea: boolean } | null {
  if (!locode) return null;
  const known = PORTS[locode as PortId];
  return {
    nameEn: known?.nameEn ?? locode,
    nameZh: known?.nameZh ?? null,
    inEea: EEA_COUNTRIES.has(locode.slice(0, 2).toUpperCase()),
  };
}

/** Cargo and ballast estimated from the mean draft between the ballast and the summer load line. */
function loadFromDraft(draftM: number | undefined, robT: number): { cargoT: number; ballastT: number } {
  if (draftM === undefined) return { cargoT: 0, ballastT: 0 };
  const span = VESSEL.ladenDraftM - VESSEL.ballastDraftM;
  const f = Math.min(1, Math.max(0, (draftM - VESSEL.ballastDraftM) / span));
  return {
    cargoT: Math.max(0, r10(f * VESSEL.deadweightT - robT - CONSTANT_T)),
    ballastT: r10((1 - f) * BALLAST_CAPACITY_T),
  };
}

export interface PrefillDeps {
  voyages: VoyageService;
  ships: ShipService;
  filling: FillingService;
  records?: RecordsService;
}

export interface PrefillResult {
  created: number;
  skipped: number;
  shipCreated: boolean;
}

/**
 * Turns stored voyage events (departure, arrival, anchorage and drift start/end, bunkering) into
 * information-filling records for IMO DCS (and EU MRV where the voyage or port call touches the EEA):
 * port, time, cargo, ROB and fuel consumed per fuel type, distance from the ship's log. Idempotent: a
 * record's id is derived from its event, ids already stored (crew-edited ones included) are never
 * touched, events the crew filled themselves (same kind and time) are skipped, and events before the
 * last run's watermark are not filled again (a record the crew deleted stays deleted). Saves the
 * simulator's Supramax as the ship's basic info when none is stored.
 */
export async function prefillFillingRecords(deps: PrefillDeps): Promise<PrefillResult> {
  let shipCreated = false;
  if ((await deps.ships.getShip()).ship === null) {
    await deps.ships.saveShip(simulatorShip(), PREFILL_SOURCE);
    shipCreated = true;
  }
  const events = await deps.voyages.listEvents({ limit: 100_000 });
  const bunkerRows = deps.records ? await deps.records.listBunker({ limit: 1000 }) : [];
  const bunkerInfo = new Map(bunkerRows.map((b) => [`${b.startTime}|${b.fuelType}`, b]));
  const drafts = eventsToRecords(events, (time, fuel) => bunkerInfo.get(`${time}|${fuel}`));

  const until = await deps.voyages.getState(PREFILL_STATE_KEY);
  const stored = await deps.filling.storedEventKeys();
  const fresh = drafts.filter(
    (d) =>
      (!until || d.eventTime > until) &&
      !stored.has(`${d.record.kind}|${new Date(d.eventTime).toISOString()}`),
  );
  const created = await deps.filling.insertMissing(
    fresh.map((d) => ({ id: d.id, record: d.record as Record<string, unknown> })),
    PREFILL_SOURCE,
  );
  const last = drafts.at(-1)?.eventTime;
  if (last && (!until || last > until)) await deps.voyages.setState(PREFILL_STATE_KEY, last);
  return { created, skipped: drafts.length - created, shipCreated };
}

export interface DraftRecord {
  id: string;
  eventTime: string;
  record: FillingRecordInput;
}

type BunkerLookup = (
  time: string,
  fuel: Fuel,
) => { sulphurPct?: number | null; bdnNumber?: string | null } | undefined;

/** The pure part: voyage events (time order) → filling records. Exported for tests. */
export function eventsToRecords(events: readonly VoyageEvent[], bunkerInfo: BunkerLookup): DraftRecord[] {
  const out: DraftRecord[] = [];
  const lastRob = new Map<Fuel, number>();
  const bunkered = new Map<Fuel, number>();
  let lastDepartureLog: number | undefined;
  let driftStartLog: number | undefined;
  // Where the ship is: in a port call (after an arrival) or at sea between two ports.
  let portCall: string | null = null;
  let fromPort: string | null = null;
  const sorted = [...events].sort((a, b) => a.time.localeCompare(b.time) || a.id - b.id);

  const nextArrivalPort = (i: number): string | null => {
    for (let j = i + 1; j < sorted.length; j++) if (sorted[j]!.type === 'arrival') return sorted[j]!.port;
    return null;
  };
  const eea = (locode: string | null) => portOf(locode)?.inEea ?? false;

  sorted.forEach((ev, i) => {
    if (ev.type === 'departure') {
      fromPort = ev.port;
      portCall = null;
    }
    let inMrv: boolean;
    if (ev.type === 'arrival') inMrv = eea(ev.port) || eea(fromPort);
    else if (ev.type === 'departure') inMrv = eea(ev.port) || eea(nextArrivalPort(i));
    else if (portCall !== null) inMrv = eea(portCall);
    else inMrv = eea(fromPort) || eea(nextArrivalPort(i));
    if (ev.type === 'arrival') portCall = ev.port;
    const regimes: Regime[] = inMrv ? ['eu_mrv', 'imo_dcs'] : ['imo_dcs'];
    const voyageNumber = ev.voyageNumber === null ? null : String(ev.voyageNumber);
    // Ids sort in event order (the checks order records of the same time by insertion, then id).
    const sameTime = sorted.slice(0, i).filter((e) => e.time === ev.time).length;
    const id = `sim-${ev.time}-${sameTime}-${ev.type}`;
    const logNm = num(ev.data.logNm);

    if (ev.type === 'bunkering') {
      const bunkers = BUNKER_FIELDS.flatMap(([field, fuelType]) => {
        const q = num(ev.data[field]);
        if (!q || q <= 0) return [];
        bunkered.set(fuelType, (bunkered.get(fuelType) ?? 0) + q);
        const info = bunkerInfo(ev.time, fuelType);
        return [
          {
            fuelType,
            quantityT: q,
            sulphurPct: info?.sulphurPct ?? null,
            isoGrade: fuelType === 'ls_hfo' ? 'RMG 380' : 'DMA',
            bdnNumber: info?.bdnNumber ?? null,
          },
        ];
      });
      if (bunkers.length > 0 && voyageNumber) {
        out.push({
          id,
          eventTime: ev.time,
          record: {
            kind: 'bunkering',
            voyageNumber,
            regimes,
            eventTime: ev.time,
            portNameEn: portOf(ev.port)?.nameEn ?? null,
            bunkers,
          },
        });
      }
      return;
    }
    if (
      !['departure', 'arrival', 'anchorage_start', 'anchorage_end', 'drift_start', 'drift_end'].includes(
        ev.type,
      )
    )
      return;

    // Fuel table: ROB at the event and consumed since the previous reading (previous ROB + bunkered − ROB).
    const fuel = ROB_FIELDS.flatMap(([field, fuelType]) => {
      const robT = num(ev.data[field]);
      if (robT === undefined) return [];
      const prev = lastRob.get(fuelType);
      const consumed = prev === undefined ? undefined : r1(prev + (bunkered.get(fuelType) ?? 0) - robT);
      lastRob.set(fuelType, robT);
      bunkered.delete(fuelType);
      return [
        { fuelType, robT, ...(consumed !== undefined && consumed >= 0 ? { consumedT: consumed } : {}) },
      ];
    });
    const robTotal = fuel.reduce((a, f) => a + f.robT, 0);
    const load = loadFromDraft(num(ev.data.draftM), robTotal);
    const position =
      ev.latitude !== null && ev.longitude !== null
        ? { latitude: ev.latitude, longitude: ev.longitude }
        : null;
    const distance = logNm !== undefined ? r1(logNm - (lastDepartureLog ?? 0)) : undefined;
    if (ev.type === 'departure' && logNm !== undefined) lastDepartureLog = logNm;
    if (ev.type === 'drift_start') driftStartLog = logNm;
    if (!voyageNumber || fuel.length === 0) return;
    const common = { voyageNumber, regimes, eventTime: ev.time };
    const port = portOf(ev.port);
    let record: FillingRecordInput | null = null;
    switch (ev.type) {
      case 'departure':
        if (!port) return;
        record = {
          kind: 'departure',
          ...common,
          portNameEn: port.nameEn,
          portNameZh: port.nameZh,
          portInEea: port.inEea,
          cargoT: load.cargoT,
          ballastT: load.ballastT,
          fuel,
          ...(position ?? {}),
        };
        break;
      case 'arrival':
        if (!port || distance === undefined) return;
        record = {
          kind: 'arrival',
          ...common,
          portNameEn: port.nameEn,
          portNameZh: port.nameZh,
          portInEea: port.inEea,
          distanceNm: Math.max(0, distance),
          cargoT: load.cargoT,
          ballastT: load.ballastT,
          fuel,
          ...(position ?? {}),
        };
        break;
      case 'anchorage_start':
      case 'drift_start':
        if (!position) return;
        record = {
          kind: ev.type,
          ...common,
          ...position,
          cargoT: load.cargoT,
          ...(ev.type === 'anchorage_start' && typeof ev.data.purpose === 'string'
            ? { purpose: ev.data.purpose.slice(0, 32) }
            : {}),
          fuel,
        };
        break;
      case 'anchorage_end':
        if (!position) return;
        record = { kind: 'anchorage_end', ...common, ...position, cargoT: load.cargoT, fuel };
        break;
      case 'drift_end':
        if (!position) return;
        record = {
          kind: 'drift_end',
          ...common,
          ...position,
          cargoT: load.cargoT,
          ...(logNm !== undefined && driftStartLog !== undefined
            ? { distanceNm: r1(Math.max(0, logNm - driftStartLog)) }
            : {}),
          fuel,
        };
        break;
    }
    if (record) out.push({ id, eventTime: ev.time, record });
  });
  return out;
}
