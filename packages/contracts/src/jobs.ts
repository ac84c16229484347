import { z } from 'zod';

/** A background job of the server (platform/jobs.ts): its schedule and its last run. */
export const jobStateSchema = z.object({
  /** `<feature>.<what>`, e.g. `telemetry.prune`. */
  name: z.string(),
  description: z.string(),
  /** Cron pattern, UTC. */
  schedule: z.string(),
  running: z.boolean(),
  runs: z.number().int(),
  failures: z.number().int(),
  lastRunAt: z.string().nullable(),
  lastDurationMs: z.number().nullable(),
  lastError: z.string().nullable(),
  nextRunAt: z.string().nullable(),
});
export type JobState = z.infer<typeof jobStateSchema>;

export const jobsResponseSchema = z.object({ jobs: z.array(jobStateSchema) });
export type JobsResponse = z.infer<typeof jobsResponseSchema>;
