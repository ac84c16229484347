/** The ingest feature's public entry: what the rest of the server may use of it. */
export { AdapterRegistry, startConfiguredAdapters } from './adapters.ts';
export { CsvJobs, importCsv } from './csv-jobs.ts';
export { DiskGuard } from './disk-guard.ts';
export { ingestRoutes } from './ingest.routes.ts';
export { nmea2000With } from './n2k.ts';
export { replayLogFile } from './nmea-sources.ts';
export { IngestPipeline } from './pipeline.ts';
