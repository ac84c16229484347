import { type ShipConditionInput, speedMessages } from '@ecohelm/contracts';

const KN = 1852 / 3600;
/** Above this SOG a ship is not at anchor (a swinging anchored ship makes well under 1 kn). */
const ANCHORED_MAX_KN = 1;
/** Share of the ballast-to-laden draught range above which a ship is loaded, below which it is light. */
const LOADED_SHARE = 0.6;
const LIGHT_SHARE = 0.3;
/** A cargo further than this share of the deadweight from what the draughts give is a typing error or a sensor. */
const CARGO_TOLERANCE = 0.35;

export interface ConditionReadings {
  /** m/s, SI as stored. */
  sog: number | undefined;
  /** Main engine revolutions, rev/s. */
  rev: number | undefined;
  /** Mean of the fore and aft draughts, m. */
  meanDraftM: number | undefined;
}
export interface HullForCondition {
  ladenDraftM: number;
  ballastDraftM: number;
  deadweightT: number;
}

const fmt = (v: number, digits: number) =>
  v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * The crew's ship condition against what the sensors read now: "Anchored" at 13 kn, "Drifting" with the engine
 * turning, "Ballasted" or "Non-laden" on laden draughts, "Laden" on ballast draughts, a cargo far from what the
 * draughts carry. Each is a sentence at its field with the reading in brackets (the console translates the
 * sentence and keeps the bracket). Nothing without a fresh reading.
 */
export function conditionConflicts(
  input: ShipConditionInput,
  live: ConditionReadings,
  hull: HullForCondition,
): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  if (live.sog != null && input.shipStatus === 3 && live.sog / KN > ANCHORED_MAX_KN) {
    out.push({
      path: 'body.shipStatus',
      message: `${speedMessages.statusMoving} (SOG ${fmt(live.sog / KN, 1)} kn)`,
    });
  }
  if (live.rev != null && input.shipStatus === 4 && live.rev * 60 > 5) {
    out.push({
      path: 'body.shipStatus',
      message: `${speedMessages.statusEngineTurning} (${fmt(live.rev * 60, 1)} rpm)`,
    });
  }
  const range = hull.ladenDraftM - hull.ballastDraftM;
  if (live.meanDraftM != null && range > 0.5) {
    const share = (live.meanDraftM - hull.ballastDraftM) / range;
    const draught = `(${fmt(live.meanDraftM, 2)} m)`;
    if ((input.loadingStatus === 2 || input.loadingStatus === 3) && share > LOADED_SHARE) {
      out.push({ path: 'body.loadingStatus', message: `${speedMessages.loadingDeep} ${draught}` });
    } else if (input.loadingStatus === 1 && share < LIGHT_SHARE) {
      out.push({ path: 'body.loadingStatus', message: `${speedMessages.loadingLight} ${draught}` });
    }
    if (hull.deadweightT > 0) {
      const expected = Math.max(0, Math.min(1, share)) * hull.deadweightT * 0.95;
      if (Math.abs(input.cargoT - expected) > CARGO_TOLERANCE * hull.deadweightT) {
        out.push({
          path: 'body.cargoT',
          message: `${speedMessages.cargoVsDraught} (${fmt(live.meanDraftM, 2)} m ≈ ${fmt(Math.round(expected / 1000) * 1000, 0)} t)`,
        });
      }
    }
  }
  return out;
}
