import mapping from '../../data/fuel-type-mapping.json' with { type: 'json' };
import { requireNonNegative } from '../errors.ts';
import type { SulphurClass } from './factors.ts';

const limits = mapping.sulphur_limits;

/** Sulphur limits, % m/m: 0.50 globally from 2020-01-01 (reg. 14.1.3), 0.10 in an ECA from 2015-01-01 (reg. 14.4.3). */
export const SULPHUR_LIMITS = {
  globalPercent: limits.global_cap_outside_ECA_percent_m_m,
  insideEcaPercent: limits.inside_ECA_percent_m_m,
  globalSince: limits.global_cap_effective,
  ecaSince: limits.inside_ECA_effective,
} as const;

/**
 * Sulphur class of a fuel from its BDN sulphur content (% m/m): ULS ≤ 0.10, LS ≤ 0.50, HS above
 * (fuel-type-mapping.json band_definitions, tied to MARPOL Annex VI reg. 14 limits).
 */
export function sulphurClassOf(sulphurPercent: number): SulphurClass {
  requireNonNegative(sulphurPercent, 'sulphurPercent');
  if (sulphurPercent <= SULPHUR_LIMITS.insideEcaPercent) return 'ULS';
  if (sulphurPercent <= SULPHUR_LIMITS.globalPercent) return 'LS';
  return 'HS';
}

/** The limit (% m/m) that applies to fuel in use: inside an ECA in force, or the global cap (reg. 14). */
export function sulphurLimitPercent(insideEca: boolean): number {
  return insideEca ? SULPHUR_LIMITS.insideEcaPercent : SULPHUR_LIMITS.globalPercent;
}

/**
 * Whether burning fuel of `sulphurPercent` is compliant. An approved EGCS (scrubber) is an
 * equivalent arrangement (reg. 4, MEPC.305(73)), so any sulphur class is then compliant.
 */
export function isSulphurCompliant(sulphurPercent: number, insideEca: boolean, hasScrubber = false): boolean {
  requireNonNegative(sulphurPercent, 'sulphurPercent');
  return hasScrubber || sulphurPercent <= sulphurLimitPercent(insideEca);
}
