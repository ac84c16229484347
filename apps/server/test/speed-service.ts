import { shopTestCurve } from '@ecohelm/domain';
import { CiiService } from '../src/features/cii/cii.service.ts';
import { SpeedRepository } from '../src/features/speed/speed.repository.ts';
import { SpeedService } from '../src/features/speed/speed.service.ts';
import type { TestApp } from './stores.ts';

/**
 * The speed service on `t`'s store and features, for the simulator's ship (its main engine's shop test and its
 * hull, fixed here rather than read from the particulars), with the clock `now`; no forecasts until given.
 */
export function simulatedShipSpeedService(t: TestApp, now: () => number): SpeedService {
  return new SpeedService({
    telemetry: t.services.telemetry,
    repo: new SpeedRepository(t.testStore.store.db),
    voyages: t.services.voyages,
    cii: new CiiService(t.services.filling, t.services.ships, t.services.telemetry, () => new Date(now())),
    mainEngine: () => ({ mcrKw: 8200, mcrRpm: 122, pitchM: 4.55, curve: shopTestCurve('me') }),
    hull: async () => ({
      beamM: 32.26,
      lengthWaterlineM: 185,
      ladenDraftM: 11.9,
      ballastDraftM: 7.3,
      deadweightT: 57_000,
    }),
    now,
  });
}
