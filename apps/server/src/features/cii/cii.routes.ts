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
      schema: {
        operationId: 'cii.getStatistics',
        summary: 'Read the CII statistics of a year',
        tags,
        querystring: ciiStatisticsQuerySchema,
        response: { 200: ciiStatisticsResponseSchema },
      },
    },
    (request) => cii.statistics(request.query),
  );

  app.get(
    '/api/v1/cii/report',
    {
      ...read,
      schema: {
        operationId: 'cii.getReport',
        summary: 'Read the CII report of a year',
        tags,
        querystring: ciiReportQuerySchema,
        response: { 200: ciiReportResponseSchema },
      },
    },
    (request) => cii.report(request.query),
  );

  app.get(
    '/api/v1/cii/simulator',
    {
      ...read,
      schema: {
        operationId: 'cii.simulateCii',
        summary: "Simulate the year's CII for planned operations",
        tags,
        querystring: ciiSimulatorQuerySchema,
        response: { 200: ciiSimulatorResponseSchema },
      },
    },
    (request) => cii.simulator(request.query),
  );
}
