import path from 'node:path';
import type { Store } from '../db/client.ts';
import type { AppConfig } from './config.ts';
import type { JobStat, MetricsSources } from './metrics.ts';

/**
 * What the console's metrics read, from the services buildApp makes (the ingest pipeline, the adapter registry, the
 * disk guard; the job registry joins with `jobs`).
 */
export function metricsSources(
  ingest: { status: MetricsSources['ingest']; lag: MetricsSources['ingestLag'] },
  adapters: { statuses: MetricsSources['adapters'] },
  store: Store,
  config: AppConfig,
  disk: { space: NonNullable<MetricsSources['disk']> },
  jobs?: () => readonly JobStat[],
  readsWaiting?: () => number,
): MetricsSources {
  return {
    ingest: () => ingest.status(),
    ingestLag: () => ingest.lag(),
    adapters: () => adapters.statuses(),
    store,
    ...(store.kind === 'sqlite' ? { sqliteFile: path.join(config.dataDir, 'ecohelm.sqlite') } : {}),
    disk: () => disk.space(),
    ...(jobs ? { jobs } : {}),
    ...(readsWaiting ? { readsWaiting } : {}),
  };
}
