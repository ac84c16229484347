import { reportExportQuerySchema, reportQuerySchema, reportResponseSchema } from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { fileAnswer, mediaBody, op } from '../../platform/operation.ts';
import { MEDIA_TYPE } from '../../platform/send-file.ts';
import type { ReportsExporter } from './reports.export.ts';
import type { ReportsService } from './reports.service.ts';

/** EU MRV and IMO DCS reports: the JSON for the views and the XLSX/PDF files. */
export async function reportsRoutes(
  app: AppInstance,
  reports: ReportsService,
  exporter: ReportsExporter,
): Promise<void> {
  app.get(
    '/api/v1/reports',
    op('dashboard:read', 'reports.getReport', 'Read a regulatory report (IMO DCS, EU MRV, CII)', {
      query: reportQuerySchema,
      200: reportResponseSchema,
    }),
    (request) => reports.report(request.query),
  );

  app.get(
    '/api/v1/reports/export',
    op('reports:export', 'reports.exportReport', 'Download a regulatory report as PDF, XLSX or a package', {
      query: reportExportQuerySchema,
      200: mediaBody(MEDIA_TYPE.xlsx, MEDIA_TYPE.pdf, MEDIA_TYPE.zip),
    }),
    fileAnswer((request) => exporter.export(request.query)),
  );
}
