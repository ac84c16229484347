/** The platform feature's public entry: what the rest of the server may use of it. */

export { jobsRoutes } from './jobs.routes.ts';
export { platformRoutes } from './platform.routes.ts';
