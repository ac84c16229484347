import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  fallbackLanguage,
  htmlLang,
  type Language,
  languageStorageKey,
  readStoredLanguage,
} from './language';
import { buildResources } from './resources';

const resources = buildResources();

/** The app's i18next instance: zh_CN by default, en_US as fallback, both bundled (SPEC §4, §9). */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { zh_CN: { translation: resources.zh_CN }, en_US: { translation: resources.en_US } },
  lng: readStoredLanguage(),
  fallbackLng: fallbackLanguage,
  supportedLngs: ['zh_CN', 'en_US'],
  load: 'currentOnly',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(lng as Language);
});

/** Switches the language and remembers the choice under `lang`. */
export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(languageStorageKey, language);
  } catch {
    // storage may be unavailable (private mode); the switch still applies to this session
  }
  await i18n.changeLanguage(language);
}
