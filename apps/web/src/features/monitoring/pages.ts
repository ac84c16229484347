export { BoilerPage } from './boiler-page';
export { GePage } from './ge-page';
export { MePage } from './me-page';
