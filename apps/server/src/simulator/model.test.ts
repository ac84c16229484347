import { describe, expect, it } from 'vitest';
import { CH } from './channels.ts';
import { type SimEvent, VesselModel } from './model.ts';
import { voyageNumber } from './simulator.ts';

const ORIGIN = Date.UTC(2025, 9, 1);
const DAY_MIN = 1440;

function run(seed: number, minutes: number) {
  const m = new VesselModel({ seed, originMs: ORIGIN });
  const trace: number[] = [];
  const events: SimEvent[] = [];
  for (let i = 0; i < minutes; i++) {
    m.step();
    if (i % 97 === 0)
      trace.push(
        m.values[CH.lat]!,
        m.values[CH.mePower]!,
        m.values[CH.meFuelHfo]!,
        m.values[CH.windSpeedTrue]!,
      );
    events.push(...m.events.splice(0));
  }
  return { m, trace, events };
}

describe('vessel model', () => {
  it('is deterministic for a seed and differs for another', () => {
    const a = run(7, 3 * DAY_MIN);
    const b = run(7, 3 * DAY_MIN);
    const c = run(8, 3 * DAY_MIN);
    expect(b.trace).toEqual(a.trace);
    expect(b.events).toEqual(a.events);
    expect(c.trace).not.toEqual(a.trace);
  });

  it('over a round trip produces every event type, records and physically consistent fuel', () => {
    const m = new VesselModel({ seed: 42, originMs: ORIGIN });
    const types = new Set<string>();
    const kinds = new Set<string>();
    let fuelKg = 0;
    let energyKwh = 0;
    let seaMinutes = 0;
    let stwSum = 0;
    let sfocMin = Number.POSITIVE_INFINITY;
    let sfocMax = 0;
    for (let i = 0; i < 100 * DAY_MIN; i++) {
      m.step();
      const v = m.values;
      for (const e of m.events.splice(0)) types.add(e.type);
      for (const r of m.records.splice(0)) kinds.add(r.kind);
      const meFuel = v[CH.meFuelHfo]! + v[CH.meFuelMgo]!;
      fuelKg += meFuel * 60;
      energyKwh += v[CH.mePower]! / 1000 / 60;
      if (v[CH.mePower]! > 2e6) {
        seaMinutes++;
        stwSum += v[CH.stw]!;
        // Every minute at sea: fuel = power × SFOC within the plausible SFOC band (g/kWh).
        const sfoc = (meFuel * 3.6e6) / (v[CH.mePower]! / 1000);
        sfocMin = Math.min(sfocMin, sfoc);
        sfocMax = Math.max(sfocMax, sfoc);
      }
    }
    expect(sfocMin).toBeGreaterThan(160);
    expect(sfocMax).toBeLessThan(215);
    expect([...types].sort()).toEqual([
      'anchorage_end',
      'anchorage_start',
      'arrival',
      'bunkering',
      'departure',
      'drift_end',
      'drift_start',
      'eca_entry',
      'eca_exit',
      'fuel_changeover',
    ]);
    expect(kinds).toContain('bunker');
    expect(kinds).toContain('oil_change');
    const tonnesPerSeaDay = fuelKg / 1000 / (seaMinutes / DAY_MIN);
    expect(tonnesPerSeaDay).toBeGreaterThan(14);
    expect(tonnesPerSeaDay).toBeLessThan(26);
    expect(fuelKg / energyKwh).toBeGreaterThan(0.16);
    const meanStwKn = stwSum / seaMinutes / (1852 / 3600);
    expect(meanStwKn).toBeGreaterThan(11);
    expect(meanStwKn).toBeLessThan(14);
  }, 240_000);

  it('numbers the recent voyages 2301..2304 and earlier ones in series of four', () => {
    expect([9, 8, 7, 6, 5, 4, 3, 2, 1].map((i) => voyageNumber(i, 9))).toEqual([
      2304, 2303, 2302, 2301, 2204, 2203, 2202, 2201, 2104,
    ]);
    expect(voyageNumber(10, 9)).toBe(2305);
  });
});
