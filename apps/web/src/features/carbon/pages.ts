export { BasicInfoPage } from './basic-page';
export { CiiSimulatorPage } from './cii-simulator-page';
export { CiiStatisticsPage } from './cii-statistics-page';
export { FillingPage } from './filling-page';
export { ExportReportPage } from './report-page';
