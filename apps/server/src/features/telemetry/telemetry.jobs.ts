import type { TelemetryService } from './telemetry.service.ts';

/**
 * Retention: prunes raw samples past the raw window and minute rollups past theirs, once at start and then every
 * hour; returns the stop function.
 */
export function startRawPruneJob(
  telemetry: TelemetryService,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
  everyMs = 3600_000,
): () => void {
  const run = () =>
    telemetry
      .pruneRaw()
      .then((deleted) => deleted > 0 && log.info({ deleted }, 'pruned raw samples past the raw window'))
      .then(() => telemetry.pruneMinutes())
      .then((deleted) => deleted > 0 && log.info({ deleted }, 'pruned minute rollups past their window'))
      .catch((error: Error) => log.error({ err: error }, 'telemetry prune failed'));
  const first = setTimeout(run, 30_000);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
