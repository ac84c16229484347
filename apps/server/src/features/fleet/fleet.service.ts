import {
  type Alarm,
  type FillingRecord,
  FLEET_STALE_AFTER_HOURS,
  type FleetCii,
  type FleetIssue,
  type FleetOverviewResponse,
  type FleetShipDetail,
  type FleetShipRow,
  fleetMessages,
  type ReportResponse,
  type Ship,
  type StartInfo,
} from '@ecohelm/contracts';
import { HOUR_MS } from '@ecohelm/domain';
import type { FillingRecordsTable } from '../../db/schema.ts';
import type { AlarmRow } from '../../db/tables/alarms.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { fromRow, toAlarm } from '../alarms/index.ts';
import { ciiShipOf, figureOf, voyageRowsOf, voyagesOf, yearEndOf, yearOf } from '../cii/index.ts';
import { checkedRecords } from '../filling/index.ts';
import { toBunkerRecord } from '../records/index.ts';
import { reportOf } from '../reports/index.ts';
import { shipResponseOf, toStartInfo } from '../ship/index.ts';
import type { SyncService } from '../sync/index.ts';
import type { FleetRepository, SyncedRow } from './fleet.repository.ts';

/** One ship as the shore holds it, turned back into what the ship's own features read. */
export interface ShipState {
  shipId: string;
  name: string | null;
  lastContactAt: string | null;
  /** The particulars when complete (CII and the reports need them), else undefined. */
  complete: Ship | undefined;
  particulars: Ship | null;
  /** Every filling record with the same checks the ship's console shows. */
  records: FillingRecord[];
  alarms: Alarm[];
}

/** The figures of one ship and year, or why there are none. */
export interface ShipFigures {
  cii: FleetCii | null;
  mrv: ReportResponse | null;
  dcs: ReportResponse | null;
  issue: FleetIssue | null;
}

type Row = Record<string, unknown>;

/**
 * The fleet pages on a shore server: every ship's figures from its synced records and particulars, computed by the
 * same functions the ship's own CII statistics and reports use (so a ship and its shore cannot disagree).
 */
export class FleetService {
  readonly #repo: FleetRepository;
  readonly #sync: SyncService;
  readonly #now: () => number;

  constructor(options: { repo: FleetRepository; sync: SyncService; now?: () => number }) {
    this.#repo = options.repo;
    this.#sync = options.sync;
    this.#now = options.now ?? Date.now;
  }

  async overview(year?: number): Promise<FleetOverviewResponse> {
    this.#requireShore();
    const now = this.#now();
    const y = year ?? yearOf(now);
    const [ships, rows, positions] = await Promise.all([
      this.#repo.ships(),
      this.#repo.records(),
      this.#repo.positions(),
    ]);
    const byShip = groupBy(rows, (r) => r.ship_id);
    return {
      year: y,
      generatedAt: new Date(now).toISOString(),
      staleAfterHours: FLEET_STALE_AFTER_HOURS,
      ships: ships.map((s) => {
        const state = stateOf(s, byShip.get(s.ship_id) ?? [], now);
        return rowOf(state, figuresOf(state, y, now), positions.get(s.ship_id) ?? null, now);
      }),
    };
  }

  async ship(shipId: string, year?: number): Promise<FleetShipDetail> {
    this.#requireShore();
    const s = await this.#repo.ship(shipId);
    if (!s) throw notFound(fleetMessages.unknownShip);
    const now = this.#now();
    const y = year ?? yearOf(now);
    const [rows, positions, reviews] = await Promise.all([
      this.#repo.records(shipId),
      this.#repo.positions(shipId),
      this.#sync.reviews(shipId),
    ]);
    const state = stateOf(s, rows, now);
    const figures = figuresOf(state, y, now);
    const decided = new Map(reviews.map((r) => [r.recordId, r]));
    let cii: FleetShipDetail['cii'] = null;
    try {
      const { cii: ciiShip } = ciiShipOf(state.complete);
      const voyages = voyagesOf(state.records, state.complete);
      const range = { from: Date.UTC(y, 0, 1), to: Date.UTC(y + 1, 0, 1) };
      cii = {
        summary: figureOf(voyages, ciiShip, range, undefined, y),
        voyages: voyageRowsOf(voyages, ciiShip, range, y),
      };
    } catch (e) {
      issueOf(e); // the row says why; anything else is an error
    }
    return {
      row: rowOf(state, figures, positions.get(shipId) ?? null, now),
      particulars: state.particulars,
      cii,
      records: state.records
        .map((r) => ({ ...r, review: decided.get(r.id) ?? null }))
        .sort((a, b) => (b.eventTime ?? '9999').localeCompare(a.eventTime ?? '9999')),
      alarms: state.alarms,
    };
  }

  /** Every ship's EU MRV and IMO DCS report of `year` (the fleet report's rows). */
  async reports(year: number): Promise<{ state: ShipState; figures: ShipFigures }[]> {
    this.#requireShore();
    const now = this.#now();
    const [ships, rows] = await Promise.all([this.#repo.ships(), this.#repo.records()]);
    const byShip = groupBy(rows, (r) => r.ship_id);
    return ships.map((s) => {
      const state = stateOf(s, byShip.get(s.ship_id) ?? [], now);
      return { state, figures: figuresOf(state, year, now) };
    });
  }

  #requireShore(): void {
    if (this.#sync.role !== 'shore') throw conflict(fleetMessages.notShore, { reason: 'not_shore' });
  }
}

function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** A ship's synced rows as its own features' mappings read them (the rows travel whole, see sync.sources.ts). */
export function stateOf(
  s: { ship_id: string; name: string | null; last_contact_at: string | null },
  rows: readonly SyncedRow[],
  now: number,
): ShipState {
  const of = (stream: string) =>
    rows.filter((r) => r.stream === stream).map((r) => JSON.parse(r.data) as Row);
  const shipRow = of('ship')[0];
  const response = shipRow
    ? shipResponseOf(shipRow as { data: string; updated_at: string })
    : { ship: null, complete: false };
  const startInfo: StartInfo[] = of('ship_start_info').map((r) =>
    toStartInfo(r as Parameters<typeof toStartInfo>[0]),
  );
  const deliveries = of('bunker').map((r) =>
    toBunkerRecord(r as unknown as Parameters<typeof toBunkerRecord>[0]),
  );
  const filling = of('filling') as unknown as FillingRecordsTable[];
  const records = checkedRecords(filling, response.ship ?? undefined, startInfo, new Date(now), deliveries);
  const alarms = (of('alarm') as unknown as AlarmRow[])
    .filter((a) => a.state !== 'cleared')
    .map((a) => toAlarm(fromRow(a), false))
    .sort((a, b) => b.raisedAt.localeCompare(a.raisedAt));
  return {
    shipId: s.ship_id,
    name: s.name ?? response.ship?.nameEn ?? null,
    lastContactAt: s.last_contact_at,
    complete: response.complete && response.ship ? response.ship : undefined,
    particulars: response.ship,
    records,
    alarms,
  };
}

/** The reason of a 409 the ship's own features answer (particulars incomplete, records that do not add up). */
function issueOf(e: unknown): FleetIssue {
  if (e instanceof AppError && e.statusCode === 409) {
    const reason = (e.details as { reason?: unknown } | undefined)?.reason;
    if (reason === 'records_inconsistent') return 'records_inconsistent';
    if (reason === 'ship_incomplete') return 'ship_incomplete';
  }
  throw e;
}

/**
 * CII of the year from the ship's voyage ledger (its synced records): the CII statistics' annual figure and, for this
 * year, the year-end projection the ship's overview shows. And the year's EU MRV (with EU ETS and FuelEU) and IMO DCS
 * reports. Each the ship's own computation.
 */
export function figuresOf(state: ShipState, year: number, now: number): ShipFigures {
  const out: ShipFigures = { cii: null, mrv: null, dcs: null, issue: null };
  const thisYear = year === yearOf(now);
  try {
    const { cii } = ciiShipOf(state.complete);
    const voyages = voyagesOf(state.records, state.complete);
    const range = { from: Date.UTC(year, 0, 1), to: Date.UTC(year + 1, 0, 1) };
    const f = figureOf(voyages, cii, range, undefined, year);
    const projected =
      thisYear && f.attainedCii !== null
        ? yearEndOf(voyages, cii, now, [{ distanceNm: 0, fuelT: 0, endMs: now }]).outcomes[0]
        : undefined;
    const past = year < yearOf(now);
    out.cii = {
      year: f.year,
      source: 'records',
      attainedCii: f.attainedCii,
      requiredCii: f.requiredCii,
      rating: f.rating,
      projectedCii: projected?.attainedCii ?? (past ? f.attainedCii : null),
      projectedRating: projected?.rating ?? (past ? f.rating : null),
    };
  } catch (e) {
    out.issue = issueOf(e);
  }
  try {
    const query = { year, submittedOnly: false };
    out.mrv = reportOf(state.complete, state.records, { ...query, regime: 'eu_mrv' }, new Date(now));
    out.dcs = reportOf(state.complete, state.records, { ...query, regime: 'imo_dcs' }, new Date(now));
  } catch (e) {
    out.issue ??= issueOf(e);
  }
  return out;
}

function rowOf(
  state: ShipState,
  figures: ShipFigures,
  position: FleetShipRow['position'],
  now: number,
): FleetShipRow {
  const contact = state.lastContactAt ? Date.parse(state.lastContactAt) : Number.NaN;
  const hours = Number.isFinite(contact) ? Math.max(0, (now - contact) / HOUR_MS) : null;
  return {
    shipId: state.shipId,
    name: state.name,
    nameZh: state.particulars?.nameZh ?? null,
    imoNumber: state.particulars?.imoNumber ?? state.shipId,
    lastContactAt: state.lastContactAt,
    hoursSinceContact: hours,
    stale: hours === null || hours > FLEET_STALE_AFTER_HOURS,
    position,
    cii: figures.cii,
    etsAllowances: figures.mrv?.ets?.allowances ?? null,
    fuelEu: figures.mrv?.fuelEu ?? null,
    activeAlarms: state.alarms.length,
    issue: figures.issue,
  };
}
