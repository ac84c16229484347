/**
 * Fuel and energy by consumer and by operating mode over a period (the analysis section's consumption
 * distribution). Each hour of stored fuel flow is given to its consumer and to the mode the ship was in: the
 * voyage events say in port, at anchor, drifting or under way; under way, an hour below 6 kn through the water is
 * manoeuvring (harbour approaches, canals), above it sea passage. Without any event before an hour its speed
 * decides alone (below 0.5 kn: in port).
 */
import { co2FactorTPerT, fuelFactors } from '../fuels/factors.ts';

export const consumers = ['me', 'ge1', 'ge2', 'ge3', 'boiler1', 'boiler2'] as const;
export type Consumer = (typeof consumers)[number];

export const operatingModes = ['sea_passage', 'manoeuvring', 'port', 'anchorage', 'drifting'] as const;
export type OperatingMode = (typeof operatingModes)[number];

/** Below this speed through water an hour under way counts as manoeuvring, kn. */
export const MANOEUVRING_BELOW_KN = 6;

/** The voyage events that change the mode. */
export interface ModeEvent {
  t: number;
  type: string;
}

const MODE_EVENTS = new Set([
  'arrival',
  'departure',
  'anchorage_start',
  'anchorage_end',
  'drift_start',
  'drift_end',
]);

/**
 * A lookup of the mode at a time for hours asked in time order; `events` need not be sorted. Arrival to departure is
 * a port call (at anchor while an anchorage lasts; moving inside it, e.g. from the anchorage to the berth, is
 * manoeuvring); an anchorage or a drift outside a port call counts as such too.
 */
export function modeTimeline(
  events: readonly ModeEvent[],
): (t: number, stwKn: number | undefined) => OperatingMode {
  const changes = events.filter((e) => MODE_EVENTS.has(e.type)).sort((a, b) => a.t - b.t);
  let i = 0;
  let seen = false;
  let inPort = false;
  let anchored = false;
  let drifting = false;
  let last = Number.NEGATIVE_INFINITY;
  return (t, stwKn) => {
    if (t < last) {
      i = 0;
      seen = inPort = anchored = drifting = false;
    }
    last = t;
    while (i < changes.length && changes[i]!.t <= t) {
      const type = changes[i++]!.type;
      seen = true;
      if (type === 'arrival') inPort = true;
      else if (type === 'departure') inPort = anchored = false;
      else if (type === 'anchorage_start') anchored = true;
      else if (type === 'anchorage_end') anchored = false;
      else if (type === 'drift_start') drifting = true;
      else if (type === 'drift_end') drifting = false;
    }
    const v = stwKn ?? 0;
    if (drifting) return 'drifting';
    if (anchored) return 'anchorage';
    if (inPort || (!seen && v < 0.5)) return v < 0.5 ? 'port' : 'manoeuvring';
    return v < MANOEUVRING_BELOW_KN ? 'manoeuvring' : 'sea_passage';
  };
}

/** One hour: its start, mean speed through water, and the fuel each meter measured (kg) with its IMO fuel class. */
export interface ConsumptionHour {
  t: number;
  stwKn: number | undefined;
  fuel: readonly { consumer: Consumer; kg: number; fuelClass: string }[];
}

export interface ConsumptionFigures {
  fuelT: number;
  co2T: number;
  energyGj: number;
}

export interface ConsumptionDistribution {
  total: ConsumptionFigures;
  byConsumer: Record<Consumer, ConsumptionFigures>;
  byMode: Record<OperatingMode, ConsumptionFigures & { hours: number }>;
  /** Fuel, t, by consumer and mode. */
  matrix: Record<Consumer, Record<OperatingMode, number>>;
  /** By IMO fuel class. */
  byFuel: Record<string, ConsumptionFigures>;
  hours: number;
}

const zero = (): ConsumptionFigures => ({ fuelT: 0, co2T: 0, energyGj: 0 });

/** Sums the hours by consumer and mode; CO2 with the fuel class's C_F, energy with its LCV (MEPC.364(79)). */
export function distributeConsumption(
  hours: readonly ConsumptionHour[],
  modeAt: (t: number, stwKn: number | undefined) => OperatingMode,
): ConsumptionDistribution {
  const byConsumer = Object.fromEntries(consumers.map((c) => [c, zero()])) as Record<
    Consumer,
    ConsumptionFigures
  >;
  const byMode = Object.fromEntries(operatingModes.map((m) => [m, { ...zero(), hours: 0 }])) as Record<
    OperatingMode,
    ConsumptionFigures & { hours: number }
  >;
  const matrix = Object.fromEntries(
    consumers.map((c) => [c, Object.fromEntries(operatingModes.map((m) => [m, 0]))]),
  ) as Record<Consumer, Record<OperatingMode, number>>;
  const total = zero();
  const byFuel: Record<string, ConsumptionFigures> = {};
  const factors = new Map<string, { cf: number; lcvGjPerT: number }>();
  const factor = (fuelClass: string) => {
    let f = factors.get(fuelClass);
    if (!f) {
      f = { cf: co2FactorTPerT(fuelClass), lcvGjPerT: (fuelFactors(fuelClass).lcvKjPerKg ?? 42_700) / 1000 };
      factors.set(fuelClass, f);
    }
    return f;
  };
  for (const h of [...hours].sort((a, b) => a.t - b.t)) {
    const mode = modeAt(h.t, h.stwKn);
    byMode[mode].hours += 1;
    for (const f of h.fuel) {
      if (!(f.kg > 0)) continue;
      const t = f.kg / 1000;
      const { cf, lcvGjPerT } = factor(f.fuelClass);
      byFuel[f.fuelClass] ??= zero();
      for (const target of [byConsumer[f.consumer], byMode[mode], total, byFuel[f.fuelClass]!]) {
        target.fuelT += t;
        target.co2T += t * cf;
        target.energyGj += t * lcvGjPerT;
      }
      matrix[f.consumer][mode] += t;
    }
  }
  return { total, byConsumer, byMode, matrix, byFuel, hours: hours.length };
}

/** Shares of a fuel by kind (summing to 1). */
export type FuelShares = Readonly<Record<'hfo' | 'lfo' | 'mgo', number>>;

/**
 * What the generators and boilers burn, which have one meter and no fuel kind: the service system carries what the
 * main engine's meters show, so their fuel is split in the main engine's shares of the same hour, else of the
 * latest hour before it in which the main engine burnt fuel, else of the next such hour, else all MGO.
 */
export function fuelMixLookup(
  meHours: readonly { t: number; kg: Readonly<Record<'hfo' | 'lfo' | 'mgo', number>> }[],
): (t: number) => FuelShares {
  const known = meHours
    .filter((h) => h.kg.hfo + h.kg.lfo + h.kg.mgo > 0)
    .sort((a, b) => a.t - b.t)
    .map((h) => {
      const sum = h.kg.hfo + h.kg.lfo + h.kg.mgo;
      return { t: h.t, shares: { hfo: h.kg.hfo / sum, lfo: h.kg.lfo / sum, mgo: h.kg.mgo / sum } };
    });
  const mgo: FuelShares = { hfo: 0, lfo: 0, mgo: 1 };
  return (t) => {
    let lo = 0;
    let hi = known.length - 1;
    let before = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (known[mid]!.t <= t) {
        before = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return (known[before] ?? known[0])?.shares ?? mgo;
  };
}
