import { CHANNEL } from '@ecohelm/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../app.ts';
import type { Store } from '../db/client.ts';
import { IngestPipeline } from '../features/ingest/index.ts';
import type { SampleSink } from '../features/telemetry/index.ts';
import { createTelemetryService, type TelemetryService } from '../features/telemetry/index.ts';
import { assertChannelsInCatalogue } from './channels.ts';
import { simulatedForecast } from './forecast.ts';
import { generatorStartOrder } from './power-management.ts';
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
    telemetry = createTelemetryService(store);
    await telemetry.init();
  }
  const live = shared.ingest ?? new IngestPipeline(telemetry, log);
  const fresh = (await services.voyages.getState('simulator.origin')) === undefined;
  if (fresh) {
    const existing = await telemetry.latest([CHANNEL.lat]);
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
    alarms: { saveTransitions: (transitions) => services.alarms.recordHistory(transitions) },
  });
  // The simulated power management follows the load assistant's priorities, from before the live ship starts and
  // then as the crew change them (a job of the registry, every 10 s).
  const followPriorities = async () => {
    if (services.load) simulator.setGeneratorOrder(generatorStartOrder(await services.load.settings()));
  };
  await followPriorities().catch(() => undefined);
  services.jobs.add({
    name: 'simulator.power-management',
    description: "The simulated ship's generators start in the order of the load assistant's priorities.",
    schedule: '*/10 * * * * *',
    run: followPriorities,
  });
  const ready = simulator.start().then(() => {
    // Without an imported GRIB forecast the speed advice uses the simulator's own weather, labelled simulated.
    const seed = simulator.model?.seed;
    if (seed !== undefined) services.speed?.useForecasts({ simulated: simulatedForecast(seed) });
    log.info('simulator running live at 1 Hz');
  });
  return {
    simulator,
    fresh,
    ready,
    stop: () => {
      services.jobs.remove('simulator.power-management');
      simulator.stop();
    },
  };
}
