/** The energy-report feature's public entry: what the rest of the server may use of it. */
export { EnergyReportExporter } from './energy-report.export.ts';
export { energyReportRoutes } from './energy-report.routes.ts';
export { EnergyReportService } from './energy-report.service.ts';
