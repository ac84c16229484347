import { addAreaStrings } from '../../i18n';
import speedEn from '../../i18n/locales/en_US/speed.json';
import speedZh from '../../i18n/locales/zh_CN/speed.json';

/** The speed page's strings, added when its code or its dialogs' loads (i18n/shell-areas.ts). */
addAreaStrings('speed', { en_US: speedEn, zh_CN: speedZh });
