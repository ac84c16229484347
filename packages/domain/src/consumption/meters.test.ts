import { describe, expect, it } from 'vitest';
import { type FuelMeter, forEachMeteredHour, fuelMeters } from './meters.ts';

const H = 3600;
const meter = (channel: string): FuelMeter => {
  const m = fuelMeters.find((x) => x.channel === channel);
  if (!m) throw new Error(channel);
  return m;
};

describe('fuel of each metered hour by consumer and kind', () => {
  it('knows the main engine meters by their fuel kind and the single meters of the generators and boilers', () => {
    expect(meter('propulsion.main.fuel.hfo.massFlow')).toMatchObject({ consumer: 'me', kind: 'hfo' });
    expect(fuelMeters.filter((m) => m.consumer === 'me').map((m) => m.kind)).toEqual(['hfo', 'lfo', 'mgo']);
    expect(fuelMeters.filter((m) => m.consumer !== 'me').every((m) => m.kind === undefined)).toBe(true);
    expect(new Set(fuelMeters.map((m) => m.consumer))).toEqual(
      new Set(['me', 'ge1', 'ge2', 'ge3', 'boiler1', 'boiler2']),
    );
  });

  it("splits a generator's hour in the main engine's shares of that hour, else of the latest before; by hand", () => {
    const hfo = meter('propulsion.main.fuel.hfo.massFlow');
    const mgo = meter('propulsion.main.fuel.mgo.massFlow');
    const ge = fuelMeters.find((m) => m.consumer === 'ge1')!;
    const out: [number, string, string, number][] = [];
    forEachMeteredHour(
      [hfo, mgo, ge],
      [
        // Hour 0: 0.3 kg/s HFO and 0.1 kg/s MGO (3:1); hour 1: the main engine stopped; a negative reading is none.
        { t: [0, H], v: [0.3, -0.2] },
        { t: [0, H], v: [0.1, 0] },
        // The generator burns 0.05 kg/s (180 kg an hour) in both hours.
        { t: [0, H], v: [0.05, 0.05] },
      ],
      (t, consumer, kind, kg) => out.push([t / 1000 / H, consumer, kind, Math.round(kg * 1000) / 1000]),
    );
    expect(out).toEqual([
      [0, 'me', 'hfo', 1080],
      [1, 'me', 'hfo', 0],
      [0, 'me', 'mgo', 360],
      [1, 'me', 'mgo', 0],
      [0, 'ge1', 'hfo', 135],
      [0, 'ge1', 'mgo', 45],
      // Hour 1: the main engine burnt nothing, so the mix of hour 0 holds.
      [1, 'ge1', 'hfo', 135],
      [1, 'ge1', 'mgo', 45],
    ]);
  });

  it('puts a single meter on MGO when the main engine never burnt fuel', () => {
    const ge = fuelMeters.find((m) => m.consumer === 'boiler1')!;
    const out: [string, number][] = [];
    forEachMeteredHour([ge], [{ t: [0], v: [0.01] }], (_t, _c, kind, kg) => out.push([kind, kg]));
    expect(out).toEqual([['mgo', 36]]);
  });
});
