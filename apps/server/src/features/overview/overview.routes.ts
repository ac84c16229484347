import {
  overviewFactorsResponseSchema,
  overviewPageResponseSchema,
  overviewQuerySchema,
  overviewResponseSchema,
  overviewSettingsSchema,
} from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requirePermission } from '../../platform/auth.ts';
import { unauthorized } from '../../platform/errors.ts';
import type { OverviewService } from './overview.service.ts';

/** The overview dashboard's figures and each device's overview settings (factor choice). */
export async function overviewRoutes(app: AppInstance, overview: OverviewService): Promise<void> {
  const read = { preHandler: requirePermission('dashboard:read') };
  const tags = ['overview'];
  const deviceOf = (request: { auth?: { device: { id: string } } | undefined }) => {
    if (!request.auth) throw unauthorized();
    return request.auth.device.id;
  };

  app.get(
    '/api/v1/overview',
    {
      ...read,
      schema: {
        operationId: 'overview.getOverview',
        summary: "Read the overview's figures",
        tags,
        querystring: overviewQuerySchema,
        response: { 200: overviewResponseSchema },
      },
    },
    async (request) => overview.overview(request.query.period),
  );
  app.get(
    '/api/v1/overview/page',
    {
      ...read,
      schema: {
        operationId: 'overview.getPage',
        summary: 'Read everything the overview page draws',
        tags,
        querystring: overviewQuerySchema,
        response: { 200: overviewPageResponseSchema },
      },
    },
    async (request) => overview.page(request.query.period, deviceOf(request)),
  );
  app.get(
    '/api/v1/overview/settings',
    {
      ...read,
      schema: {
        operationId: 'overview.getSettings',
        summary: "Read the device's overview settings",
        tags,
        response: { 200: overviewSettingsSchema },
      },
    },
    async (request) => overview.settings(deviceOf(request)),
  );
  app.put(
    '/api/v1/overview/settings',
    {
      preHandler: requirePermission('dashboard:read'),
      schema: {
        operationId: 'overview.saveSettings',
        summary: "Save the device's overview settings",
        tags,
        body: overviewSettingsSchema,
        response: { 200: overviewSettingsSchema },
      },
    },
    async (request) => overview.saveSettings(deviceOf(request), request.body),
  );
  app.get(
    '/api/v1/overview/factors',
    {
      ...read,
      schema: {
        operationId: 'overview.listFactors',
        summary: 'List the emission factors the overview can use',
        tags,
        response: { 200: overviewFactorsResponseSchema },
      },
    },
    async (request) => overview.factors(deviceOf(request)),
  );
}
