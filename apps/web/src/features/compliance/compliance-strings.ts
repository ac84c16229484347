import { addAreaStrings } from '../../i18n';
import en_US from '../../i18n/locales/en_US/compliance.json';
import zh_CN from '../../i18n/locales/zh_CN/compliance.json';

/**
 * The page's strings in both languages, added when its code loads: they stay out of the first route's language chunk
 * (i18n/shell-areas.ts).
 */
export const complianceStrings = { en_US, zh_CN };
addAreaStrings('compliance', complianceStrings);
