/** The fouling feature's public entry: what the rest of the server may use of it. */
export { foulingRoutes } from './fouling.routes.ts';
export { FoulingService } from './fouling.service.ts';
