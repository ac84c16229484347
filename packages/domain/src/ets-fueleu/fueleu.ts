import fueleu from '../../data/fueleu.json' with { type: 'json' };
import coefficients from '../../data/fueleu-coefficients.json' with { type: 'json' };
import { DomainInputError, requireNonNegative } from '../errors.ts';
import { GWP_FUELEU } from '../fuels/emissions.ts';
import { fuelFactors, type LngEngineType, methaneSlipPercent } from '../fuels/factors.ts';
import { GRAMS_PER_TONNE } from '../units/index.ts';

/** One fuel's in-scope mass for FuelEU (already multiplied by the 100 % / 50 % energy scope). */
export interface FuelEuFuel {
  readonly fuelId: string;
  readonly massT: number;
  /** LNG engine class for the Annex II default slip. */
  readonly engineType?: LngEngineType;
  /** Renewable fuel of non-biological origin: reward factor RWD applies in its period. */
  readonly rfnbo?: boolean;
  /** Certified well-to-tank factor, gCO2e/MJ, replacing the Annex II default. */
  readonly wttGCo2ePerMj?: number;
}

/** Input of {@link fuelEuGhgIntensity}. */
export interface FuelEuInput {
  readonly year: number;
  readonly fuels: readonly FuelEuFuel[];
  /** On-shore power delivered in scope, MJ. */
  readonly electricityMj?: number;
  /** WtT of that electricity, gCO2e/MJ (default from fueleu-coefficients.json). */
  readonly electricityWttGCo2ePerMj?: number;
  /** P_wind / P_prop, for the wind reward factor. */
  readonly windPowerRatio?: number;
}

/** Result of {@link fuelEuGhgIntensity}. */
export interface FuelEuIntensity {
  /** GHGIE, gCO2e/MJ (Annex I). */
  readonly ghgIntensity: number;
  readonly wttGCo2ePerMj: number;
  readonly ttwGCo2ePerMj: number;
  readonly fWind: number;
  /** Σ M_i·LCV_i + Σ E_k, MJ (the compliance-balance energy, without RWD). */
  readonly energyMj: number;
}

function inRange(year: number, from: string, to: string): boolean {
  return year >= Number(from.slice(0, 4)) && year <= Number(to.slice(0, 4));
}

/** Wind reward factor f_wind (Annex I table): the row with the largest ratio ≤ `ratio`; 1 below the first. */
export function windRewardFactor(ratio: number): number {
  requireNonNegative(ratio, 'windPowerRatio');
  let f = 1;
  for (const row of fueleu.wind_reward_factor_f_wind) {
    const threshold = Number(String(row.P_wind_over_P_prop).replace('>=', ''));
    if (ratio >= threshold) f = row.f_wind;
  }
  return f;
}

/**
 * FuelEU well-to-wake GHG intensity (Regulation (EU) 2023/1805 Annex I), gCO2e/MJ:
 * GHGIE = f_wind·(WtT + TtW); WtT = (Σ M_i·WtT_i·LCV_i + Σ E_k·WtT_el) / (Σ M_i·LCV_i·RWD_i + Σ E_k);
 * TtW = Σ M_i·[(1 − C_slip/100)·(Cf_CO2 + 25·Cf_CH4 + 298·Cf_N2O) + C_slip/100·25] / same denominator.
 * Factors from Annex II defaults (fuels.json); throws `unknown_fuel` where the annex has no default
 * LCV/WtT for a fuel and none is supplied.
 */
export function fuelEuGhgIntensity(input: FuelEuInput): FuelEuIntensity {
  let wttNum = 0;
  let ttwNum = 0;
  let denom = 0;
  let energyMj = 0;
  const rwdActive = inRange(input.year, coefficients.rfnbo_reward_from, coefficients.rfnbo_reward_to);
  for (const [i, fuel] of input.fuels.entries()) {
    const field = `fuels[${i}]`;
    const f = fuelFactors(fuel.fuelId, `${field}.fuelId`);
    const wtt = fuel.wttGCo2ePerMj ?? f.wttGCo2ePerMj;
    if (f.fuelEuLcvMjPerG === null || wtt === null) {
      throw new DomainInputError(
        'unknown_fuel',
        `${field}.fuelId`,
        fuel.fuelId,
        `FuelEU Annex II gives no default LCV/WtT for '${fuel.fuelId}'; supply a certified WtT`,
      );
    }
    const massG = requireNonNegative(fuel.massT, `${field}.massT`) * GRAMS_PER_TONNE;
    const mj = massG * f.fuelEuLcvMjPerG;
    const slip = methaneSlipPercent(fuel.fuelId, fuel.engineType) / 100;
    const ttwPerG =
      (1 - slip) *
        (f.cfCo2TPerT * GWP_FUELEU.co2 + f.ch4TPerT * GWP_FUELEU.ch4 + f.n2oTPerT * GWP_FUELEU.n2o) +
      slip * GWP_FUELEU.ch4;
    const rwd = fuel.rfnbo && rwdActive ? fueleu.RFNBO_reward_factor_RWD.value : 1;
    wttNum += mj * wtt;
    ttwNum += massG * ttwPerG;
    denom += mj * rwd;
    energyMj += mj;
  }
  const eMj = requireNonNegative(input.electricityMj ?? 0, 'electricityMj');
  wttNum += eMj * (input.electricityWttGCo2ePerMj ?? coefficients.electricity_wtt_default_gCO2e_per_MJ);
  denom += eMj;
  energyMj += eMj;
  if (denom <= 0) throw new DomainInputError('invalid_range', 'fuels', input.fuels, 'no energy in scope');
  const fWind = windRewardFactor(input.windPowerRatio ?? 0);
  const wtt = wttNum / denom;
  const ttw = ttwNum / denom;
  return { ghgIntensity: fWind * (wtt + ttw), wttGCo2ePerMj: wtt, ttwGCo2ePerMj: ttw, fWind, energyMj };
}

/** FuelEU limit for a year (Art. 4: reference 91.16 gCO2e/MJ less the reduction in force), gCO2e/MJ. */
export function fuelEuLimit(year: number): {
  limitGCo2ePerMj: number;
  reductionPercent: number;
  fromYear: number;
} {
  const rows = fueleu.limits_art_4.filter((r) => r.from_year <= year);
  const row = rows[rows.length - 1];
  if (!row) {
    throw new DomainInputError('unknown_year', 'year', year, `FuelEU applies from ${fueleu.applies_from}`);
  }
  return {
    limitGCo2ePerMj: fueleu.reference_value_gCO2e_per_MJ * (1 - row.reduction_percent / 100),
    reductionPercent: row.reduction_percent,
    fromYear: row.from_year,
  };
}

/**
 * Compliance balance and penalty (Annex IV parts A and B; Art. 23(2)):
 * CB = (GHGIE_target − GHGIE_actual)·energy, gCO2e (reported also in t CO2e); when CB < 0,
 * penalty = |CB| / (GHGIE_actual·41,000)·2,400 EUR × (1 + (n − 1)/10), n = consecutive deficit periods.
 */
export function fuelEuCompliance(input: {
  year: number;
  ghgIntensity: number;
  energyMj: number;
  consecutiveDeficitYears?: number;
}): {
  limitGCo2ePerMj: number;
  complianceBalanceGCo2e: number;
  complianceBalanceTCo2e: number;
  penaltyEur: number;
  multiplier: number;
} {
  const { limitGCo2ePerMj } = fuelEuLimit(input.year);
  const actual = requireNonNegative(input.ghgIntensity, 'ghgIntensity', true);
  const cb = (limitGCo2ePerMj - actual) * requireNonNegative(input.energyMj, 'energyMj');
  const { penaltyEur, multiplier } = fuelEuPenalty({
    complianceBalanceGCo2e: cb,
    ghgIntensity: actual,
    consecutiveDeficitYears: input.consecutiveDeficitYears,
  });
  return {
    limitGCo2ePerMj,
    complianceBalanceGCo2e: cb,
    complianceBalanceTCo2e: cb / GRAMS_PER_TONNE,
    penaltyEur,
    multiplier,
  };
}

/**
 * FuelEU penalty of a compliance balance (Annex IV part B; Art. 23(2)), EUR: when CB < 0,
 * |CB| / (GHGIE_actual·41,000)·2,400 × (1 + (n − 1)/10), n = consecutive periods with a penalty; else 0.
 */
export function fuelEuPenalty(input: {
  complianceBalanceGCo2e: number;
  ghgIntensity: number;
  consecutiveDeficitYears?: number | undefined;
}): { penaltyEur: number; multiplier: number } {
  const cb = input.complianceBalanceGCo2e;
  if (!Number.isFinite(cb)) {
    throw new DomainInputError('invalid_number', 'complianceBalanceGCo2e', cb, 'must be a finite number');
  }
  const actual = requireNonNegative(input.ghgIntensity, 'ghgIntensity', true);
  const n = Math.max(1, Math.floor(input.consecutiveDeficitYears ?? 1));
  const multiplier = 1 + (n - 1) / coefficients.consecutive_penalty_step_divisor;
  const c = fueleu.penalty_annex_IV_B.constants;
  const penaltyEur =
    cb < 0 ? (-cb / (actual * c.VLSFO_energy_MJ_per_t)) * c.EUR_per_t_VLSFO_equivalent * multiplier : 0;
  return { penaltyEur, multiplier };
}
