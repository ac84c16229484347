import { trimResponseSchema, trimTableImportSchema, trimTableInfoSchema } from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requirePermission } from '../../platform/auth.ts';
import type { TrimService } from './trim.service.ts';

/** Trim optimisation: trim and heel now, the optimum for the current speed and draught, every bin's fit, the vendor table. */
export async function trimRoutes(app: AppInstance, trim: TrimService): Promise<void> {
  const read = { preHandler: requirePermission('dashboard:read') };
  app.get(
    '/api/v1/trim',
    {
      ...read,
      schema: {
        operationId: 'trim.getTrim',
        summary: 'Read trim now and the optimum trim',
        tags: ['trim'],
        response: { 200: trimResponseSchema },
      },
    },
    () => trim.report(),
  );
  app.post(
    '/api/v1/trim/table',
    {
      preHandler: requirePermission('settings:write'),
      schema: {
        operationId: 'trim.importTable',
        summary: 'Import a vendor trim table',
        tags: ['trim'],
        body: trimTableImportSchema,
        response: { 201: trimTableInfoSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await trim.importTable(request.body, request.auth?.device.code ?? null)),
  );
}
