import { DomainInputError, requireNonNegative, toEpochMs } from '../errors.ts';
import type { FuelTransfer } from '../fuels/consumption.ts';
import { resolveImoFuelId } from '../fuels/factors.ts';

/** The events of a passage: leaving and reaching port, stopping at anchor or adrift and going on (SPEC §3). */
export type PassageEventKind =
  | 'departure'
  | 'arrival'
  | 'anchorage_start'
  | 'anchorage_end'
  | 'drift_start'
  | 'drift_end';

/** Types of voyage information-filling records (SPEC §3, §4). */
export type FillingRecordType = PassageEventKind | 'noon' | 'bunkering' | 'other';

/** SPEC §4: only departure from port, end of anchorage and end of drift may be reported. */
export const REPORTABLE_RECORD_TYPES: readonly FillingRecordType[] = [
  'departure',
  'anchorage_end',
  'drift_end',
];

/** A port with its EEA membership (EU MRV / ETS / FuelEU scope). */
export interface PortRef {
  readonly nameEn: string;
  readonly nameZh?: string;
  readonly locode?: string;
  /** Port under the jurisdiction of an EEA Member State. */
  readonly inEea: boolean;
}

/**
 * One information-filling record (SPEC §3). A `departure` record covers a port call (arrival to
 * departure); `anchorage_end` and `drift_end` cover a stop at sea. ROB = fuel remaining on board.
 */
export interface FillingRecord {
  readonly id: string;
  readonly type: FillingRecordType;
  readonly voyageNumber: string;
  readonly port?: PortRef;
  /** Port call: loading/unloading cargo or passengers (MRV "port of call"); default true for departures. */
  readonly isPortOfCall?: boolean;
  /** Arrival at port, or start of anchorage / drift (UTC). */
  readonly arrivalUtc?: string;
  /** Departure from port, or end of anchorage / drift (UTC). */
  readonly departureUtc?: string;
  /** Sea distance from the previous reportable record to this one, nm. */
  readonly distanceNm: number;
  /** Hours under way on that sea passage; default: previous departure to this arrival. */
  readonly hoursUnderway?: number;
  readonly arrivalCargoT?: number;
  readonly departureCargoT?: number;
  readonly robArrivalT: Readonly<Record<string, number>>;
  readonly robDepartureT: Readonly<Record<string, number>>;
  readonly bunkers?: readonly (FuelTransfer & {
    sulphurPercent?: number;
    bdnNumber?: string;
    atUtc?: string;
  })[];
  readonly bargeOuts?: readonly (FuelTransfer & { atUtc?: string })[];
  readonly shorePowerKwh?: number;
  readonly submitted?: boolean;
}

/** Why a record cannot be reported. */
export type RejectionCode = 'not_reportable_type' | 'already_submitted' | 'missing_field' | 'invalid_field';

/** A rejected record and the reason. */
export interface RecordRejection {
  readonly id: string;
  readonly code: RejectionCode;
  readonly field?: string;
  /** English explanation; the UI shows its own translation of `code`. */
  readonly reason: string;
}

/**
 * Splits records into those that may be reported and those that may not, with the reason
 * (SPEC §4 and §8: "Only data types such as departure, end of anchorage, and end of drift can be
 * reported"; required fields of SPEC §5).
 */
export function checkReportable(
  records: readonly FillingRecord[],
  options: { allowResubmit?: boolean } = {},
): { reportable: FillingRecord[]; rejected: RecordRejection[] } {
  const reportable: FillingRecord[] = [];
  const rejected: RecordRejection[] = [];
  for (const r of records) {
    if (!REPORTABLE_RECORD_TYPES.includes(r.type)) {
      rejected.push({
        id: r.id,
        code: 'not_reportable_type',
        reason: `record type '${r.type}' cannot be reported: only departure, end of anchorage and end of drift can be reported`,
      });
      continue;
    }
    if (r.submitted && !options.allowResubmit) {
      rejected.push({ id: r.id, code: 'already_submitted', reason: 'record was already submitted' });
      continue;
    }
    const problem = recordProblem(r);
    if (problem) rejected.push({ id: r.id, ...problem });
    else reportable.push(r);
  }
  return { reportable, rejected };
}

function recordProblem(r: FillingRecord): Omit<RecordRejection, 'id'> | null {
  const missing = (field: string): Omit<RecordRejection, 'id'> => ({
    code: 'missing_field',
    field,
    reason: `${field} is required for a ${r.type} record`,
  });
  if (!r.departureUtc) return missing('departureUtc');
  if (r.type === 'departure' && !r.port) return missing('port');
  if (Object.keys(r.robDepartureT).length === 0) return missing('robDepartureT');
  try {
    toEpochMs(r.departureUtc, 'departureUtc');
    if (r.arrivalUtc) {
      if (toEpochMs(r.arrivalUtc, 'arrivalUtc') > toEpochMs(r.departureUtc, 'departureUtc')) {
        return { code: 'invalid_field', field: 'departureUtc', reason: 'departure is before arrival' };
      }
    }
    requireNonNegative(r.distanceNm, 'distanceNm');
    for (const [f, t] of Object.entries({ ...r.robArrivalT, ...r.robDepartureT })) {
      resolveImoFuelId(f, `rob.${f}`);
      requireNonNegative(t, `rob.${f}`);
    }
  } catch (e) {
    if (e instanceof DomainInputError) return { code: 'invalid_field', field: e.field, reason: e.message };
    throw e;
  }
  return null;
}
