import type { TelemetryService } from './telemetry.service.ts';

/**
 * Retention and compaction, one run of the `telemetry.prune` job (every ten minutes, first 30 s after the start):
 * prunes raw samples past the raw window and minute rollups past theirs, then moves closed hours and days into
 * compressed chunks (pruning, which finds little to do between hours, is cheap). Throws what failed, for the job
 * registry to keep.
 */
export async function pruneAndCompact(
  telemetry: TelemetryService,
  log: { info(o: object, m: string): void },
): Promise<void> {
  const raw = await telemetry.pruneRaw();
  if (raw > 0) log.info({ deleted: raw }, 'pruned raw samples past the raw window');
  const minutes = await telemetry.pruneMinutes();
  if (minutes > 0) log.info({ deleted: minutes }, 'pruned minute rollups past their window');
  const moved = await telemetry.compact();
  if (moved.samples + moved.minutes > 0) log.info(moved, 'compacted telemetry into chunks');
}
