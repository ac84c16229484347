import { i18n } from '../../i18n';
import en_US from '../../i18n/locales/en_US/compliance.json';
import zh_CN from '../../i18n/locales/zh_CN/compliance.json';

/**
 * The page's strings in both languages, added when its code loads: they stay out of the first route's language chunk
 * (scripts/bundle-budget.mjs), which the locale trees leave them out of.
 */
export const complianceStrings = { en_US, zh_CN };
for (const [language, tree] of Object.entries(complianceStrings)) {
  i18n.addResourceBundle(language, 'translation', { compliance: tree }, true, true);
}
