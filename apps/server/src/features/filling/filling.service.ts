import { randomUUID } from 'node:crypto';
import {
  type FillingCheckResponse,
  type FillingConflictReason,
  type FillingFilter,
  type FillingKind,
  type FillingListResponse,
  type FillingRecord,
  fillingDraftInputSchema,
  fillingMessages,
  fillingRecordInputSchema,
  type Regime,
  type Ship,
} from '@ecohelm/contracts';
import { REPORTABLE_RECORD_TYPES } from '@ecohelm/domain';
import type { FillingRecordsTable } from '../../db/schema.ts';
import { AppError, conflict, notFound, validationFailed } from '../../platform/errors.ts';
import { parseBody } from '../../platform/parse-body.ts';
import { refuseImpossible } from '../../platform/plausibility.ts';
import { type ActorLike, type AuditLog, actorName } from '../audit/index.ts';
import { OWN_SHIP_ID, type ShipService } from '../ship/index.ts';
import { type BunkerDelivery, type CheckInput, type CheckResult, checkRecords } from './filling.checks.ts';
import { entryRefusals } from './filling.plausibility.ts';
import type { FillingRepository } from './filling.repository.ts';

const conflictWith = (reason: FillingConflictReason, message: string) => conflict(message, { reason });

const startKindOf: Partial<Record<string, string>> = {
  departure: 'arrival',
  anchorage_end: 'anchorage_start',
  drift_end: 'drift_start',
};
const familyOf = (kind: string) => (kind === 'arrival' || kind === 'departure' ? 'port' : kind.split('_')[0]);
const isStayKind = (kind: string) => /^(arrival|departure|anchorage_|drift_)/.test(kind);

/** The start each submitted end stands on: its family's record just before it, when that is its start. */
function startsOfSubmittedEnds(rows: readonly FillingRecordsTable[]): Map<string, string | null> {
  const ordered = rows
    .map((r, seq) => ({ r, seq }))
    .filter(({ r }) => r.event_time && isStayKind(r.kind))
    .sort((a, b) => (a.r.event_time as string).localeCompare(b.r.event_time as string) || a.seq - b.seq)
    .map(({ r }) => r);
  const out = new Map<string, string | null>();
  ordered.forEach((r, i) => {
    if (r.status !== 'submitted' || !startKindOf[r.kind]) return;
    const before = ordered
      .slice(0, i)
      .reverse()
      .find((x) => familyOf(x.kind) === familyOf(r.kind));
    out.set(
      r.id,
      before &&
        before.kind === startKindOf[r.kind] &&
        (before.event_time as string) < (r.event_time as string)
        ? before.id
        : null,
    );
  });
  return out;
}

/**
 * 409 `record_required` when a change (delete or edit) leaves a submitted departure, end of anchorage or end of
 * drift without the start it had: the submitted record cannot be corrected any more, so the change is refused.
 */
function refuseOrphaning(
  before: readonly FillingRecordsTable[],
  after: readonly FillingRecordsTable[],
): void {
  const was = startsOfSubmittedEnds(before);
  const now = startsOfSubmittedEnds(after);
  for (const [id, start] of was) {
    if (start === null || now.get(id) === start) continue;
    throw recordRequired(before.find((r) => r.id === id) as FillingRecordsTable);
  }
}

/** The 409 naming the submitted record `d` that a change would leave wrong. */
function recordRequired(d: FillingRecordsTable) {
  const at = (d.event_time ?? '').slice(0, 16).replace('T', ' ');
  return conflict(
    `The submitted ${d.kind.replace('_', ' ')} of voyage ${d.voyage_number ?? '?'} at ${at} UTC needs this record.`,
    {
      reason: 'record_required' satisfies FillingConflictReason,
      dependent: { id: d.id, kind: d.kind, voyageNumber: d.voyage_number, eventTime: d.event_time },
    },
  );
}

export interface SaveInput {
  draft?: boolean | undefined;
  record: { kind: FillingKind; [k: string]: unknown };
}

export interface AggregationOptions {
  from: string;
  to: string;
  regime?: Regime;
  submittedOnly?: boolean;
}

/** The records of a period (and regime, and submitted only if asked) that DCS/MRV aggregation reads. */
export function forAggregationOf(
  records: readonly FillingRecord[],
  options: AggregationOptions,
): FillingRecord[] {
  return records.filter(
    (r) =>
      r.eventTime !== null &&
      r.eventTime >= options.from &&
      r.eventTime < options.to &&
      (!options.regime || r.regimes.includes(options.regime)) &&
      (!options.submittedOnly || r.status === 'submitted'),
  );
}

/** Voyage information filling: drafts, checks, report gating and the data DCS/MRV aggregation reads. */
export class FillingService {
  readonly #repo: FillingRepository;
  readonly #ships: ShipService;
  readonly #now: () => Date;
  readonly #bunkerRecords: (() => Promise<readonly BunkerDelivery[]>) | undefined;
  readonly #audit: AuditLog | undefined;

  constructor(
    repo: FillingRepository,
    ships: ShipService,
    now: () => Date = () => new Date(),
    bunkerRecords?: () => Promise<readonly BunkerDelivery[]>,
    audit?: AuditLog,
  ) {
    this.#repo = repo;
    this.#ships = ships;
    this.#now = now;
    this.#bunkerRecords = bunkerRecords;
    this.#audit = audit;
  }

  /** The list of one regime (or both) with the counts of each filter state. */
  async list(query: {
    regime?: Regime | undefined;
    filter: FillingFilter;
    year?: number | undefined;
  }): Promise<FillingListResponse> {
    let records = await this.#allChecked();
    if (query.regime) records = records.filter((r) => r.regimes.includes(query.regime as Regime));
    if (query.year !== undefined) {
      const y = String(query.year);
      records = records.filter((r) => r.eventTime === null || r.eventTime.startsWith(y));
    }
    const counts = {
      all: records.length,
      error: records.filter((r) => matches(r, 'error')).length,
      warning: records.filter((r) => matches(r, 'warning')).length,
      not_submitted: records.filter((r) => matches(r, 'not_submitted')).length,
      submitted: records.filter((r) => matches(r, 'submitted')).length,
    };
    const shown = records
      .filter((r) => matches(r, query.filter))
      .sort((a, b) => (b.eventTime ?? '9999').localeCompare(a.eventTime ?? '9999'));
    return { records: shown, counts };
  }

  /**
   * Records of a period with their consumption per fuel type, for IMO DCS / EU MRV aggregation.
   * `submittedOnly` keeps what the crew reported; consumption is entered or derived from ROB.
   */
  /** Every stored record with its checks. */
  checked(): Promise<FillingRecord[]> {
    return this.#allChecked();
  }

  async forAggregation(options: AggregationOptions): Promise<FillingRecord[]> {
    return forAggregationOf(await this.#allChecked(), options);
  }

  /** Dry run of a save: the issues the record would have, for the 'Abnormal info existed' prompt. */
  async check(input: SaveInput & { id?: string | undefined }): Promise<FillingCheckResponse> {
    const ship = await this.#requireShip();
    const data = this.#parse(input);
    const rows = await this.#repo.listAll(OWN_SHIP_ID);
    const id = input.id ?? '__candidate__';
    const candidate = this.#row(id, data, input.draft ? 'draft' : 'not_submitted', null);
    const others = rows.filter((r) => r.id !== id);
    await this.#refuseImpossible(candidate, rows, ship);
    const results = await this.#check([...others, candidate], ship);
    const r = results.get(id) as CheckResult;
    return { checkState: r.checkState, issues: r.issues };
  }

  async create(input: SaveInput, by: ActorLike): Promise<FillingRecord> {
    const ship = await this.#requireShip();
    const data = this.#parse(input);
    const row = this.#row(randomUUID(), data, input.draft ? 'draft' : 'not_submitted', actorName(by));
    const rows = await this.#repo.listAll(OWN_SHIP_ID);
    // A new record that leaves a submitted one in error is not refused: deleting it again undoes it.
    await this.#refuseImpossible(row, rows, ship);
    await this.#repo.insert(row);
    const after = await this.#one(row.id);
    await this.#audit?.record(by, {
      entity: 'filling',
      entityId: row.id,
      action: 'create',
      before: null,
      after,
    });
    return after;
  }

  /**
   * Inserts machine-made records (the simulator's voyages) under stable ids, as not submitted. An id
   * that is already stored — whatever the crew did to it since — is left alone. Returns how many were added.
   */
  async insertMissing(
    rows: readonly { id: string; record: Record<string, unknown> }[],
    source: string,
  ): Promise<number> {
    const existing = new Set((await this.#repo.listAll(OWN_SHIP_ID)).map((r) => r.id));
    const fresh = rows
      .filter((r) => !existing.has(r.id))
      .map(({ id, record }) => {
        const data = parseBody(fillingRecordInputSchema, record, 'record') as Record<string, unknown>;
        return { ...this.#row(id, data, 'not_submitted', null), source };
      });
    await this.#repo.insertMany(fresh);
    if (this.#audit && fresh.length > 0) {
      const byId = new Map((await this.#allChecked()).map((r) => [r.id, r]));
      await this.#audit.record(
        source,
        fresh.map((r) => ({
          entity: 'filling' as const,
          entityId: r.id,
          action: 'create' as const,
          before: null,
          after: byId.get(r.id) ?? null,
        })),
      );
    }
    return fresh.length;
  }

  /** `kind|eventTime` of every stored record, so a generator can skip events the crew already filled. */
  async storedEventKeys(): Promise<Set<string>> {
    const rows = await this.#repo.listAll(OWN_SHIP_ID);
    return new Set(rows.filter((r) => r.event_time).map((r) => `${r.kind}|${r.event_time}`));
  }

  async update(id: string, input: SaveInput, by: ActorLike): Promise<FillingRecord> {
    const ship = await this.#requireShip();
    const existing = await this.#existing(id);
    if (existing.status === 'submitted') {
      throw conflictWith('record_locked', 'A submitted record is locked.');
    }
    const data = this.#parse(input);
    const row = this.#row(id, data, input.draft ? 'draft' : 'not_submitted', actorName(by));
    const rows = await this.#repo.listAll(OWN_SHIP_ID);
    // Order among records of the same time is the order they were entered: the row keeps its place.
    const changed = rows.map((r) => (r.id === id ? { ...row, created_at: r.created_at } : r));
    await this.#refuseImpossible(row, rows, ship);
    refuseOrphaning(rows, changed);
    await this.#refuseBreakingSubmitted(rows, changed, ship);
    const before = await this.#one(id);
    const { id: _id, ship_id: _ship, created_at: _created, ...set } = row;
    await this.#repo.update(OWN_SHIP_ID, id, set);
    const after = await this.#one(id);
    await this.#audit?.record(by, { entity: 'filling', entityId: id, action: 'update', before, after });
    return after;
  }

  async delete(id: string, by?: ActorLike): Promise<void> {
    const existing = await this.#existing(id);
    if (existing.status === 'submitted') {
      throw conflictWith('record_locked', 'A submitted record is locked.');
    }
    const rows = await this.#repo.listAll(OWN_SHIP_ID);
    const remaining = rows.filter((r) => r.id !== id);
    refuseOrphaning(rows, remaining);
    await this.#refuseBreakingSubmitted(rows, remaining, (await this.#ships.getShip()).ship ?? undefined);
    const before = await this.#one(id);
    await this.#repo.delete(OWN_SHIP_ID, id);
    await this.#audit?.record(by, { entity: 'filling', entityId: id, action: 'delete', before, after: null });
  }

  /** Reports (submits) records: departure, end of anchorage and end of drift only, complete and error-free. */
  async report(
    ids: readonly string[],
    by: ActorLike,
  ): Promise<{ reported: number; records: FillingRecord[] }> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) {
      throw validationFailed(fillingMessages.selectData, [
        { path: 'body.ids', message: fillingMessages.selectData },
      ]);
    }
    const all = await this.#allChecked();
    const byId = new Map(all.map((r) => [r.id, r]));
    const selected = unique.map((id) => {
      const r = byId.get(id);
      if (!r) throw notFound(`No filling record ${id}.`);
      return r;
    });
    if (selected.some((r) => !(REPORTABLE_RECORD_TYPES as readonly string[]).includes(r.kind))) {
      throw validationFailed(fillingMessages.reportType, [
        { path: 'body.ids', message: fillingMessages.reportType },
      ]);
    }
    if (selected.some((r) => r.status === 'submitted')) {
      throw conflictWith('record_locked', 'A selected record is already submitted.');
    }
    if (selected.some((r) => r.status === 'draft')) {
      throw conflictWith('record_is_draft', 'A selected record is a draft; complete and save it first.');
    }
    if (selected.some((r) => r.checkState === 'error')) {
      throw conflictWith('record_has_errors', 'A selected record has errors; correct it first.');
    }
    await this.#repo.markSubmitted(OWN_SHIP_ID, unique, this.#now().toISOString(), actorName(by));
    const after = await this.#allChecked();
    const records = after.filter((r) => unique.includes(r.id));
    await this.#audit?.record(
      by,
      records.map((r) => ({
        entity: 'filling' as const,
        entityId: r.id,
        action: 'submit' as const,
        before: byId.get(r.id) ?? null,
        after: r,
      })),
    );
    return { reported: records.length, records };
  }

  /**
   * 409 `record_required` when a change turns a submitted record that checked without errors into one with errors
   * (a bunkering its ROB follows from, say): a submitted record is locked, so it could never be corrected.
   */
  async #refuseBreakingSubmitted(
    before: readonly FillingRecordsTable[],
    after: readonly FillingRecordsTable[],
    ship: Ship | undefined,
  ): Promise<void> {
    if (!after.some((r) => r.status === 'submitted')) return;
    const was = await this.#check([...before], ship);
    const now = await this.#check([...after], ship);
    for (const r of after) {
      if (r.status !== 'submitted') continue;
      if (was.get(r.id)?.checkState !== 'error' && now.get(r.id)?.checkState === 'error')
        throw recordRequired(r);
    }
  }

  /** 400 with the reason at the field when the record cannot be true (filling.plausibility.ts). */
  async #refuseImpossible(
    row: FillingRecordsTable,
    rows: readonly FillingRecordsTable[],
    ship: Ship,
  ): Promise<void> {
    const inputs = rows.map((r, seq) => toCheckInput(r, seq));
    const at = rows.findIndex((r) => r.id === row.id);
    const candidate = toCheckInput(row, at >= 0 ? at : rows.length);
    const others = inputs.filter((r) => r.id !== row.id);
    const startInfo = await this.#ships.listStartInfo();
    refuseImpossible(
      entryRefusals(candidate, others, ship, startInfo, this.#now(), { draft: row.status === 'draft' }),
      'body.record',
    );
  }

  async #requireShip(): Promise<Ship> {
    const ship = await this.#ships.completeShip();
    if (!ship) throw conflictWith('ship_incomplete', fillingMessages.fillShipFirst);
    return ship;
  }

  async #existing(id: string): Promise<FillingRecordsTable> {
    const row = await this.#repo.find(OWN_SHIP_ID, id);
    if (!row) throw notFound(`No filling record ${id}.`);
    return row;
  }

  /** A complete record is validated strictly (400 with the spec's prompts); a draft keeps what was entered. */
  #parse(input: SaveInput): Record<string, unknown> {
    if (input.draft) return parseBody(fillingDraftInputSchema, input.record, 'body.record');
    return parseBody(fillingRecordInputSchema, input.record, 'body.record') as Record<string, unknown>;
  }

  #row(
    id: string,
    data: Record<string, unknown>,
    status: 'draft' | 'not_submitted',
    by: string | null,
  ): FillingRecordsTable {
    const now = this.#now().toISOString();
    const t = typeof data.eventTime === 'string' ? Date.parse(data.eventTime) : Number.NaN;
    const eventTime = Number.isFinite(t) ? new Date(t).toISOString() : null;
    const regimes = Array.isArray(data.regimes) ? (data.regimes as string[]) : [];
    const stored = { ...data, ...(eventTime ? { eventTime } : {}) };
    return {
      id,
      ship_id: OWN_SHIP_ID,
      kind: data.kind as string,
      status,
      event_time: eventTime,
      voyage_number: typeof data.voyageNumber === 'string' ? data.voyageNumber : null,
      in_mrv: regimes.includes('eu_mrv') ? 1 : 0,
      in_dcs: regimes.includes('imo_dcs') ? 1 : 0,
      data: JSON.stringify(stored),
      source: 'crew',
      created_at: now,
      updated_at: now,
      submitted_at: null,
      updated_by: by,
    };
  }

  async #check(rows: FillingRecordsTable[], ship: Ship | undefined): Promise<Map<string, CheckResult>> {
    const startInfo = await this.#ships.listStartInfo();
    const deliveries = this.#bunkerRecords ? await this.#bunkerRecords() : undefined;
    return checkRows(rows, ship, startInfo, this.#now(), deliveries);
  }

  async #allChecked(): Promise<FillingRecord[]> {
    const rows = await this.#repo.listAll(OWN_SHIP_ID);
    const ship = (await this.#ships.getShip()).ship ?? undefined;
    const results = await this.#check(rows, ship);
    return rows.map((r) => toRecord(r, results.get(r.id)));
  }

  async #one(id: string): Promise<FillingRecord> {
    const r = (await this.#allChecked()).find((x) => x.id === id);
    if (!r) throw new AppError('internal', 500, 'The saved record could not be read back.');
    return r;
  }
}

function matches(r: FillingRecord, filter: FillingFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'error':
      return r.checkState === 'error';
    case 'warning':
      return r.checkState === 'warning';
    case 'not_submitted':
      return r.status !== 'submitted';
    case 'submitted':
      return r.status === 'submitted';
  }
}

function toCheckInput(r: FillingRecordsTable, seq: number): CheckInput {
  return {
    id: r.id,
    kind: r.kind as FillingKind,
    eventTime: r.event_time,
    data: JSON.parse(r.data) as Record<string, unknown>,
    seq,
  };
}

function checkRows(
  rows: readonly FillingRecordsTable[],
  ship: Ship | undefined,
  startInfo: Parameters<typeof checkRecords>[2],
  now: Date,
  deliveries: readonly BunkerDelivery[] | undefined,
): Map<string, CheckResult> {
  const inputs: CheckInput[] = rows.map((r, seq) => ({
    id: r.id,
    kind: r.kind as FillingKind,
    eventTime: r.event_time,
    data: JSON.parse(r.data) as Record<string, unknown>,
    seq,
  }));
  return checkRecords(inputs, ship, startInfo, now, deliveries);
}

/**
 * Stored filling rows as the API gives them, each with its checks: what the console's list shows and what
 * CII and the reports aggregate. The shore calls it on a ship's synced rows, so both judge a record alike.
 */
export function checkedRecords(
  rows: readonly FillingRecordsTable[],
  ship: Ship | undefined,
  startInfo: Parameters<typeof checkRecords>[2],
  now: Date,
  deliveries: readonly BunkerDelivery[] | undefined,
): FillingRecord[] {
  const results = checkRows(rows, ship, startInfo, now, deliveries);
  return rows.map((r) => toRecord(r, results.get(r.id)));
}

function toRecord(row: FillingRecordsTable, check: CheckResult | undefined): FillingRecord {
  const regimes: Regime[] = [];
  if (row.in_mrv) regimes.push('eu_mrv');
  if (row.in_dcs) regimes.push('imo_dcs');
  return {
    id: row.id,
    kind: row.kind as FillingKind,
    status: row.status,
    eventTime: row.event_time,
    voyageNumber: row.voyage_number,
    regimes,
    data: JSON.parse(row.data) as Record<string, unknown>,
    checkState: check?.checkState ?? 'ok',
    issues: check?.issues ?? [],
    consumedT: check?.consumedT ?? {},
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    submittedAt: row.submitted_at,
  };
}
