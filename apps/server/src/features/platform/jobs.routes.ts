import { jobsResponseSchema } from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import type { JobState } from '../../platform/jobs.ts';
import { op } from '../../platform/operation.ts';

/** The server's background jobs, their schedules and last runs (the Data sources dialog shows them). */
export async function jobsRoutes(app: AppInstance, jobs: () => JobState[]): Promise<void> {
  app.get(
    '/api/v1/jobs',
    op('dashboard:read', 'platform.listJobs', 'List the background jobs with their last run', {
      200: jobsResponseSchema,
    }),
    () => ({ jobs: jobs() }),
  );
}
