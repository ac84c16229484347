import type { ConsumptionPeriod, ConsumptionQuery, ConsumptionResponse } from '@ecohelm/contracts';
import {
  CHANNEL,
  type ConsumptionDistribution,
  type ConsumptionHour,
  consumers,
  DAY_MS,
  distributeConsumption,
  forEachMeteredHour,
  fuelClassOfKind,
  fuelMeters,
  HOUR_MS,
  modeTimeline,
  msToKnots,
  operatingModes,
} from '@ecohelm/domain';
import type { TelemetryService } from '../telemetry/index.ts';
import type { VoyageService } from '../voyages/index.ts';

const STW = CHANNEL.stw;
/** How far before a range the voyage events are read for the state at its start. */
const EVENT_LOOKBACK = 120 * DAY_MS;

/** How far back the main engine's fuel is looked up for the mix the generators and boilers burn. */
const MIX_LOOKBACK = 14 * DAY_MS;

/**
 * Consumption distribution: the stored hourly fuel of every meter, by consumer and by the operating mode the voyage
 * events and the speed give, for a range and the range of the same length before it.
 */
export class ConsumptionService {
  readonly #telemetry: TelemetryService;
  readonly #voyages: VoyageService;
  readonly #now: () => number;

  constructor(telemetry: TelemetryService, voyages: VoyageService, now: () => number = Date.now) {
    this.#telemetry = telemetry;
    this.#voyages = voyages;
    this.#now = now;
  }

  async report(query: ConsumptionQuery): Promise<ConsumptionResponse> {
    const to = query.to ? floorHour(Date.parse(query.to)) : Math.ceil(this.#now() / HOUR_MS) * HOUR_MS;
    const from = query.from ? floorHour(Date.parse(query.from)) : to - 30 * DAY_MS;
    const span = to - from;
    const events = await this.#voyages.listEvents({
      from: new Date(from - span - EVENT_LOOKBACK).toISOString(),
      to: new Date(to).toISOString(),
      type: ['departure', 'arrival', 'anchorage_start', 'anchorage_end', 'drift_start', 'drift_end'],
      limit: 5000,
    });
    const modes = events.map((e) => ({ t: Date.parse(e.time), type: e.type }));
    const [current, previous] = await Promise.all([
      this.#period(from, to, modes),
      this.#period(from - span, from, modes),
    ]);
    return { current, previous };
  }

  /** Fuel, CO2 and energy of [from, to) by consumer, mode and fuel class (hours of stored data). */
  async distribution(from: number, to: number): Promise<ConsumptionDistribution> {
    const events = await this.#voyages.listEvents({
      from: new Date(from - EVENT_LOOKBACK).toISOString(),
      to: new Date(to).toISOString(),
      type: ['departure', 'arrival', 'anchorage_start', 'anchorage_end', 'drift_start', 'drift_end'],
      limit: 5000,
    });
    return this.#distribution(
      from,
      to,
      events.map((e) => ({ t: Date.parse(e.time), type: e.type })),
    );
  }

  async #period(from: number, to: number, events: { t: number; type: string }[]): Promise<ConsumptionPeriod> {
    const d = await this.#distribution(from, to, events);
    return {
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      hours: d.hours,
      total: d.total,
      byConsumer: consumers.map((consumer) => ({ consumer, ...d.byConsumer[consumer] })),
      byMode: operatingModes.map((mode) => ({ mode, ...d.byMode[mode] })),
      matrix: consumers.flatMap((consumer) =>
        operatingModes.map((mode) => ({ consumer, mode, fuelT: d.matrix[consumer][mode] })),
      ),
    };
  }

  async #distribution(
    from: number,
    to: number,
    events: { t: number; type: string }[],
  ): Promise<ConsumptionDistribution> {
    const [speed, ...meters] = await Promise.all([
      this.#telemetry.rollupMeans('1h', STW, from, to),
      ...fuelMeters.map((m) =>
        this.#telemetry.rollupMeans('1h', m.channel, from - (m.kind ? MIX_LOOKBACK : 0), to),
      ),
    ]);
    const hours = new Map<number, ConsumptionHour & { fuel: ConsumptionHour['fuel'][number][] }>();
    const hour = (t: number) => {
      let h = hours.get(t);
      if (!h) {
        h = { t, stwKn: undefined, fuel: [] };
        hours.set(t, h);
      }
      return h;
    };
    forEachMeteredHour(fuelMeters, meters, (t, consumer, kind, kg) => {
      if (t >= from) hour(t).fuel.push({ consumer, kg, fuelClass: fuelClassOfKind[kind] });
    });
    for (let k = 0; k < speed!.t.length; k++) {
      const h = hours.get(speed!.t[k]! * 1000);
      if (h) h.stwKn = msToKnots(speed!.v[k]!);
    }
    return distributeConsumption([...hours.values()], modeTimeline(events));
  }
}

const floorHour = (t: number) => Math.floor(t / HOUR_MS) * HOUR_MS;
