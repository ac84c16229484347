import { trimResponseSchema } from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import type { TrimService } from './trim.service.ts';

/** Trim optimisation: trim and heel now, the optimum for the current speed and draught, every bin's fit. */
export async function trimRoutes(app: AppInstance, trim: TrimService): Promise<void> {
  app.get('/api/v1/trim', { schema: { tags: ['trim'], response: { 200: trimResponseSchema } } }, () =>
    trim.report(),
  );
}
