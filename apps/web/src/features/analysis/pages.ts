export { DevicePage } from './device-page';
export { DistributedPage } from './distributed-page';
export { EcaPage } from './eca-page';
export { ParamsPage } from './params-page';
export { EnergyReportPage } from './report-page';
