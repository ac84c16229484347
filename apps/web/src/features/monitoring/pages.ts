import { addAreaStrings } from '../../i18n';
import monitoringEn from '../../i18n/locales/en_US/monitoring.json';
import monitoringZh from '../../i18n/locales/zh_CN/monitoring.json';

// The page's strings, added when its code loads: they are not in the first route's language chunk (i18n/shell-areas.ts).
addAreaStrings('monitoring', { en_US: monitoringEn, zh_CN: monitoringZh });

export { BoilerPage } from './boiler-page';
export { GePage } from './ge-page';
export { MePage } from './me-page';
