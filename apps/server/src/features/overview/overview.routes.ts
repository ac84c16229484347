import {
  overviewFactorsResponseSchema,
  overviewPageResponseSchema,
  overviewQuerySchema,
  overviewResponseSchema,
  overviewSettingsSchema,
} from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { unauthorized } from '../../platform/errors.ts';
import { op } from '../../platform/operation.ts';
import type { OverviewService } from './overview.service.ts';

/** The overview dashboard's figures and each device's overview settings (factor choice). */
export async function overviewRoutes(app: AppInstance, overview: OverviewService): Promise<void> {
  const deviceOf = (request: { auth?: { device: { id: string } } | undefined }) => {
    if (!request.auth) throw unauthorized();
    return request.auth.device.id;
  };

  app.get(
    '/api/v1/overview',
    op('dashboard:read', 'overview.getOverview', "Read the overview's figures", {
      query: overviewQuerySchema,
      200: overviewResponseSchema,
    }),
    async (request) => overview.overview(request.query.period),
  );
  app.get(
    '/api/v1/overview/page',
    op('dashboard:read', 'overview.getPage', 'Read everything the overview page draws', {
      query: overviewQuerySchema,
      200: overviewPageResponseSchema,
    }),
    async (request) => overview.page(request.query.period, deviceOf(request)),
  );
  app.get(
    '/api/v1/overview/settings',
    op('dashboard:read', 'overview.getSettings', "Read the device's overview settings", {
      200: overviewSettingsSchema,
    }),
    async (request) => overview.settings(deviceOf(request)),
  );
  app.put(
    '/api/v1/overview/settings',
    op('dashboard:read', 'overview.saveSettings', "Save the device's overview settings", {
      body: overviewSettingsSchema,
      200: overviewSettingsSchema,
    }),
    async (request) => overview.saveSettings(deviceOf(request), request.body),
  );
  app.get(
    '/api/v1/overview/factors',
    op('dashboard:read', 'overview.listFactors', 'List the emission factors the overview can use', {
      200: overviewFactorsResponseSchema,
    }),
    async (request) => overview.factors(deviceOf(request)),
  );
}
