/** The consumption feature's public entry: what the rest of the server may use of it. */
export { consumptionRoutes } from './consumption.routes.ts';
export { ConsumptionService } from './consumption.service.ts';
