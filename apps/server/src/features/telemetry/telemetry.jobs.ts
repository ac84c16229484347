import type { TelemetryService } from './telemetry.service.ts';

/**
 * Retention and compaction: prunes raw samples past the raw window and minute rollups past theirs, then moves
 * closed hours and days into compressed chunks; once at start and then every ten minutes (pruning, which finds
 * little to do between hours, is cheap). Returns the stop function.
 */
export function startRawPruneJob(
  telemetry: TelemetryService,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
  everyMs = 600_000,
): () => void {
  const run = () =>
    telemetry
      .pruneRaw()
      .then((deleted) => deleted > 0 && log.info({ deleted }, 'pruned raw samples past the raw window'))
      .then(() => telemetry.pruneMinutes())
      .then((deleted) => deleted > 0 && log.info({ deleted }, 'pruned minute rollups past their window'))
      .then(() => telemetry.compact())
      .then(
        (moved) => moved.samples + moved.minutes > 0 && log.info(moved, 'compacted telemetry into chunks'),
      )
      .catch((error: Error) => log.error({ err: error }, 'telemetry prune or compaction failed'));
  const first = setTimeout(run, 30_000);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
