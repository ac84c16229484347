/**
 * The crew's filling records as packages/domain records: the one mapping that CII statistics and the
 * EU MRV / IMO DCS reports share, so their figures cannot drift apart.
 */
import type { FillingRecord, Ship } from '@ecohelm/contracts';
import {
  type aggregatePeriod,
  type FillingRecord as DomainRecord,
  dcsReport,
  type EngineInfo,
  type PortRef,
} from '@ecohelm/domain';

type Data = Record<string, unknown>;

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;

/** Fuel rows of a stored record as ROB per fuel type, tonnes. */
function robOf(data: Data): Record<string, number> {
  const out: Record<string, number> = {};
  if (!Array.isArray(data.fuel)) return out;
  for (const row of data.fuel as { fuelType?: unknown; robT?: unknown }[]) {
    const t = num(row?.robT);
    if (typeof row?.fuelType === 'string' && t !== undefined) out[row.fuelType] = t;
  }
  return out;
}

function portOf(data: Data): PortRef | undefined {
  const nameEn = str(data.portNameEn);
  if (!nameEn) return undefined;
  const nameZh = str(data.portNameZh);
  return { nameEn, ...(nameZh ? { nameZh } : {}), inEea: data.portInEea === true };
}

function transfers(data: Data, key: 'bunkers' | 'barges', atUtc: string) {
  if (!Array.isArray(data[key])) return [];
  return (
    data[key] as { fuelType?: unknown; quantityT?: unknown; sulphurPct?: unknown; bdnNumber?: unknown }[]
  )
    .filter((r) => typeof r?.fuelType === 'string' && num(r.quantityT) !== undefined)
    .map((r) => ({
      fuelId: r.fuelType as string,
      quantityT: r.quantityT as number,
      atUtc,
      ...(num(r.sulphurPct) !== undefined ? { sulphurPercent: r.sulphurPct as number } : {}),
      ...(str(r.bdnNumber) ? { bdnNumber: str(r.bdnNumber) as string } : {}),
    }));
}

/** ROB at the start of a stay with no reading: the end ROB less what was bunkered, plus what was barged out. */
function unmeasuredStart(
  end: Record<string, number>,
  bunkers: readonly { fuelId: string; quantityT: number }[],
  bargeOuts: readonly { fuelId: string; quantityT: number }[],
): Record<string, number> {
  const rob = { ...end };
  for (const b of bunkers) rob[b.fuelId] = Math.max(0, (rob[b.fuelId] ?? 0) - b.quantityT);
  for (const b of bargeOuts) rob[b.fuelId] = (rob[b.fuelId] ?? 0) + b.quantityT;
  return rob;
}

/** Same-time events in the order they happen: an arrival before a bunkering before a departure. */
const KIND_ORDER: Record<string, number> = {
  arrival: 0,
  anchorage_start: 0,
  drift_start: 0,
  bunkering: 1,
  barge_out: 1,
  departure: 2,
  anchorage_end: 2,
  drift_end: 2,
};

/**
 * Turns the crew's event records (arrival, departure, anchorage and drift start/end, bunkering,
 * barge-out) into the domain's reportable records (one per departure, end of anchorage and end of
 * drift), each covering its stay from the matching start event:
 * - a departure takes its port call's arrival (time, ROB, cargo) and the passage distance of that
 *   arrival; an anchorage or drift end takes its start's time and ROB;
 * - a start without fuel readings puts the whole consumption on the passage (no stay fuel);
 * - bunkering and barge-out records belong to the next reportable record's stay;
 * - distances of arrivals since the last reportable record add up on the next one.
 */
export function toDomainRecords(records: readonly FillingRecord[]): DomainRecord[] {
  const sorted = records
    .filter((r) => r.eventTime !== null)
    .map((r, i) => ({ r, i }))
    .sort(
      (a, b) =>
        (a.r.eventTime as string).localeCompare(b.r.eventTime as string) ||
        (KIND_ORDER[a.r.kind] ?? 1) - (KIND_ORDER[b.r.kind] ?? 1) ||
        a.i - b.i,
    )
    .map(({ r }) => r);
  const out: DomainRecord[] = [];
  let start: FillingRecord | null = null;
  let distanceNm = 0;
  let bunkers: ReturnType<typeof transfers> = [];
  let bargeOuts: ReturnType<typeof transfers> = [];
  for (const r of sorted) {
    const data = r.data;
    const time = r.eventTime as string;
    switch (r.kind) {
      case 'arrival':
        start = r;
        distanceNm += num(data.distanceNm) ?? 0;
        break;
      case 'anchorage_start':
      case 'drift_start':
        start = r;
        break;
      case 'bunkering':
        bunkers = [...bunkers, ...transfers(data, 'bunkers', time)];
        break;
      case 'barge_out':
        bargeOuts = [...bargeOuts, ...transfers(data, 'barges', time)];
        break;
      case 'departure':
      case 'anchorage_end':
      case 'drift_end': {
        const startKind = r.kind === 'departure' ? 'arrival' : r.kind.replace('_end', '_start');
        const from = start && start.kind === startKind ? start : null;
        const robDepartureT = robOf(data);
        const fromRob = from ? robOf(from.data) : {};
        const port =
          r.kind === 'departure' ? (portOf(data) ?? (from ? portOf(from.data) : undefined)) : undefined;
        const shorePowerKwh = num(data.shorePowerKwh);
        const arrivalCargoT = from ? num(from.data.cargoT) : undefined;
        const departureCargoT = num(data.cargoT);
        out.push({
          id: r.id,
          type: r.kind,
          // The leg ending here belongs to the voyage of its arrival (the departure opens the next one).
          voyageNumber: from?.voyageNumber ?? r.voyageNumber ?? '',
          ...(port ? { port } : {}),
          arrivalUtc: from?.eventTime ?? time,
          departureUtc: time,
          distanceNm,
          ...(arrivalCargoT !== undefined ? { arrivalCargoT } : {}),
          ...(departureCargoT !== undefined ? { departureCargoT } : {}),
          robArrivalT:
            Object.keys(fromRob).length > 0 ? fromRob : unmeasuredStart(robDepartureT, bunkers, bargeOuts),
          robDepartureT,
          bunkers,
          bargeOuts,
          ...(shorePowerKwh !== undefined ? { shorePowerKwh } : {}),
          submitted: r.status === 'submitted',
        });
        start = null;
        distanceNm = 0;
        bunkers = [];
        bargeOuts = [];
        break;
      }
    }
  }
  return out;
}

/**
 * An arrival's distance covers the whole passage since the last departure; when an anchorage or drift
 * split that passage, the distance is shared over its legs by time under way, so that weekly and
 * monthly figures do not see a leg with fuel and no miles.
 */
export function spreadPassageDistances(records: DomainRecord[]): DomainRecord[] {
  const out: { -readonly [K in keyof DomainRecord]: DomainRecord[K] }[] = records.map((r) => ({ ...r }));
  const ms = (t: string | undefined) => (t ? Date.parse(t) : Number.NaN);
  for (let i = 1; i < out.length; i++) {
    const total = out[i]!.distanceNm;
    if (!(total > 0)) continue;
    let k = i - 1;
    while (k > 0 && out[k]!.type !== 'departure') k--;
    if (k === i - 1) continue;
    const hours = [];
    for (let m = k + 1; m <= i; m++) {
      hours.push(Math.max(0, ms(out[m]!.arrivalUtc) - ms(out[m - 1]!.departureUtc)));
    }
    const sum = hours.reduce((a, b) => a + b, 0);
    if (!(sum > 0)) continue;
    for (let m = k + 1; m <= i; m++) out[m]!.distanceNm = (total * hours[m - k - 1]!) / sum;
  }
  return out;
}

/** Engines of DCS Appendix IX from the ship particulars: the main engine and each auxiliary engine. */
function enginesOf(ship: Ship): EngineInfo[] {
  const engines: EngineInfo[] = [];
  if (ship.mainEnginePowerKw) engines.push({ kind: 'main', ratedPowerKw: ship.mainEnginePowerKw });
  const aux = ship.auxEnginePowerKw;
  if (aux)
    for (let i = 0; i < (ship.auxEngineCount ?? 1); i++)
      engines.push({ kind: 'auxiliary', ratedPowerKw: aux });
  return engines;
}

/** The IMO DCS data set of a year from the ship particulars and the year's totals (one mapping for every page). */
export function dcsReportOf(
  ship: Ship,
  year: number,
  totals: ReturnType<typeof aggregatePeriod>,
): ReturnType<typeof dcsReport> {
  return dcsReport({
    ship: {
      imoNumber: ship.imoNumber,
      shipType: ship.shipType,
      grossTonnage: ship.grossTonnage ?? 0,
      netTonnage: ship.netTonnage ?? 0,
      deadweightT: ship.deadweightT,
      engines: enginesOf(ship),
      attainedEedi: ship.attainedEedi ?? null,
      attainedEexi: ship.attainedEexi ?? null,
      iceClass: ship.iceClass ?? null,
    },
    year,
    totals,
    method:
      ship.consumptionMethod === 'other' ? (ship.consumptionMethodOther ?? 'other') : ship.consumptionMethod,
  });
}
