/** The monitoring feature's public entry: what the rest of the server may use of it. */
export { monitoringRoutes } from './monitoring.routes.ts';
export { MonitoringService } from './monitoring.service.ts';
