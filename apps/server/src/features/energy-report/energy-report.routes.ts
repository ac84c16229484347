import {
  energyReportExportQuerySchema,
  energyReportQuerySchema,
  energyReportResponseSchema,
} from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requirePermission } from '../../platform/auth.ts';
import { sendFile } from '../../platform/send-file.ts';
import type { EnergyReportExporter } from './energy-report.export.ts';
import type { EnergyReportService } from './energy-report.service.ts';

/** The fuel oil report (per day, month or voyage) and its XLSX and PDF files. */
export async function energyReportRoutes(
  app: AppInstance,
  report: EnergyReportService,
  exporter: EnergyReportExporter,
): Promise<void> {
  const exportGuard = { preHandler: requirePermission('reports:export') };
  const read = { preHandler: requirePermission('dashboard:read') };
  const tags = ['energy-report'];
  app.get(
    '/api/v1/energy-report',
    {
      ...read,
      schema: {
        operationId: 'energyReport.getReport',
        summary: 'Read the energy efficiency report of a period',
        tags,
        querystring: energyReportQuerySchema,
        response: { 200: energyReportResponseSchema },
      },
    },
    (request) => report.report(request.query),
  );
  app.get(
    '/api/v1/energy-report/export',
    {
      ...exportGuard,
      schema: {
        operationId: 'energyReport.exportReport',
        summary: 'Download the energy efficiency report',
        tags,
        querystring: energyReportExportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await exporter.export(request.query);
      return sendFile(reply, file);
    },
  );
}
