import { reportExportQuerySchema, reportQuerySchema, reportResponseSchema } from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requirePermission } from '../../platform/auth.ts';
import { sendFile } from '../../platform/send-file.ts';
import type { ReportsExporter } from './reports.export.ts';
import type { ReportsService } from './reports.service.ts';

/** EU MRV and IMO DCS reports: the JSON for the views and the XLSX/PDF files. */
export async function reportsRoutes(
  app: AppInstance,
  reports: ReportsService,
  exporter: ReportsExporter,
): Promise<void> {
  const exportGuard = { preHandler: requirePermission('reports:export') };
  const read = { preHandler: requirePermission('dashboard:read') };
  const tags = ['reports'];

  app.get(
    '/api/v1/reports',
    {
      ...read,
      schema: {
        operationId: 'reports.getReport',
        summary: 'Read a regulatory report (IMO DCS, EU MRV, CII)',
        tags,
        querystring: reportQuerySchema,
        response: { 200: reportResponseSchema },
      },
    },
    (request) => reports.report(request.query),
  );

  app.get(
    '/api/v1/reports/export',
    {
      ...exportGuard,
      schema: {
        operationId: 'reports.exportReport',
        summary: 'Download a regulatory report as PDF, XLSX or a package',
        tags,
        querystring: reportExportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await exporter.export(request.query);
      return sendFile(reply, file);
    },
  );
}
