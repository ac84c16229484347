/**
 * The voyage ledger of a ship: the crew's filling records turned once into passages, port calls and stops at sea
 * (packages/domain `buildLedger`). The EU MRV and IMO DCS reports, CII statistics, report and simulator, the energy
 * report's voyages, ETS, FuelEU, the overview and the fleet page all read it, so one ship-year has one set of figures.
 */
import { createHash } from 'node:crypto';
import type { FillingRecord, Ship } from '@ecohelm/contracts';
import { buildLedger, type Ledger, type LedgerEvent, type PortRef } from '@ecohelm/domain';

type Data = Record<string, unknown>;

/** The rule sets each regime's figures are computed with (docs/regulations.md), shown with every result. */
export const RULE_SETS = {
  imo_dcs: 'imo-dcs:MARPOL-VI/27+MEPC.278(70)+MEPC.385(81)',
  eu_mrv: 'eu-mrv:2015/757+2016/2072+2023/957',
  cii: 'cii:MEPC.352(78)+MEPC.353(78)+MEPC.354(78)+MEPC.338(76)+MEPC.400(83)',
  ets: 'eu-ets:2003/87+2023/959',
  fueleu: 'fueleu:2023/1805',
} as const;

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

function transfersOf(data: Data, kind: string): { fuelId: string; quantityT: number }[] {
  const key = kind === 'barge_out' ? 'barges' : 'bunkers';
  if (!Array.isArray(data[key])) return [];
  const sign = kind === 'barge_out' ? -1 : 1;
  return (data[key] as { fuelType?: unknown; quantityT?: unknown }[])
    .filter((r) => typeof r?.fuelType === 'string' && num(r.quantityT) !== undefined)
    .map((r) => ({ fuelId: r.fuelType as string, quantityT: sign * (r.quantityT as number) }));
}

/** The records the ledger is built from: saved (not drafts) and free of errors (every filling kind is an event of it). */
export function ledgerRecordsOf(
  records: readonly FillingRecord[],
  options: { submittedOnly?: boolean } = {},
): FillingRecord[] {
  return records.filter(
    (r) =>
      r.eventTime !== null &&
      r.status !== 'draft' &&
      r.checkState !== 'error' &&
      (!options.submittedOnly || r.status === 'submitted'),
  );
}

/** A stored record as a ledger event. */
export function ledgerEventOf(r: FillingRecord): LedgerEvent {
  const data = r.data;
  const port = portOf(data);
  const cargoT = num(data.cargoT);
  const distanceNm = num(data.distanceNm);
  const shorePowerKwh = num(data.shorePowerKwh);
  return {
    id: r.id,
    kind: r.kind,
    voyageNumber: r.voyageNumber ?? '',
    atMs: Date.parse(r.eventTime ?? ''),
    ...(port ? { port } : {}),
    ...(typeof data.isPortOfCall === 'boolean' ? { isPortOfCall: data.isPortOfCall } : {}),
    robT: robOf(data),
    ...(r.kind === 'arrival' && distanceNm !== undefined ? { distanceNm } : {}),
    ...(cargoT !== undefined ? { cargoT } : {}),
    transfers: transfersOf(data, r.kind),
    ...(shorePowerKwh !== undefined ? { shorePowerKwh } : {}),
  };
}

const CACHE_SIZE = 16;
const cache = new Map<string, Ledger>();

/**
 * The ledger of a ship's records (every record given; drafts and records in error are left out), kept until a
 * record or the ship's service speed changes: the key is a digest of what the ledger reads.
 */
export function ledgerOf(
  ship: Pick<Ship, 'serviceSpeedKn'> | undefined,
  records: readonly FillingRecord[],
  options: { submittedOnly?: boolean } = {},
): Ledger {
  const used = ledgerRecordsOf(records, options);
  const serviceSpeedKn = ship?.serviceSpeedKn ?? null;
  const hash = createHash('sha1').update(String(serviceSpeedKn));
  for (const r of used) hash.update(`${r.id}|${r.updatedAt}|${r.status}|${r.eventTime}|${r.voyageNumber}\n`);
  const key = hash.digest('base64');
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const ledger = buildLedger(used.map(ledgerEventOf), { serviceSpeedKn });
  cache.set(key, ledger);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return ledger;
}

/** Fuel burnt per fuel type on one voyage: its passages, its stops at sea and the port calls it arrived for. */
export function voyageFuelT(ledger: Ledger, voyageNumber: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of [...ledger.legs, ...ledger.stays]) {
    if (part.voyageNumber !== voyageNumber) continue;
    for (const [f, t] of Object.entries(part.fuelT)) out[f] = (out[f] ?? 0) + t;
  }
  return out;
}

/** The ship's own ledger: its particulars and its filling records as they are now. */
export class LedgerService {
  readonly #records: () => Promise<readonly FillingRecord[]>;
  readonly #ship: () => Promise<Ship | undefined>;

  constructor(deps: {
    records: () => Promise<readonly FillingRecord[]>;
    ship: () => Promise<Ship | undefined>;
  }) {
    this.#records = deps.records;
    this.#ship = deps.ship;
  }

  async ledger(options: { submittedOnly?: boolean } = {}): Promise<Ledger> {
    const [ship, records] = await Promise.all([this.#ship(), this.#records()]);
    return ledgerOf(ship, records, options);
  }
}
