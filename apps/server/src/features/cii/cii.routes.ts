import {
  ciiReportQuerySchema,
  ciiReportResponseSchema,
  ciiSimulatorQuerySchema,
  ciiSimulatorResponseSchema,
  ciiStatisticsQuerySchema,
  ciiStatisticsResponseSchema,
} from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requirePermission } from '../../platform/auth.ts';
import type { CiiService } from './cii.service.ts';

/** CII statistics, report samples and the CII simulator: read-only, any logged-in device. */
export async function ciiRoutes(app: AppInstance, cii: CiiService): Promise<void> {
  const read = { preHandler: requirePermission('dashboard:read') };
  const tags = ['cii'];

  app.get(
    '/api/v1/cii/statistics',
    {
      ...read,
      schema: { tags, querystring: ciiStatisticsQuerySchema, response: { 200: ciiStatisticsResponseSchema } },
    },
    (request) => cii.statistics(request.query),
  );

  app.get(
    '/api/v1/cii/report',
    {
      ...read,
      schema: { tags, querystring: ciiReportQuerySchema, response: { 200: ciiReportResponseSchema } },
    },
    (request) => cii.report(request.query),
  );

  app.get(
    '/api/v1/cii/simulator',
    {
      ...read,
      schema: { tags, querystring: ciiSimulatorQuerySchema, response: { 200: ciiSimulatorResponseSchema } },
    },
    (request) => cii.simulator(request.query),
  );
}
