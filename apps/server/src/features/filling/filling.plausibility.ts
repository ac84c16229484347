import type { FillingKind, Ship, StartInfo } from '@ecohelm/contracts';
import { legIssues, robIssues, robToleranceT, stayIssues } from '@ecohelm/domain';
import { capacityRefusals, dateRefusals, type EntryRefusal } from '../../platform/plausibility.ts';
import type { CheckInput } from './filling.checks.ts';

/** The start each end belongs to (a port call ends with the departure; anchorage and drift with their ends). */
const startOf: Partial<Record<FillingKind, FillingKind>> = {
  departure: 'arrival',
  anchorage_end: 'anchorage_start',
  drift_end: 'drift_start',
};
const endOf: Partial<Record<FillingKind, FillingKind>> = {
  arrival: 'departure',
  anchorage_start: 'anchorage_end',
  drift_start: 'drift_end',
};
const familyOf = (kind: FillingKind) =>
  kind === 'arrival' || kind === 'departure'
    ? 'port'
    : kind.startsWith('anchorage')
      ? 'anchorage'
      : kind.startsWith('drift')
        ? 'drift'
        : undefined;

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const timeOf = (r: CheckInput) => (r.eventTime ? Date.parse(r.eventTime) : Number.NaN);
const f1 = (v: number) => (Math.round(v * 10) / 10).toFixed(1);

function rows(data: Record<string, unknown>, key: string): Record<string, unknown>[] {
  const v = data[key];
  return Array.isArray(v)
    ? v.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null)
    : [];
}

/** Records in time order, same times in the order they were entered. */
const inTimeOrder = (records: readonly CheckInput[]) =>
  records.filter((r) => Number.isFinite(timeOf(r))).sort((a, b) => timeOf(a) - timeOf(b) || a.seq - b.seq);

/**
 * What makes a filling record impossible, refused at entry (docs/regulations.md, "Plausibility at entry"): a date
 * before the ship's build date or more than a day ahead, a ROB or quantity above the tank capacity, a stay that
 * ends when it starts, a passage too fast for the ship (or > 24 h under way for < 1 nm), a ROB that does not follow
 * from the last ROB + bunkered − barged out − consumed. `others` are the ship's other records; the candidate is
 * judged against what lies before it. A draft (`options.draft`) is held to the rules of its own fields only (dates,
 * capacity): the rules between records apply when it is saved complete. Paths are inside the record.
 */
export function entryRefusals(
  candidate: CheckInput,
  others: readonly CheckInput[],
  ship: Ship | undefined,
  startInfo: readonly StartInfo[],
  now: Date,
  options: { draft?: boolean } = {},
): EntryRefusal[] {
  const out: EntryRefusal[] = [];
  const data = candidate.data;
  out.push(...dateRefusals('eventTime', candidate.eventTime, { buildDate: ship?.buildDate, now }));
  for (const [key, field] of [
    ['fuel', 'robT'],
    ['bunkers', 'quantityT'],
    ['barges', 'quantityT'],
  ] as const) {
    rows(data, key).forEach((row, i) => {
      if (typeof row.fuelType !== 'string') return;
      out.push(...capacityRefusals(`${key}.${i}.${field}`, num(row[field]), row.fuelType, ship?.fuelTypes));
    });
  }
  const at = timeOf(candidate);
  if (options.draft || !Number.isFinite(at)) return out;
  const ordered = inTimeOrder([...others, candidate]);
  const index = ordered.indexOf(candidate);
  const family = familyOf(candidate.kind);

  // A stay of no length: an end at the time of its start, or a start at the time of its end.
  if (family) {
    const sameFamily = ordered.filter((r) => familyOf(r.kind) === family);
    const k = sameFamily.indexOf(candidate);
    const neighbour = startOf[candidate.kind] ? sameFamily[k - 1] : sameFamily[k + 1];
    const partner = startOf[candidate.kind] ?? endOf[candidate.kind];
    if (neighbour && partner && neighbour.kind === partner) {
      const [startMs, endMs] = startOf[candidate.kind] ? [timeOf(neighbour), at] : [at, timeOf(neighbour)];
      if (stayIssues({ startMs, endMs }).length > 0) {
        out.push({
          path: 'eventTime',
          code: 'stay_zero_length',
          figures: candidate.eventTime?.slice(0, 16).replace('T', ' ') ?? '',
        });
      }
    }
  }

  // A passage: distance against the time under way since the departure (anchorages and drifts on the way excluded).
  const distanceNm = num(data.distanceNm);
  if (candidate.kind === 'arrival' && distanceNm !== undefined) {
    const before = ordered.slice(0, index);
    const lastPort = [...before].reverse().find((r) => familyOf(r.kind) === 'port');
    if (lastPort?.kind === 'departure') {
      const departedMs = timeOf(lastPort);
      let stoppedMs = 0;
      let stopStart: number | undefined;
      for (const r of before.slice(before.indexOf(lastPort) + 1)) {
        if (r.kind === 'anchorage_start' || r.kind === 'drift_start') stopStart = timeOf(r);
        else if ((r.kind === 'anchorage_end' || r.kind === 'drift_end') && stopStart !== undefined) {
          stoppedMs += timeOf(r) - stopStart;
          stopStart = undefined;
        }
      }
      const hoursUnderway = Math.max(0, at - departedMs - stoppedMs) / 3_600_000;
      for (const issue of legIssues({ distanceNm, hoursUnderway }, ship?.serviceSpeedKn)) {
        const figures =
          issue.code === 'leg_too_fast'
            ? `${f1(distanceNm)} nm / ${f1(hoursUnderway)} h = ${f1(distanceNm / hoursUnderway)} kn`
            : `${f1(distanceNm)} nm, ${f1(hoursUnderway)} h`;
        out.push({ path: 'distanceNm', code: issue.code, figures });
      }
    }
  }

  // ROB chain: the previous reading of each fuel (a start-info entry or a record), plus bunkered, less barged out.
  const fuel = rows(data, 'fuel');
  if (fuel.length > 0) {
    const previous = new Map<string, number>();
    const delivered = new Map<string, number>();
    const events = [
      ...startInfo.map((s) => ({ at: Date.parse(s.startTime), seq: Number.NEGATIVE_INFINITY, start: s })),
      ...ordered.slice(0, index).map((r) => ({ at: timeOf(r), seq: r.seq, rec: r })),
    ].sort((a, b) => a.at - b.at || a.seq - b.seq);
    for (const ev of events) {
      if ('start' in ev && ev.start) {
        for (const r of ev.start.robs ?? []) {
          previous.set(r.fuelType, r.robT);
          delivered.delete(r.fuelType);
        }
        continue;
      }
      const rec = (ev as { rec: CheckInput }).rec;
      for (const [key, sign] of [
        ['bunkers', 1],
        ['barges', -1],
      ] as const) {
        for (const r of rows(rec.data, key)) {
          const q = num(r.quantityT);
          if (typeof r.fuelType === 'string' && q !== undefined)
            delivered.set(r.fuelType, (delivered.get(r.fuelType) ?? 0) + sign * q);
        }
      }
      for (const r of rows(rec.data, 'fuel')) {
        const rob = num(r.robT);
        if (typeof r.fuelType !== 'string' || rob === undefined) continue;
        previous.set(r.fuelType, rob);
        delivered.delete(r.fuelType);
      }
    }
    fuel.forEach((row, i) => {
      const robT = num(row.robT);
      const prev = typeof row.fuelType === 'string' ? previous.get(row.fuelType) : undefined;
      if (robT === undefined || prev === undefined) return;
      const bunkeredT = delivered.get(row.fuelType as string) ?? 0;
      const consumedT = num(row.consumedT);
      const expected = prev + bunkeredT - (consumedT ?? 0);
      const wrong =
        consumedT !== undefined
          ? robIssues({ previousRobT: prev, bunkeredT, consumedT, robT }).length > 0
          : robT > expected + robToleranceT(prev);
      if (wrong) {
        out.push({
          path: `fuel.${i}.robT`,
          code: 'rob_mismatch',
          figures: `${f1(robT)} t ≠ ${f1(prev)} t + ${f1(bunkeredT)} t − ${f1(consumedT ?? 0)} t ± ${f1(robToleranceT(prev))} t`,
        });
      }
    });
  }
  return out;
}
