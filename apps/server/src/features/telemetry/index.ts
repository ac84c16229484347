/** The telemetry feature's public entry: what the rest of the server may use of it. */
import type { Store } from '../../db/client.ts';
import { TelemetryRepository } from './telemetry.repository.ts';
import { TelemetryService } from './telemetry.service.ts';

export type { BulkHistoryWriter, MinuteValues } from './bulk-history.ts';
export type { RollupRow } from './rollup.ts';
export type { Sample, SampleSink } from './samples.ts';
export { pruneAndCompact } from './telemetry.jobs.ts';
export { telemetryRoutes } from './telemetry.routes.ts';
export { TelemetryService } from './telemetry.service.ts';

/** The telemetry service on a store: its repository stays inside the feature. */
export function createTelemetryService(
  store: Store,
  options?: ConstructorParameters<typeof TelemetryService>[1],
): TelemetryService {
  return new TelemetryService(new TelemetryRepository(store), options);
}
