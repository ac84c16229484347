import { loadResponseSchema, loadSettingsInfoSchema, loadSettingsSchema } from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { op } from '../../platform/operation.ts';
import type { LoadService } from './load.service.ts';

/**
 * Generator load assistant: the sets now, the advice and its saving, the limits it keeps to. Not registered when
 * the page configuration hides the load page, so its addresses answer 404 like any unknown one.
 */
export async function loadRoutes(app: AppInstance, load: LoadService): Promise<void> {
  app.get(
    '/api/v1/load',
    op('dashboard:read', 'load.getLoad', 'Read the electrical load and its priorities', {
      200: loadResponseSchema,
    }),
    () => load.report(),
  );
  app.get(
    '/api/v1/load/settings',
    op('dashboard:read', 'load.getSettings', 'Read the load management settings', {
      200: loadSettingsInfoSchema,
    }),
    () => load.settings(),
  );
  app.put(
    '/api/v1/load/settings',
    op('settings:write', 'load.saveSettings', 'Save the load management settings', {
      body: loadSettingsSchema,
      200: loadSettingsInfoSchema,
    }),
    (request) => load.saveSettings(request.body, request.auth?.device.code ?? null),
  );
}
