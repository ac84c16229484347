import {
  ciiReportQuerySchema,
  ciiReportResponseSchema,
  ciiSimulatorQuerySchema,
  ciiSimulatorResponseSchema,
  ciiStatisticsQuerySchema,
  ciiStatisticsResponseSchema,
} from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { op } from '../../platform/operation.ts';
import type { CiiService } from './cii.service.ts';

/** CII statistics, report samples and the CII simulator: read-only, any logged-in device. */
export async function ciiRoutes(app: AppInstance, cii: CiiService): Promise<void> {
  app.get(
    '/api/v1/cii/statistics',
    op('dashboard:read', 'cii.getStatistics', 'Read the CII statistics of a year', {
      query: ciiStatisticsQuerySchema,
      200: ciiStatisticsResponseSchema,
    }),
    (request) => cii.statistics(request.query),
  );

  app.get(
    '/api/v1/cii/report',
    op('dashboard:read', 'cii.getReport', 'Read the CII report of a year', {
      query: ciiReportQuerySchema,
      200: ciiReportResponseSchema,
    }),
    (request) => cii.report(request.query),
  );

  app.get(
    '/api/v1/cii/simulator',
    op('dashboard:read', 'cii.simulateCii', "Simulate the year's CII for planned operations", {
      query: ciiSimulatorQuerySchema,
      200: ciiSimulatorResponseSchema,
    }),
    (request) => cii.simulator(request.query),
  );
}
