import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  fallbackLanguage,
  htmlLang,
  type Language,
  languageStorageKey,
  languages,
  readStoredLanguage,
} from './language';
import { loadResources } from './resources';
import type { Tree } from './tree';

/** The app's i18next instance: zh_CN by default, en_US as fallback (SPEC §4, §9); strings added as loaded. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: readStoredLanguage(),
  fallbackLng: fallbackLanguage,
  supportedLngs: [...languages],
  load: 'currentOnly',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(lng as Language);
});

const loading = new Map<Language, Promise<void>>();

/** Loads a language's strings once (its own chunk) into the instance. */
export function ensureLanguage(language: Language): Promise<void> {
  let done = loading.get(language);
  if (!done) {
    done = loadResources(language).then((tree) => {
      i18n.addResourceBundle(language, 'translation', tree, true, true);
    });
    loading.set(language, done);
  }
  return done;
}

/** The stored language's strings: the console renders once they are in. */
export const i18nReady: Promise<void> = ensureLanguage(readStoredLanguage());

/** Switches the language (loading its strings the first time) and remembers the choice under `lang`. */
export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(languageStorageKey, language);
  } catch {
    // storage may be unavailable (private mode); the switch still applies to this session
  }
  await ensureLanguage(language);
  await i18n.changeLanguage(language);
}

/**
 * Adds an area's strings in both languages (`addAreaStrings('speed', { en_US, zh_CN })`, each the area's JSON file):
 * called by the code of the pages that show the area, when it loads, so the area stays out of the language chunk the
 * first route loads (shell-areas.ts). Adding an area twice changes nothing.
 */
export function addAreaStrings(area: string, strings: Record<Language, Tree>): void {
  for (const language of languages)
    i18n.addResourceBundle(language, 'translation', { [area]: strings[language] }, true, true);
}
