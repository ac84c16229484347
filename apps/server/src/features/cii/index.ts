/** The cii feature's public entry: what the rest of the server may use of it. */
export { figureOf, voyageRowsOf, yearOf } from './cii.figures.ts';
export { ciiRoutes } from './cii.routes.ts';
export { CiiService, ciiShipOf, voyagesOf, yearEndOf } from './cii.service.ts';
