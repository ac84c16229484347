import { i18n } from '../../i18n';
import en_US from '../../i18n/locales/en_US/ingest.json';
import zh_CN from '../../i18n/locales/zh_CN/ingest.json';

/**
 * The Data sources dialog's strings in both languages, added when the dialog's code loads: they stay out of the first
 * route's language chunk (scripts/bundle-budget.mjs), which the locale trees leave them out of. The header's button
 * names the dialog with `header.dataSources`.
 */
export const ingestStrings = { en_US, zh_CN };
for (const [language, tree] of Object.entries(ingestStrings)) {
  i18n.addResourceBundle(language, 'translation', { ingest: tree }, true, true);
}
