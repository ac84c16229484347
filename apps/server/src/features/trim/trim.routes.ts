import { trimResponseSchema, trimTableImportSchema, trimTableInfoSchema } from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { answer, op } from '../../platform/operation.ts';
import type { TrimService } from './trim.service.ts';

/** Trim optimisation: trim and heel now, the optimum for the current speed and draught, every bin's fit, the vendor table. */
export async function trimRoutes(app: AppInstance, trim: TrimService): Promise<void> {
  app.get(
    '/api/v1/trim',
    op('dashboard:read', 'trim.getTrim', 'Read trim now and the optimum trim', { 200: trimResponseSchema }),
    () => trim.report(),
  );
  app.post(
    '/api/v1/trim/table',
    op('settings:write', 'trim.importTable', 'Import a vendor trim table', {
      body: trimTableImportSchema,
      201: trimTableInfoSchema,
    }),
    answer(201, (request) => trim.importTable(request.body, request.auth?.device.code ?? null)),
  );
}
