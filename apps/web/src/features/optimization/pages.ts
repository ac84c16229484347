export { FoulingPage } from './fouling-page';
export { LoadPage } from './load-page';
export { SpeedPage } from './speed-page';
export { TrimPage } from './trim-page';
