import { TelemetryRepository } from '../src/features/telemetry/telemetry.repository.ts';
import { TelemetryService } from '../src/features/telemetry/telemetry.service.ts';
import { VesselSimulator } from '../src/simulator/simulator.ts';
import type { TestApp } from './stores.ts';

const DAY = 86_400_000;

/** Runs the simulator's backfill for `days` ending at `now` on a test app (no live loop). */
export async function simulateHistory(t: TestApp, now: number, days: number): Promise<void> {
  const telemetry = new TelemetryService(new TelemetryRepository(t.testStore.store));
  await telemetry.init();
  const { voyages, records } = t.services;
  const origin = now - days * DAY;
  await voyages.setState('simulator.origin', String(origin));
  await voyages.setState('simulator.writtenUntil', String(origin));
  const sim = new VesselSimulator({
    voyages,
    records,
    history: telemetry,
    live: { write: async () => undefined },
    now: () => now,
    progress: () => undefined,
  });
  await sim.start({ live: false });
}
