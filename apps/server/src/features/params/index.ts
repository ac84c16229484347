/** The params feature's public entry: what the rest of the server may use of it. */
export { paramsRoutes } from './params.routes.ts';
export { ParamsService } from './params.service.ts';
