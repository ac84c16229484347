import { jobsResponseSchema } from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requirePermission } from '../../platform/auth.ts';
import type { JobState } from '../../platform/jobs.ts';

/** The server's background jobs, their schedules and last runs (the Data sources dialog shows them). */
export async function jobsRoutes(app: AppInstance, jobs: () => JobState[]): Promise<void> {
  app.get(
    '/api/v1/jobs',
    {
      preHandler: requirePermission('dashboard:read'),
      schema: {
        operationId: 'platform.listJobs',
        summary: 'List the background jobs with their last run',
        tags: ['platform'],
        response: { 200: jobsResponseSchema },
      },
    },
    () => ({ jobs: jobs() }),
  );
}
