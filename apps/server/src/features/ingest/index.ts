/** The ingest feature's public entry: what the rest of the server may use of it. */
export { AdapterRegistry, startConfiguredAdapters } from './adapters.ts';
export { CsvJobs, importCsv } from './csv-jobs.ts';
export { DiskGuard } from './disk-guard.ts';
export { ingestRoutes } from './ingest.routes.ts';
export { IngestPipeline } from './pipeline.ts';

/**
 * The NMEA decoders (log replay, NMEA 2000 in canboat's text formats), loaded on first use: their PGN and sentence
 * tables weigh ~30 MB of heap, which a server with no NMEA source should not carry.
 */
export async function nmeaDecoding() {
  const [{ nmea2000With }, { replayLogFile }] = await Promise.all([
    import('./n2k.ts'),
    import('./nmea-sources.ts'),
  ]);
  return { nmea2000With, replayLogFile };
}
