/**
 * Engine fuel consumption curves.
 *
 * SFOC shape from the IMO Fourth GHG Study 2020 (as implemented in RISE-Maritime `ceto`, `cetos/imo.py`,
 * Apache-2.0): `SFOC(L) = SFOC_base·(0.455·L² − 0.710·L + 1.280)`, minimum at L ≈ 0.78. Base values (g/kWh):
 * modern two-stroke 165–175, auxiliary 185–195, oil-fired boiler 340 (load independent). SFOC is quoted at ISO
 * conditions for 42.7 MJ/kg fuel (ISO 3046-1 / ISO 15550); a fuel with a lower LCV burns proportionally more mass.
 */

/** Reference lower calorific value of shop-test SFOC, MJ/kg (ISO 3046-1). */
export const ISO_LCV_MJ_PER_KG = 42.7;

/** The IMO load factor of SFOC, `0.455·L² − 0.710·L + 1.280`, for a load ratio L (0–1.1). */
export function imoSfocFactor(load: number): number {
  const l = Math.min(1.1, Math.max(0.05, load));
  return 0.455 * l * l - 0.71 * l + 1.28;
}

/** Two-stroke main-engine SFOC (g/kWh at ISO LCV) at a load ratio of MCR; base 167 g/kWh for an ME-B/X engine. */
export function twoStrokeSfoc(load: number, baseGPerKwh = 167): number {
  return baseGPerKwh * imoSfocFactor(load);
}

/**
 * Medium-speed generator SFOC (g/kWh at ISO LCV). IMO gives a load-independent 185–195 g/kWh; methods README §5
 * reports +4–6 % at 50 % and +13–20 % at 25 % load, which the IMO shape reproduces, so it is applied here too.
 */
export function generatorSfoc(load: number, baseGPerKwh = 190): number {
  return baseGPerKwh * imoSfocFactor(load);
}

/** SFOC corrected from ISO LCV to the LCV of the fuel actually burnt. */
export function sfocForFuel(sfocIsoGPerKwh: number, lcvMjPerKg: number): number {
  return (sfocIsoGPerKwh * ISO_LCV_MJ_PER_KG) / lcvMjPerKg;
}

/** Fuel mass flow (kg/h) = power (kW) × SFOC (g/kWh) / 1000. */
export function fuelMassFlowKgPerH(powerKw: number, sfocGPerKwh: number): number {
  return (Math.max(0, powerKw) * sfocGPerKwh) / 1000;
}

/**
 * Oil-fired boiler fuel (kg/h) for a steam output (kg/h): `ṁ_f = ṁ_s·h_evap/(η·LCV)`
 * (methods README §6, h_evap ≈ 2,260 kJ/kg, η 0.85–0.92).
 */
export function boilerFuelKgPerH(steamKgPerH: number, efficiency = 0.88, lcvMjPerKg = 40.2): number {
  return (steamKgPerH * 2.26) / (efficiency * lcvMjPerKg);
}
