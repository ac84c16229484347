import {
  energyReportExportQuerySchema,
  energyReportQuerySchema,
  energyReportResponseSchema,
} from '@ecohelm/contracts';
import type { AppInstance } from '../../platform/app-instance.ts';
import { fileAnswer, mediaBody, op } from '../../platform/operation.ts';
import { MEDIA_TYPE } from '../../platform/send-file.ts';
import type { EnergyReportExporter } from './energy-report.export.ts';
import type { EnergyReportService } from './energy-report.service.ts';

/** The fuel oil report (per day, month or voyage) and its XLSX and PDF files. */
export async function energyReportRoutes(
  app: AppInstance,
  report: EnergyReportService,
  exporter: EnergyReportExporter,
): Promise<void> {
  app.get(
    '/api/v1/energy-report',
    op('dashboard:read', 'energyReport.getReport', 'Read the energy efficiency report of a period', {
      query: energyReportQuerySchema,
      200: energyReportResponseSchema,
    }),
    (request) => report.report(request.query),
  );
  app.get(
    '/api/v1/energy-report/export',
    op('reports:export', 'energyReport.exportReport', 'Download the energy efficiency report', {
      query: energyReportExportQuerySchema,
      200: mediaBody(MEDIA_TYPE.xlsx, MEDIA_TYPE.pdf),
    }),
    fileAnswer((request) => exporter.export(request.query)),
  );
}
