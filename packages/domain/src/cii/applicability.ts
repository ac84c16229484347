import { DomainInputError } from '../errors.ts';
import { calculateCii } from './calculate.ts';
import type { CiiShip } from './period.ts';

/** Whether CII applies to a ship and, if it does, the particulars CII needs. */
export type CiiApplicability = { applies: true; ship: CiiShip } | { applies: false; reason: string };

/**
 * The one mapping from a ship's particulars to CII (MEPC.353(78) G2: a covered ship type with the capacity its
 * reference line needs, DWT or GT). Every screen that shows a CII asks this, so they agree on which ships have one.
 */
export function ciiApplicability(particulars: {
  shipType: string;
  deadweightT?: number | null;
  grossTonnage?: number | null;
}): CiiApplicability {
  const { shipType, deadweightT, grossTonnage } = particulars;
  const ship: CiiShip = {
    shipType,
    ...(deadweightT && deadweightT > 0 ? { dwt: deadweightT } : {}),
    ...(grossTonnage && grossTonnage > 0 ? { gt: grossTonnage } : {}),
  };
  try {
    calculateCii({ ...ship, year: 2023, distanceNm: 1, fuelTonnes: {} });
    return { applies: true, ship };
  } catch (error) {
    if (error instanceof DomainInputError) return { applies: false, reason: error.message };
    throw error;
  }
}
