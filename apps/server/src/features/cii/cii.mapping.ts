import type { FillingRecord } from '@ecohelm/contracts';
import type { FillingRecord as DomainRecord, PortRef } from '@ecohelm/domain';

type Data = Record<string, unknown>;

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

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
  const nameEn = typeof data.portNameEn === 'string' ? data.portNameEn.trim() : '';
  if (!nameEn) return undefined;
  return {
    nameEn,
    ...(typeof data.portNameZh === 'string' && data.portNameZh ? { nameZh: data.portNameZh } : {}),
    inEea: data.portInEea === true,
  };
}

function transfers(data: Data, key: 'bunkers' | 'barges') {
  if (!Array.isArray(data[key])) return [];
  return (data[key] as { fuelType?: unknown; quantityT?: unknown }[])
    .filter((r) => typeof r?.fuelType === 'string' && num(r.quantityT) !== undefined)
    .map((r) => ({ fuelId: r.fuelType as string, quantityT: r.quantityT as number }));
}

/** Same-time records in the order they happen: starts, then transfers, then ends. */
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
 * The crew's event records → the domain's reportable records (departure, end of anchorage, end of
 * drift), each covering its stay from the matching start (arrival, start of anchorage or drift): ROB
 * and cargo at the start, bunkering and barge-out since the previous reportable record, and the
 * passage distance of the arrivals since then. A stay without a start reading is taken as zero-length
 * at its end's ROB less what was bunkered, so its passage carries all the fuel.
 */
export function toCiiDomainRecords(records: readonly FillingRecord[]): DomainRecord[] {
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
  let bunkers: { fuelId: string; quantityT: number }[] = [];
  let bargeOuts: { fuelId: string; quantityT: number }[] = [];
  for (const r of sorted) {
    const time = r.eventTime as string;
    switch (r.kind) {
      case 'arrival':
        start = r;
        distanceNm += num(r.data.distanceNm) ?? 0;
        break;
      case 'anchorage_start':
      case 'drift_start':
        start = r;
        break;
      case 'bunkering':
        bunkers = [...bunkers, ...transfers(r.data, 'bunkers')];
        break;
      case 'barge_out':
        bargeOuts = [...bargeOuts, ...transfers(r.data, 'barges')];
        break;
      default: {
        const startKind = r.kind === 'departure' ? 'arrival' : r.kind.replace('_end', '_start');
        const from = start?.kind === startKind ? start : null;
        const robDepartureT = robOf(r.data);
        let robArrivalT = from ? robOf(from.data) : {};
        if (Object.keys(robArrivalT).length === 0) {
          robArrivalT = { ...robDepartureT };
          for (const b of bunkers)
            robArrivalT[b.fuelId] = Math.max(0, (robArrivalT[b.fuelId] ?? 0) - b.quantityT);
          for (const b of bargeOuts) robArrivalT[b.fuelId] = (robArrivalT[b.fuelId] ?? 0) + b.quantityT;
        }
        const port =
          r.kind === 'departure' ? (portOf(r.data) ?? (from ? portOf(from.data) : undefined)) : undefined;
        const arrivalCargoT = from ? num(from.data.cargoT) : undefined;
        const departureCargoT = num(r.data.cargoT);
        out.push({
          id: r.id,
          type: r.kind as DomainRecord['type'],
          voyageNumber: r.voyageNumber ?? '',
          ...(port ? { port } : {}),
          arrivalUtc: from?.eventTime ?? time,
          departureUtc: time,
          distanceNm,
          ...(arrivalCargoT !== undefined ? { arrivalCargoT } : {}),
          ...(departureCargoT !== undefined ? { departureCargoT } : {}),
          robArrivalT,
          robDepartureT,
          bunkers,
          bargeOuts,
          submitted: r.status === 'submitted',
        });
        start = null;
        distanceNm = 0;
        bunkers = [];
        bargeOuts = [];
      }
    }
  }
  return spreadPassageDistances(out);
}

/**
 * An arrival's distance covers the whole passage since the last departure; when an anchorage or drift
 * split that passage, the distance is shared over its legs by time under way, so that weekly and
 * monthly figures do not see a leg with fuel and no miles.
 */
function spreadPassageDistances(records: DomainRecord[]): DomainRecord[] {
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
