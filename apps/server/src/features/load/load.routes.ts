import { loadResponseSchema, loadSettingsInfoSchema, loadSettingsSchema } from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requirePermission } from '../../platform/auth.ts';
import type { LoadService } from './load.service.ts';

/**
 * Generator load assistant: the sets now, the advice and its saving, the limits it keeps to. Not registered when
 * the page configuration hides the load page, so its addresses answer 404 like any unknown one.
 */
export async function loadRoutes(app: AppInstance, load: LoadService): Promise<void> {
  const read = { preHandler: requirePermission('dashboard:read') };
  app.get(
    '/api/v1/load',
    {
      ...read,
      schema: {
        operationId: 'load.getLoad',
        summary: 'Read the electrical load and its priorities',
        tags: ['load'],
        response: { 200: loadResponseSchema },
      },
    },
    () => load.report(),
  );
  app.get(
    '/api/v1/load/settings',
    {
      ...read,
      schema: {
        operationId: 'load.getSettings',
        summary: 'Read the load management settings',
        tags: ['load'],
        response: { 200: loadSettingsInfoSchema },
      },
    },
    () => load.settings(),
  );
  app.put(
    '/api/v1/load/settings',
    {
      preHandler: requirePermission('settings:write'),
      schema: {
        operationId: 'load.saveSettings',
        summary: 'Save the load management settings',
        tags: ['load'],
        body: loadSettingsSchema,
        response: { 200: loadSettingsInfoSchema },
      },
    },
    (request) => load.saveSettings(request.body, request.auth?.device.code ?? null),
  );
}
