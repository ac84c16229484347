import {
  CHANNEL,
  DAY_MS,
  DomainInputError,
  fitSpeedFuelModel,
  fuelChannels,
  msToKnots,
  type SpeedFuelModel,
  type SpeedFuelPoint,
} from '@ecohelm/domain';
import { conflict } from '../../platform/errors.ts';
import type { TelemetryService } from '../telemetry/index.ts';
import type { Voyages } from './cii.figures.ts';

/** Hourly points under this speed are harbour, canal or manoeuvring, not passage sailing; knots. */
export const FIT_MIN_SPEED_KN = 8;
/** History the simulator's speed model is fitted on, days. */
export const FIT_HISTORY_DAYS = 365;
/**
 * Plausible exponents of fuel/day against speed (propeller law ≈ 3; hull and auxiliary load spread it).
 * A fit over the narrow band a ship actually sails is dominated by weather; outside this range b is held.
 */
export const FIT_B_RANGE = [2.5, 4] as const;
const SOG = CHANNEL.sog;
const FUEL_CHANNELS = fuelChannels.map((c) => c.id);
const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);

/**
 * The ship's speed–consumption model: fuel/day = a·v^b fitted on hourly telemetry (SOG and every fuel
 * flow: main engine, generators, boilers) of the last year; on the filling legs when telemetry is short.
 */
export async function fitSpeedModel(
  telemetry: TelemetryService,
  voyages: Voyages,
  nowMs: number,
): Promise<SpeedFuelModel & { source: 'telemetry' | 'voyages' }> {
  const from = nowMs - FIT_HISTORY_DAYS * DAY_MS;
  const points: SpeedFuelPoint[] = [];
  try {
    const sog = await telemetry.rollups('1h', SOG, from, nowMs);
    if (sog.length > 0) {
      const fuelByT = new Map<number, number>();
      for (const ch of FUEL_CHANNELS) {
        let rows: Awaited<ReturnType<TelemetryService['rollups']>>;
        try {
          rows = await telemetry.rollups('1h', ch, from, nowMs);
        } catch {
          continue; // channel never seen on this installation
        }
        for (const r of rows) if (r.n > 0) fuelByT.set(r.t, (fuelByT.get(r.t) ?? 0) + r.sum / r.n);
      }
      for (const r of sog) {
        const fuelKgS = fuelByT.get(r.t);
        if (r.n === 0 || fuelKgS === undefined) continue;
        points.push({ speedKn: msToKnots(r.sum / r.n), fuelTPerDay: fuelKgS * 86.4 });
      }
    }
  } catch {
    // no SOG channel registered: fall back to the voyages
  }
  try {
    return {
      ...fitSpeedFuelModel(points, { minSpeedKn: FIT_MIN_SPEED_KN, bRange: FIT_B_RANGE }),
      source: 'telemetry',
    };
  } catch (e) {
    if (!(e instanceof DomainInputError)) throw e;
  }
  const legPoints = voyages.legs
    .filter((l) => l.hoursUnderway >= 12 && l.distanceNm > 0)
    .map((l) => ({
      speedKn: l.distanceNm / l.hoursUnderway,
      fuelTPerDay: (sum(l.fuelT) / l.hoursUnderway) * 24,
      weight: l.hoursUnderway,
    }));
  try {
    return {
      ...fitSpeedFuelModel(legPoints, { minSpeedKn: FIT_MIN_SPEED_KN, bRange: FIT_B_RANGE }),
      source: 'voyages',
    };
  } catch (e) {
    if (e instanceof DomainInputError) {
      throw conflict('Not enough sailing history to fit the speed–consumption model.', {
        reason: 'no_history',
      });
    }
    throw e;
  }
}
