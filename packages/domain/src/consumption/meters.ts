/**
 * The fuel meters of the consumers and what each metered hour burnt, by consumer and fuel kind: the main engine has a
 * meter per fuel kind (the tank it draws from); the generators and boilers have one meter each and burn what the
 * service system carries, split in the main engine's shares (`fuelMixLookup`).
 */
import { type FuelKind, fuelChannels, fuelKinds } from '../channels/catalogue.ts';
import { type Consumer, consumers, fuelMixLookup } from './distribution.ts';

/** A consumer's fuel meter: the main engine's name their fuel kind, the single meters do not. */
export interface FuelMeter {
  channel: string;
  consumer: Consumer;
  kind: FuelKind | undefined;
}

export const fuelMeters: readonly FuelMeter[] = fuelChannels
  .filter((c) => (consumers as readonly string[]).includes(c.equipment))
  .map((c) => ({
    channel: c.id,
    consumer: c.equipment as Consumer,
    kind: fuelKinds.find((k) => c.id === `propulsion.main.fuel.${k}.massFlow`),
  }));

/** Hourly mean flows of a meter: hour starts `t` (epoch s) and means `v` (kg/s), in time order. */
export interface HourlyFlows {
  t: ArrayLike<number>;
  v: ArrayLike<number>;
}

/**
 * Calls `each` with every metered hour's fuel (kg, never negative) by consumer and fuel kind; `flows[i]` are the
 * hourly flows of `meters[i]`. The single meters' hours are split by the main engine's mix of the same hour, else
 * the latest hour before it that burnt fuel (the main engine's flows may start earlier than the range to find it).
 */
export function forEachMeteredHour(
  meters: readonly FuelMeter[],
  flows: readonly HourlyFlows[],
  each: (tMs: number, consumer: Consumer, kind: FuelKind, kg: number) => void,
): void {
  const meByHour = new Map<number, Record<FuelKind, number>>();
  meters.forEach((m, i) => {
    if (!m.kind) return;
    const f = flows[i]!;
    for (let k = 0; k < f.t.length; k++) {
      const t = f.t[k]! * 1000;
      const h = meByHour.get(t) ?? { hfo: 0, lfo: 0, mgo: 0 };
      h[m.kind] += Math.max(0, f.v[k]!);
      meByHour.set(t, h);
    }
  });
  const mix = fuelMixLookup([...meByHour.entries()].map(([t, kg]) => ({ t, kg })));
  meters.forEach((m, i) => {
    const f = flows[i]!;
    for (let k = 0; k < f.t.length; k++) {
      const t = f.t[k]! * 1000;
      // The hourly mean flow (kg/s) times an hour is the hour's fuel.
      const kg = Math.max(0, f.v[k]!) * 3600;
      if (m.kind) each(t, m.consumer, m.kind, kg);
      else {
        const shares = mix(t);
        for (const kind of fuelKinds) if (shares[kind] > 0) each(t, m.consumer, kind, kg * shares[kind]);
      }
    }
  });
}
