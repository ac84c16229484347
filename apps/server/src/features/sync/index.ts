/** The sync feature's public entry: what the rest of the server may use of it. */
export { startSync } from './sync.jobs.ts';
export { syncRoutes } from './sync.routes.ts';
export type { SyncService } from './sync.service.ts';
export { recordSources } from './sync.sources.ts';
