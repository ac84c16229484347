import { addAreaStrings } from '../../i18n';
import ciiEn from '../../i18n/locales/en_US/cii.json';
import shipEn from '../../i18n/locales/en_US/ship.json';
import ciiZh from '../../i18n/locales/zh_CN/cii.json';
import shipZh from '../../i18n/locales/zh_CN/ship.json';

/** The CII pages' strings and the ship's particulars they name, added when their code loads (i18n/shell-areas.ts). */
addAreaStrings('cii', { en_US: ciiEn, zh_CN: ciiZh });
addAreaStrings('ship', { en_US: shipEn, zh_CN: shipZh });
