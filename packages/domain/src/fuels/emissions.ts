import mrv from '../../data/eu-mrv-factors.json' with { type: 'json' };
import { requireNonNegative } from '../errors.ts';
import type { FuelTonnes } from './consumption.ts';
import { fuelFactors, type LngEngineType, methaneSlipPercent } from './factors.ts';

/** Global-warming potentials (100-year) of a rule set. */
export interface GwpSet {
  readonly co2: number;
  readonly ch4: number;
  readonly n2o: number;
}

/** EU ETS maritime CO2e GWPs (AR5 28/265; flagged unverified in eu-mrv-factors.json). */
export const GWP_ETS: GwpSet = {
  co2: mrv.GWP100.EU_ETS_maritime_CO2e_from_2026.CO2,
  ch4: mrv.GWP100.EU_ETS_maritime_CO2e_from_2026.CH4,
  n2o: mrv.GWP100.EU_ETS_maritime_CO2e_from_2026.N2O,
};

/** FuelEU Maritime Annex I GWPs (AR4 25/298). */
export const GWP_FUELEU: GwpSet = {
  co2: mrv.GWP100.FuelEU_Annex_I.CO2,
  ch4: mrv.GWP100.FuelEU_Annex_I.CH4,
  n2o: mrv.GWP100.FuelEU_Annex_I.N2O,
};

/** Greenhouse-gas masses, tonnes. `co2eT` uses the GWP set it was computed with. */
export interface GhgTonnes {
  readonly co2T: number;
  readonly ch4T: number;
  readonly n2oT: number;
  readonly co2eT: number;
}

/** Per-fuel engine classes (LNG methane slip). */
export type EngineTypes = Readonly<Record<string, LngEngineType | undefined>>;

/**
 * EU MRV fuel-based monitoring (Reg. (EU) 2015/757 Annex I Part A as amended by 2023/2776):
 * CO2 = Σ FC_j·Cf_CO2,j; N2O = Σ FC_j·Cf_N2O,j; CH4 = Σ [FC_j·(1 − C_slip,j/100)·Cf_CH4,j + FC_j·C_slip,j/100];
 * CO2e = CO2 + GWP_CH4·CH4 + GWP_N2O·N2O. Fuel in tonnes, results in tonnes.
 * @param engineTypes LNG engine class per fuel id, for the default methane slip; none → no slip.
 */
export function ghgFromFuel(
  fuelT: FuelTonnes,
  engineTypes: EngineTypes = {},
  gwp: GwpSet = GWP_ETS,
): GhgTonnes {
  let co2T = 0;
  let ch4T = 0;
  let n2oT = 0;
  for (const [fuelId, t] of Object.entries(fuelT)) {
    const fc = requireNonNegative(t, `fuelTonnes.${fuelId}`);
    const f = fuelFactors(fuelId, `fuelTonnes.${fuelId}`);
    const slip = methaneSlipPercent(fuelId, engineTypes[fuelId]) / 100;
    co2T += fc * f.cfCo2TPerT;
    n2oT += fc * f.n2oTPerT;
    ch4T += fc * (1 - slip) * f.ch4TPerT + fc * slip;
  }
  return { co2T, ch4T, n2oT, co2eT: co2T * gwp.co2 + ch4T * gwp.ch4 + n2oT * gwp.n2o };
}

/**
 * CO2 only, the IMO way (MEPC.352(78) G1: Σ FC_j·CF_j), tonnes. Used by CII and IMO DCS.
 */
export function co2FromFuel(fuelT: FuelTonnes): number {
  let co2T = 0;
  for (const [fuelId, t] of Object.entries(fuelT)) {
    co2T +=
      requireNonNegative(t, `fuelTonnes.${fuelId}`) * fuelFactors(fuelId, `fuelTonnes.${fuelId}`).cfCo2TPerT;
  }
  return co2T;
}
