import ets from '../../data/eu-ets.json' with { type: 'json' };
import { DomainInputError, requireNonNegative } from '../errors.ts';
import { GWP_ETS, type GwpSet } from '../fuels/emissions.ts';

/** Geographic shares of Directive 2003/87/EC Art. 3ga, as fractions. */
export const ETS_SCOPE_SHARES = {
  intraEea: Number.parseFloat(ets.geographic_scope_art_3ga.intra_EEA_voyages) / 100,
  atBerth: Number.parseFloat(ets.geographic_scope_art_3ga.at_berth_in_EEA_port) / 100,
  extraEea:
    Number.parseFloat(ets.geographic_scope_art_3ga.voyages_between_EEA_port_and_third_country_port) / 100,
} as const;

const firstNonCo2Year = Number(
  Object.keys(ets.gases)
    .find((k) => k.endsWith('_onwards'))
    ?.slice(0, 4),
);

/** Phase-in share (%) of Art. 3gb for an emissions year: 40 (2024), 70 (2025), 100 (2026 on); 0 before. */
export function etsPhaseInPercent(year: number): number {
  const rows = ets.phase_in_art_3gb.filter((r) => r.emissions_year <= year);
  return rows[rows.length - 1]?.share_to_surrender_percent ?? 0;
}

/** True when CH4 and N2O count for the year (2026 on). */
export function etsIncludesNonCo2(year: number): boolean {
  return year >= firstNonCo2Year;
}

/**
 * EU allowances to surrender for one emissions year (Directive 2003/87/EC Art. 3ga/3gb as amended
 * by (EU) 2023/959): in-scope emissions (CO2 only in 2024–2025; CO2e with CH4/N2O from 2026)
 * × phase-in share. One allowance = 1 t CO2(e). Inputs are the EU-scope masses (100 % intra-EEA
 * and at berth, 50 % extra-EEA), tonnes.
 */
export function etsAllowances(input: {
  year: number;
  euScopeCo2T: number;
  euScopeCh4T?: number;
  euScopeN2oT?: number;
  gwp?: GwpSet;
}): {
  emissionsCountedT: number;
  phaseInPercent: number;
  allowances: number;
  gases: 'CO2' | 'CO2e';
  covered: boolean;
} {
  if (!Number.isInteger(input.year))
    throw new DomainInputError('unknown_year', 'year', input.year, 'year must be an integer');
  const gwp = input.gwp ?? GWP_ETS;
  const co2 = requireNonNegative(input.euScopeCo2T, 'euScopeCo2T');
  const nonCo2 = etsIncludesNonCo2(input.year);
  const counted = nonCo2
    ? co2 * gwp.co2 +
      requireNonNegative(input.euScopeCh4T ?? 0, 'euScopeCh4T') * gwp.ch4 +
      requireNonNegative(input.euScopeN2oT ?? 0, 'euScopeN2oT') * gwp.n2o
    : co2;
  const phaseInPercent = etsPhaseInPercent(input.year);
  return {
    emissionsCountedT: counted,
    phaseInPercent,
    allowances: (counted * phaseInPercent) / 100,
    gases: nonCo2 ? 'CO2e' : 'CO2',
    covered: phaseInPercent > 0,
  };
}
