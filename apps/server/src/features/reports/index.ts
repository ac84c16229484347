/** The reports feature's public entry: what the rest of the server may use of it. */
export type { DocColumn, ReportDocument } from './reports.document.ts';
export { ReportsExporter, writeDocument } from './reports.export.ts';
export type { CjkFont } from './reports.fonts.ts';
export { findCjkFont } from './reports.fonts.ts';
export { reportsRoutes } from './reports.routes.ts';
export { ReportsService, reportOf } from './reports.service.ts';
