import { boilerFuelKgPerH, generatorSfoc, sfocForFuel } from '@ecohelm/domain';
import { CH } from './channels.ts';
import { engineConditionFactor, type SimulatedEngine } from './engine-condition.ts';
import { hashUnit } from './random.ts';
import { VESSEL } from './vessel.ts';

const TWO_PI = 2 * Math.PI;
const BAR = 100_000;
const C = (c: number) => c + 273.15;

/** Where the ship is and what it does, as far as its machinery is concerned. */
export type OperatingMode = 'sea' | 'harbour' | 'canal' | 'anchor' | 'drift' | 'berth';

/**
 * Electrical demand, kW: hotel load rising with air temperature at sea, thrusters and pumps when manoeuvring, cargo
 * cranes on a working shift at a berth where the ship's cranes work the cargo.
 */
export function electricalDemandKw(
  mode: OperatingMode,
  at: { t: number; airTempK: number; slow: number; cranes: boolean },
): number {
  const { t, airTempK, slow } = at;
  if (mode === 'sea') return 370 + 35 * slow + Math.max(0, airTempK - C(26)) * 8;
  if (mode === 'harbour' || mode === 'canal') return 760 + 60 * slow;
  if (mode === 'berth') {
    const shift = Math.sin(((t / 3_600_000) % 24) * (TWO_PI / 24)) > -0.6 ? 1 : 0.2;
    return 420 + 40 * slow + (at.cranes ? 420 * shift : 60);
  }
  return 300 + 30 * slow;
}

/**
 * Generators: the PMS runs as many sets as keep each below 85 %, two when manoeuvring, started in the crew's
 * priority order on the live ship (`order`: set indices, first = priority 1; the load assistant's settings), a lead
 * rotating weekly in the history (no order). Each set burns its
 * shop-test SFOC times its own condition (engine-condition.ts).
 * Writes the five channels of each set; returns their fuel (kg/s) and which sets run.
 */
export function runGenerators(
  v: Float64Array,
  at: {
    elecKw: number;
    mode: OperatingMode;
    t: number;
    seed: number;
    minuteIndex: number;
    lcv: number;
    airTempK: number;
    order?: readonly number[] | null;
  },
): { fuelKgS: number; running: boolean[] } {
  const { elecKw, mode, t, seed, minuteIndex, lcv } = at;
  let sets = elecKw > 2 * 0.85 * VESSEL.geRatedKw ? 3 : elecKw > 0.85 * VESSEL.geRatedKw ? 2 : 1;
  if (mode === 'harbour' || mode === 'canal') sets = Math.max(2, sets);
  // Without an order (the history), the lead set rotates weekly, as crews even out the sets' running hours.
  const lead = Math.floor(t / (7 * 86_400_000)) % 3;
  const order = at.order ?? [lead, (lead + 1) % 3, (lead + 2) % 3];
  let fuelKgS = 0;
  const running: boolean[] = [];
  for (let g = 0; g < 3; g++) {
    const on = order.indexOf(g) < sets;
    running.push(on);
    const base = CH.ge1Run + g * 5;
    if (on) {
      const kw = (elecKw / sets) * (1 + 0.02 * hashUnit(seed + g, minuteIndex));
      const iso = generatorSfoc(kw / VESSEL.geRatedKw, VESSEL.geSfocBase);
      const sfoc = sfocForFuel(iso * engineConditionFactor(`ge${g + 1}` as SimulatedEngine, t), lcv);
      const fuel = (kw * sfoc) / 3.6e6;
      v[base] = 1;
      v[base + 1] = kw * 1000;
      v[base + 2] = fuel;
      v[base + 3] = sfoc / 3.6e9;
      v[base + 4] = C(260 + 190 * (kw / VESSEL.geRatedKw));
      fuelKgS += fuel;
    } else {
      v[base] = 0;
      v[base + 1] = 0;
      v[base + 2] = 0;
      v[base + 3] = 0;
      v[base + 4] = at.airTempK + 15;
    }
  }
  return { fuelKgS, running };
}

/**
 * Boilers: the oil-fired boiler 1 in port, at anchor, drifting, manoeuvring or at low load; boiler 2 is the
 * exhaust-gas economiser, which makes steam from the main engine's exhaust above about 35 % load.
 * Writes their channels; returns boiler 1's fuel, kg/s.
 */
export function runBoilers(
  v: Float64Array,
  at: { meLoad: number; airTempK: number; slow: number; lcv: number },
): number {
  const egeOn = at.meLoad >= 0.35;
  let fuelKgS = 0;
  if (!egeOn) {
    const steamKgH = 650 + Math.max(0, C(12) - at.airTempK) * 25 + 80 * at.slow;
    fuelKgS = boilerFuelKgPerH(steamKgH, 0.88, at.lcv) / 3600;
  }
  v[CH.b1Run] = egeOn ? 0 : 1;
  v[CH.b1Press] = egeOn ? 6.4 * BAR : (7 + 0.25 * at.slow) * BAR;
  v[CH.b1Fuel] = fuelKgS;
  v[CH.b2Run] = egeOn ? 1 : 0;
  v[CH.b2Press] = egeOn ? (6.5 + 0.2 * at.slow) * BAR : 0;
  v[CH.b2Fuel] = 0;
  return fuelKgS;
}
