import { isoSfocGPerKwh } from './reference-curves.ts';

/** A generator set now: its power, load, metered fuel and SFOC at ISO LCV. */
export interface GeneratorNow {
  powerKw: number;
  loadPct: number;
  fuelKgPerH: number;
  /** Fuel energy as ISO-fuel mass per kWh delivered (42.7 MJ/kg); null when the set delivers no power. */
  sfocGPerKwh: number | null;
}

/**
 * The one computation of a generator's figures now, shared by G/E monitoring and the load assistant: the latest
 * power and fuel-meter readings, the fuel's LCV, the set's rating. The load page and the G/E page showed two
 * different SFOCs for the same set in the same minute (the sensor's as-burned SFOC channel against a day's ISO
 * average); both now show this.
 */
export function generatorNow(input: {
  powerW: number;
  fuelKgPerS: number;
  lcvMjPerKg: number;
  ratedKw: number;
}): GeneratorNow {
  const powerW = Math.max(0, input.powerW);
  const kgPerS = Math.max(0, input.fuelKgPerS);
  return {
    powerKw: powerW / 1000,
    loadPct: (100 * powerW) / 1000 / input.ratedKw,
    fuelKgPerH: kgPerS * 3600,
    sfocGPerKwh: isoSfocGPerKwh([{ kgPerS, lcvMjPerKg: input.lcvMjPerKg }], powerW),
  };
}
