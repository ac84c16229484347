/** The two interface languages (SPEC §4). */
export const languages = ['zh_CN', 'en_US'] as const;
export type Language = (typeof languages)[number];

/** localStorage key that keeps the chosen language. */
export const languageStorageKey = 'lang';
export const defaultLanguage: Language = 'zh_CN';
export const fallbackLanguage: Language = 'en_US';

/** Any stored value other than `en_US` (including none) selects Chinese (SPEC §4). */
export function resolveLanguage(stored: string | null | undefined): Language {
  return stored === 'en_US' ? 'en_US' : 'zh_CN';
}

export function otherLanguage(current: string): Language {
  return resolveLanguage(current) === 'en_US' ? 'zh_CN' : 'en_US';
}

export function readStoredLanguage(storage: Pick<Storage, 'getItem'> = localStorage): Language {
  try {
    return resolveLanguage(storage.getItem(languageStorageKey));
  } catch {
    return defaultLanguage;
  }
}

/** BCP 47 tag for `<html lang>`. */
export function htmlLang(language: Language): string {
  return language === 'en_US' ? 'en' : 'zh-CN';
}
