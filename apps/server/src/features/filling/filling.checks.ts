import {
  type CheckState,
  type FillingIssue,
  type FillingKind,
  fillingRecordInputSchema,
  type Ship,
  type StartInfo,
} from '@ecohelm/contracts';
import { DEFAULT_MAX_LEG_SPEED_KN, MAX_SPEED_FACTOR } from '@ecohelm/domain';

/** ROB arithmetic tolerance, tonnes: readings are soundings rounded to 0.1 t or better. */
export const ROB_TOLERANCE_T = 0.1;
/** Average speed over a passage above this multiple of the service speed is a warning... */
export const SPEED_WARNING_FACTOR = 1.2;
/** ...and above this multiple an error (the distance cannot be right): the plausibility rule entry and reports apply. */
export const SPEED_ERROR_FACTOR = MAX_SPEED_FACTOR;
/** Service speed assumed when the ship's basic info has none, knots: its error limit is the rule's 25 kn. */
export const DEFAULT_SERVICE_SPEED_KN = DEFAULT_MAX_LEG_SPEED_KN / MAX_SPEED_FACTOR;
/** A passage averaging under this speed is a warning (distance probably missing a digit), knots. */
export const SLOW_PASSAGE_KN = 1;
/** Drift faster than this is a warning (the ship was probably under way), knots. */
export const DRIFT_MAX_KN = 5;
/** Event times this far in the future are an error (clock or date typo), ms. */
export const FUTURE_SLACK_MS = 10 * 60 * 1000;

/** What the checks need of a stored record. */
export interface CheckInput {
  id: string;
  kind: FillingKind;
  eventTime: string | null;
  data: Record<string, unknown>;
  /** Insertion order, to order records with the same time. */
  seq: number;
}

export interface CheckResult {
  checkState: CheckState;
  issues: FillingIssue[];
  /** Fuel consumed since the previous reading, by fuel type (entered or derived from ROB). */
  consumedT: Record<string, number>;
}

interface FuelRow {
  fuelType: string;
  robT?: number | null;
  consumedT?: number | null;
}

const family: Partial<Record<FillingKind, { name: string; start: FillingKind; isStart: boolean }>> = {
  arrival: { name: 'port', start: 'arrival', isStart: true },
  departure: { name: 'port', start: 'arrival', isStart: false },
  anchorage_start: { name: 'anchorage', start: 'anchorage_start', isStart: true },
  anchorage_end: { name: 'anchorage', start: 'anchorage_start', isStart: false },
  drift_start: { name: 'drift', start: 'drift_start', isStart: true },
  drift_end: { name: 'drift', start: 'drift_start', isStart: false },
};

const round = (v: number) => Math.round(v * 1000) / 1000;
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function fuelRows(data: Record<string, unknown>): FuelRow[] {
  const rows = data.fuel;
  if (!Array.isArray(rows)) return [];
  return rows.filter(
    (r): r is FuelRow => typeof r === 'object' && r !== null && typeof (r as FuelRow).fuelType === 'string',
  );
}

function quantityRows(data: Record<string, unknown>, key: 'bunkers' | 'barges') {
  const rows = data[key];
  if (!Array.isArray(rows)) return [];
  return rows
    .map((r) => r as { fuelType?: unknown; quantityT?: unknown })
    .filter((r) => typeof r.fuelType === 'string' && num(r.quantityT) !== undefined)
    .map((r) => ({ fuelType: r.fuelType as string, quantityT: r.quantityT as number }));
}

/** A delivery from the bunker records (the BDNs entered under energy reports), for the filling checks. */
export interface BunkerDelivery {
  startTime: string;
  endTime: string;
  fuelType: string;
  quantityT: number;
}

/** A bunkering entry and the bunker records of the same fuel are the same delivery when within this of each other. */
export const BUNKER_MATCH_WINDOW_MS = 24 * 3_600_000;
/** Entered and recorded quantities agree within 1 % or 0.5 t. */
const bunkerAgrees = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.5, 0.01 * Math.max(a, b));

/**
 * A bunkering entry of the filling records checked against the bunker records (one source of truth for what was
 * delivered): a warning when no bunker record of that fuel lies within a day of it, or when they give another
 * quantity.
 */
function checkAgainstBunkerRecords(
  row: { fuelType: string; quantityT: number },
  index: number,
  at: number,
  deliveries: readonly BunkerDelivery[],
  add: (i: FillingIssue) => void,
) {
  const near = deliveries.filter(
    (d) =>
      d.fuelType === row.fuelType &&
      Date.parse(d.startTime) - BUNKER_MATCH_WINDOW_MS <= at &&
      at <= Date.parse(d.endTime) + BUNKER_MATCH_WINDOW_MS,
  );
  const path = `bunkers.${index}.quantityT`;
  if (near.length === 0) {
    add({
      severity: 'warning',
      code: 'bunker_record_missing',
      path,
      message: 'No bunker record of this fuel within a day of this bunkering',
      params: { fuelType: row.fuelType },
    });
    return;
  }
  const recorded = near.reduce((a, d) => a + d.quantityT, 0);
  if (!bunkerAgrees(recorded, row.quantityT)) {
    add({
      severity: 'warning',
      code: 'bunker_record_differs',
      path,
      message: `The bunker records give ${round(recorded)} t of this fuel, entered ${round(row.quantityT)} t`,
      params: { fuelType: row.fuelType, expected: round(recorded), actual: round(row.quantityT) },
    });
  }
}

/**
 * Runs every check over a ship's records in time order and returns each record's issues:
 * required fields (error), ROB arithmetic — a reading's ROB must equal the previous ROB
 * + bunkered − consumed − barged out (error) —, times in order and not in the future (error; a
 * start without its end is a warning), passage distance plausible for the time and the service
 * speed (error/warning), and fuel types the ship has (error) within its tank capacity (warning).
 */
export function checkRecords(
  records: readonly CheckInput[],
  ship: Ship | undefined,
  startInfo: readonly StartInfo[],
  now: Date,
  bunkerRecords?: readonly BunkerDelivery[],
): Map<string, CheckResult> {
  const out = new Map<string, CheckResult>();
  const issuesOf = (id: string) => {
    let r = out.get(id);
    if (!r) {
      r = { checkState: 'ok', issues: [], consumedT: {} };
      out.set(id, r);
    }
    return r;
  };
  const add = (id: string, issue: FillingIssue) => issuesOf(id).issues.push(issue);

  for (const rec of records) {
    issuesOf(rec.id);
    const parsed = fillingRecordInputSchema.safeParse({ ...rec.data, kind: rec.kind });
    if (!parsed.success) {
      for (const i of parsed.error.issues) {
        add(rec.id, {
          severity: 'error',
          code: 'required',
          path: i.path.map(String).join('.'),
          message: i.message,
        });
      }
    }
    if (rec.eventTime && Date.parse(rec.eventTime) > now.getTime() + FUTURE_SLACK_MS) {
      add(rec.id, {
        severity: 'error',
        code: 'time_future',
        path: 'eventTime',
        message: 'The time is in the future',
      });
    }
    if (ship) checkFuelTypes(rec, ship, (i) => add(rec.id, i));
  }

  // Start-info entries are readings of the opening stock; they seed the ROB chain.
  type Event = { at: number; seq: number; rec?: CheckInput; start?: StartInfo };
  const events: Event[] = [
    ...startInfo.map((s, i) => ({ at: Date.parse(s.startTime), seq: -1 - i, start: s })),
    ...records
      .filter((r) => r.eventTime && Number.isFinite(Date.parse(r.eventTime)))
      .map((r) => ({ at: Date.parse(r.eventTime as string), seq: r.seq, rec: r })),
  ].sort((a, b) => a.at - b.at || a.seq - b.seq);

  const lastRob = new Map<string, number>();
  const bunkered = new Map<string, number>();
  const bargedOut = new Map<string, number>();
  const lastInFamily = new Map<string, CheckInput>();
  let lastDeparture: CheckInput | undefined;
  const serviceSpeed = ship?.serviceSpeedKn ?? DEFAULT_SERVICE_SPEED_KN;

  for (const ev of events) {
    if (ev.start) {
      for (const r of ev.start.robs ?? []) {
        lastRob.set(r.fuelType, r.robT);
        bunkered.delete(r.fuelType);
        bargedOut.delete(r.fuelType);
      }
      continue;
    }
    const rec = ev.rec as CheckInput;
    const result = issuesOf(rec.id);

    if (rec.kind === 'bunkering') {
      quantityRows(rec.data, 'bunkers').forEach((r, index) => {
        bunkered.set(r.fuelType, (bunkered.get(r.fuelType) ?? 0) + r.quantityT);
        if (bunkerRecords) checkAgainstBunkerRecords(r, index, ev.at, bunkerRecords, (i) => add(rec.id, i));
      });
      continue;
    }
    if (rec.kind === 'barge_out') {
      for (const r of quantityRows(rec.data, 'barges')) {
        bargedOut.set(r.fuelType, (bargedOut.get(r.fuelType) ?? 0) + r.quantityT);
      }
      continue;
    }

    // Times in order: an end needs its start just before it in its family; two starts in a row are suspicious.
    const fam = family[rec.kind];
    if (fam) {
      const prev = lastInFamily.get(fam.name);
      if (!fam.isStart) {
        const first = prev === undefined && fam.name === 'port';
        if (!first && (prev?.kind !== fam.start || prev.eventTime === rec.eventTime)) {
          add(rec.id, {
            severity: 'error',
            code: 'time_order',
            path: 'eventTime',
            message: `The time must be after the matching ${fam.start.replace('_', ' ')}`,
            params: { expected: fam.start },
          });
        }
      } else if (prev?.kind === rec.kind) {
        add(rec.id, {
          severity: 'warning',
          code: 'time_order',
          path: 'eventTime',
          message: `The previous ${rec.kind.replace('_', ' ')} has no end`,
          params: { expected: rec.kind },
        });
      }
      lastInFamily.set(fam.name, rec);
    }

    if (rec.kind === 'arrival' && lastDeparture?.eventTime && rec.eventTime) {
      checkPassage(rec, lastDeparture.eventTime, serviceSpeed, (i) => add(rec.id, i));
    }
    if (rec.kind === 'departure') lastDeparture = rec;

    // ROB arithmetic per fuel type.
    fuelRows(rec.data).forEach((row, index) => {
      const rob = num(row.robT);
      if (rob === undefined) return;
      const consumed = num(row.consumedT);
      const prev = lastRob.get(row.fuelType);
      if (prev !== undefined) {
        const available = prev + (bunkered.get(row.fuelType) ?? 0) - (bargedOut.get(row.fuelType) ?? 0);
        if (consumed !== undefined) {
          const expected = available - consumed;
          if (Math.abs(expected - rob) > ROB_TOLERANCE_T) {
            add(rec.id, {
              severity: 'error',
              code: 'rob_mismatch',
              path: `fuel.${index}.robT`,
              message: `ROB should be ${round(expected)} (previous ROB + bunkered − consumed − barged out), entered ${rob}`,
              params: { fuelType: row.fuelType, expected: round(expected), actual: rob },
            });
          }
          result.consumedT[row.fuelType] = consumed;
        } else {
          const derived = available - rob;
          if (derived < -ROB_TOLERANCE_T) {
            add(rec.id, {
              severity: 'error',
              code: 'rob_increase',
              path: `fuel.${index}.robT`,
              message: `ROB rose by ${round(-derived)} without bunkering`,
              params: { fuelType: row.fuelType, delta: round(-derived) },
            });
          }
          result.consumedT[row.fuelType] = round(Math.max(derived, 0));
        }
      } else if (consumed !== undefined) {
        result.consumedT[row.fuelType] = consumed;
      }
      lastRob.set(row.fuelType, rob);
      bunkered.delete(row.fuelType);
      bargedOut.delete(row.fuelType);
    });
  }

  // Drift distance against drift duration.
  const byTime = events.filter((e) => e.rec).map((e) => e.rec as CheckInput);
  byTime.forEach((rec, i) => {
    if (rec.kind !== 'drift_end' || !rec.eventTime) return;
    const start = byTime
      .slice(0, i)
      .reverse()
      .find((r) => r.kind === 'drift_start' || r.kind === 'drift_end');
    const dist = num(rec.data.distanceNm);
    if (start?.kind !== 'drift_start' || !start.eventTime || dist === undefined) return;
    const hours = (Date.parse(rec.eventTime) - Date.parse(start.eventTime)) / 3_600_000;
    if (hours > 0 && dist / hours > DRIFT_MAX_KN) {
      add(rec.id, {
        severity: 'warning',
        code: 'distance_implausible',
        path: 'distanceNm',
        message: `Drift of ${dist} nm in ${round(hours)} h is faster than ${DRIFT_MAX_KN} kn`,
        params: { distanceNm: dist, hours: round(hours), speedKn: round(dist / hours) },
      });
    }
  });

  for (const r of out.values()) {
    r.checkState = r.issues.some((i) => i.severity === 'error')
      ? 'error'
      : r.issues.length > 0
        ? 'warning'
        : 'ok';
  }
  return out;
}

function checkFuelTypes(rec: CheckInput, ship: Ship, add: (i: FillingIssue) => void) {
  const capacity = new Map(ship.fuelTypes.map((f) => [f.fuelType as string, f.maxCapacityT]));
  const lists: [string, { fuelType: string; robT?: number | null }[]][] = [
    ['fuel', fuelRows(rec.data)],
    ['bunkers', quantityRows(rec.data, 'bunkers')],
    ['barges', quantityRows(rec.data, 'barges')],
  ];
  for (const [key, rows] of lists) {
    rows.forEach((row, index) => {
      const max = capacity.get(row.fuelType);
      if (max === undefined) {
        add({
          severity: 'error',
          code: 'fuel_not_on_ship',
          path: `${key}.${index}.fuelType`,
          message: 'The ship does not use this fuel type',
          params: { fuelType: row.fuelType },
        });
      } else if (num(row.robT) !== undefined && (row.robT as number) > max + ROB_TOLERANCE_T) {
        add({
          severity: 'warning',
          code: 'over_capacity',
          path: `${key}.${index}.robT`,
          message: `ROB exceeds the maximum capacity of ${max}`,
          params: { fuelType: row.fuelType, maxCapacityT: max },
        });
      }
    });
  }
}

function checkPassage(
  arrival: CheckInput,
  departureTime: string,
  serviceSpeedKn: number,
  add: (i: FillingIssue) => void,
) {
  const dist = num(arrival.data.distanceNm);
  const hours = (Date.parse(arrival.eventTime as string) - Date.parse(departureTime)) / 3_600_000;
  if (dist === undefined || hours <= 0) return;
  const speed = dist / hours;
  const params = { distanceNm: dist, hours: round(hours), speedKn: round(speed), serviceSpeedKn };
  if (speed > serviceSpeedKn * SPEED_ERROR_FACTOR) {
    add({
      severity: 'error',
      code: 'distance_implausible',
      path: 'distanceNm',
      message: `${dist} nm in ${round(hours)} h needs ${round(speed)} kn, impossible at a service speed of ${serviceSpeedKn} kn`,
      params,
    });
  } else if (speed > serviceSpeedKn * SPEED_WARNING_FACTOR) {
    add({
      severity: 'warning',
      code: 'distance_implausible',
      path: 'distanceNm',
      message: `${dist} nm in ${round(hours)} h needs ${round(speed)} kn, above the service speed of ${serviceSpeedKn} kn`,
      params,
    });
  } else if (speed < SLOW_PASSAGE_KN) {
    add({
      severity: 'warning',
      code: 'distance_slow',
      path: 'distanceNm',
      message: `${dist} nm in ${round(hours)} h is under ${SLOW_PASSAGE_KN} kn`,
      params,
    });
  }
}
