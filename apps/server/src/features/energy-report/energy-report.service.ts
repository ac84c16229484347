import type { EnergyReportQuery, EnergyReportResponse, EnergyReportRow } from '@ecohelm/contracts';
import {
  type Consumer,
  consumers,
  DAY_MS,
  type FuelKind,
  forEachMeteredHour,
  fuelKindOf,
  fuelKinds,
  fuelMeters,
} from '@ecohelm/domain';
import { type LedgerService, voyageFuelT } from '../ledger/index.ts';
import type { RecordsService } from '../records/index.ts';
import type { TelemetryService } from '../telemetry/index.ts';

/** How far back the main engine's fuel is looked up for the mix the generators burn. */
const MIX_LOOKBACK = 14 * DAY_MS;
const ROB = (k: FuelKind) => `tanks.fuel.${k}.currentMass`;

type ByKind = Record<FuelKind, number>;
const byKind = (): ByKind => ({ hfo: 0, lfo: 0, mgo: 0 });
const byConsumer = (): Record<Consumer, number> =>
  Object.fromEntries(consumers.map((c) => [c, 0])) as Record<Consumer, number>;

interface Period {
  label: string;
  from: number;
  to: number;
  distanceNm: number | null;
  /** A voyage's fuel by product fuel type from the voyage ledger (the records), which then stands for the meters'. */
  ledgerFuelT?: Record<string, number>;
}

/**
 * The fuel oil report: per ship day or ship month, the fuel burnt by kind and by consumer (hourly meter means); per
 * voyage, the voyage ledger's voyages with their fuel by kind from the records (the figure CII and the reports show)
 * and the meters' split by consumer; the fuel bunkered (bunker deliveries, shared by time between the periods they span) and the tanks' remaining on board at its end.
 */
export class EnergyReportService {
  readonly #telemetry: TelemetryService;
  readonly #records: RecordsService;
  readonly #ledger: LedgerService;
  readonly #offsetMs: number;
  readonly #now: () => number;

  constructor(
    deps: { telemetry: TelemetryService; records: RecordsService; ledger: LedgerService },
    options: { shipTimeOffsetMinutes: number; now?: () => number },
  ) {
    this.#telemetry = deps.telemetry;
    this.#records = deps.records;
    this.#ledger = deps.ledger;
    this.#offsetMs = options.shipTimeOffsetMinutes * 60_000;
    this.#now = options.now ?? Date.now;
  }

  async report(query: EnergyReportQuery): Promise<EnergyReportResponse> {
    const periods = await this.#periods(query);
    const from = Math.min(...periods.map((p) => p.from));
    const to = Math.max(...periods.map((p) => p.to));
    const rows = periods.map<EnergyReportRow>((p) => ({
      label: p.label,
      from: iso(p.from),
      to: iso(p.to),
      consumedT: byKind(),
      byConsumerT: byConsumer(),
      bunkeredT: byKind(),
      robT: { hfo: null, lfo: null, mgo: null },
      distanceNm: p.distanceNm,
    }));
    const rowAt = (t: number) => {
      for (let i = 0; i < periods.length; i++)
        if (t >= periods[i]!.from && t < periods[i]!.to) return rows[i];
      return undefined;
    };
    const meters = await Promise.all(
      fuelMeters.map((m) =>
        this.#telemetry.rollupMeans('1h', m.channel, from - (m.kind ? MIX_LOOKBACK : 0), to),
      ),
    );
    forEachMeteredHour(fuelMeters, meters, (t, consumer, kind, kg) => {
      const row = rowAt(t);
      if (!row) return;
      row.byConsumerT[consumer] += kg / 1000;
      row.consumedT[kind] += kg / 1000;
    });
    periods.forEach((p, i) => {
      if (!p.ledgerFuelT) return;
      const consumed = byKind();
      for (const [fuel, t] of Object.entries(p.ledgerFuelT)) {
        const kind = fuelKindOf(fuel);
        if (kind) consumed[kind] += t;
      }
      rows[i]!.consumedT = consumed;
    });
    const bunkers = await this.#records.listBunker({
      from: iso(from - 30 * DAY_MS),
      to: iso(to),
      limit: 5000,
    });
    // A delivery counts in each period for the share of its time that falls in it (deliveries run over midnight).
    for (const b of bunkers) {
      const kind = fuelKindOf(b.fuelType);
      if (!kind) continue;
      const start = Date.parse(b.startTime);
      const end = Math.max(start + 1, Date.parse(b.endTime));
      periods.forEach((p, i) => {
        const overlap = Math.min(end, p.to) - Math.max(start, p.from);
        if (overlap > 0) rows[i]!.bunkeredT[kind] += (b.quantityT * overlap) / (end - start);
      });
    }
    for (const kind of fuelKinds) {
      const hours = await this.#telemetry.rollups('1h', ROB(kind), from - DAY_MS, to);
      periods.forEach((p, i) => {
        const last = hours.filter((h) => h.t * 1000 < p.to).at(-1);
        rows[i]!.robT[kind] = last && last.t * 1000 >= p.to - DAY_MS ? last.last / 1000 : null;
      });
    }
    const total = { consumedT: byKind(), byConsumerT: byConsumer(), bunkeredT: byKind() };
    for (const r of rows) {
      for (const k of fuelKinds) {
        total.consumedT[k] += r.consumedT[k];
        total.bunkeredT[k] += r.bunkeredT[k];
      }
      for (const c of consumers) total.byConsumerT[c] += r.byConsumerT[c];
    }
    return { period: query.period, from: iso(from), to: iso(to), rows, total };
  }

  /** The periods of the report, oldest first. */
  async #periods(query: EnergyReportQuery): Promise<Period[]> {
    const now = this.#now();
    const off = this.#offsetMs;
    // Ship time as UTC fields: a ship day starts at 00:00 ship time.
    const shipDay = (t: number) => Math.floor((t + off) / DAY_MS) * DAY_MS - off;
    const to = query.to ? Date.parse(query.to) : shipDay(now) + DAY_MS;
    if (query.period === 'voyage') {
      const from = query.from ? Date.parse(query.from) : Number.NEGATIVE_INFINITY;
      const ledger = await this.#ledger.ledger();
      const voyages = ledger.voyages
        .map((v) => ({
          label: v.voyageNumber,
          from: v.startMs,
          to: Math.max(v.endMs, v.startMs + 1),
          distanceNm: ledger.legs
            .filter((l) => l.voyageNumber === v.voyageNumber)
            .reduce((a, l) => a + l.distanceNm, 0),
          ledgerFuelT: voyageFuelT(ledger, v.voyageNumber),
        }))
        .filter((v) => v.to > from && v.from < to)
        .sort((a, b) => a.from - b.from);
      return query.from ? voyages : voyages.slice(-12);
    }
    if (query.period === 'month') {
      const start = query.from ? Date.parse(query.from) : shipMonthStart(to - 1, off, -11);
      const out: Period[] = [];
      for (let t = shipMonthStart(start, off, 0); t < to; t = shipMonthStart(t, off, 1)) {
        out.push({
          label: iso(t + off).slice(0, 7),
          from: t,
          to: shipMonthStart(t, off, 1),
          distanceNm: null,
        });
      }
      return out;
    }
    const from = query.from ? shipDay(Date.parse(query.from)) : to - 30 * DAY_MS;
    const out: Period[] = [];
    for (let t = from; t < to; t += DAY_MS)
      out.push({ label: iso(t + off).slice(0, 10), from: t, to: t + DAY_MS, distanceNm: null });
    return out;
  }
}

/** The start (UTC ms) of the ship month holding `t`, moved by `months`. */
function shipMonthStart(t: number, offsetMs: number, months: number): number {
  const d = new Date(t + offsetMs);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1) - offsetMs;
}

const iso = (t: number) => new Date(t).toISOString();
