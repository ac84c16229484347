import { addAreaStrings } from '../../i18n';
import en_US from '../../i18n/locales/en_US/ingest.json';
import zh_CN from '../../i18n/locales/zh_CN/ingest.json';

/**
 * The Data sources dialog's strings in both languages, added when the dialog's code loads: they stay out of the first
 * route's language chunk (i18n/shell-areas.ts). The header's button names the dialog with `header.dataSources`.
 */
addAreaStrings('ingest', { en_US, zh_CN });
