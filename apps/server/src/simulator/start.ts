import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../app.ts';
import type { Store } from '../db/client.ts';
import { AlarmsRepository } from '../features/alarms/alarms.repository.ts';
import { IngestPipeline } from '../features/ingest/pipeline.ts';
import type { SampleSink } from '../features/ingest/types.ts';
import { LoadRepository } from '../features/load/load.repository.ts';
import { TelemetryRepository } from '../features/telemetry/telemetry.repository.ts';
import { TelemetryService } from '../features/telemetry/telemetry.service.ts';
import { assertChannelsInCatalogue } from './channels.ts';
import { simulatedForecast } from './forecast.ts';
import { generatorStartOrderFromStored } from './power-management.ts';
import { VesselSimulator } from './simulator.ts';

export interface RunningSimulator {
  simulator: VesselSimulator;
  /** True when this start generates the history (empty store). */
  fresh: boolean;
  /** Resolves when the backfill or catch-up is written and the live loop runs. */
  ready: Promise<void>;
  stop(): void;
}

/**
 * Starts the built-in simulator on the app's services: the telemetry service and ingest pipeline the app
 * registered (or its own on the same store when the app has none), the voyage and records services.
 */
export async function startSimulator(
  store: Store,
  services: Services,
  log: FastifyBaseLogger,
  options: { seed?: number; historyDays?: number } = {},
): Promise<RunningSimulator> {
  assertChannelsInCatalogue();
  const shared = services as Services & { telemetry?: TelemetryService; ingest?: SampleSink };
  let telemetry = shared.telemetry;
  if (!telemetry) {
    telemetry = new TelemetryService(new TelemetryRepository(store));
    await telemetry.init();
  }
  const live = shared.ingest ?? new IngestPipeline(telemetry, log);
  const fresh = (await services.voyages.getState('simulator.origin')) === undefined;
  if (fresh) {
    const existing = await telemetry.latest(['navigation.position.latitude']);
    if (existing.size > 0)
      log.warn('the store already holds navigation data; the simulator adds its own history');
  }
  const simulator = new VesselSimulator({
    voyages: services.voyages,
    records: services.records,
    history: telemetry,
    live,
    ...(services.speed ? { plans: services.speed } : {}),
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.historyDays === undefined ? {} : { historyDays: options.historyDays }),
    log: (message) => log.warn(message),
    alarms: new AlarmsRepository(store.db),
  });
  // The simulated power management follows the load assistant's priorities (read again every 10 s), from before
  // the live ship starts.
  const loadSettings = new LoadRepository(store.db);
  const followPriorities = () =>
    loadSettings
      .latest()
      .then((row) => simulator.setGeneratorOrder(generatorStartOrderFromStored(row?.value)))
      .catch(() => undefined);
  await followPriorities();
  const ready = simulator.start().then(() => {
    // Without an imported GRIB forecast the speed advice uses the simulator's own weather, labelled simulated.
    const seed = simulator.model?.seed;
    if (seed !== undefined) services.speed?.useForecasts({ simulated: simulatedForecast(seed) });
    log.info('simulator running live at 1 Hz');
  });
  const pmsTimer = setInterval(() => void followPriorities(), 10_000);
  pmsTimer.unref();
  return {
    simulator,
    fresh,
    ready,
    stop: () => {
      clearInterval(pmsTimer);
      simulator.stop();
    },
  };
}
