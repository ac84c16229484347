import { describe, expect, it } from 'vitest';
import { otherLanguage, readStoredLanguage, resolveLanguage } from './language';

describe('language selection', () => {
  it('selects English only for the stored value en_US', () => {
    expect(resolveLanguage('en_US')).toBe('en_US');
  });

  it('selects Chinese for anything else, including nothing stored', () => {
    for (const stored of [null, undefined, '', 'zh_CN', 'en', 'en-US', 'EN_US', 'fr_FR']) {
      expect(resolveLanguage(stored)).toBe('zh_CN');
    }
  });

  it('reads the choice from storage under `lang`', () => {
    localStorage.setItem('lang', 'en_US');
    expect(readStoredLanguage()).toBe('en_US');
    localStorage.setItem('lang', 'de_DE');
    expect(readStoredLanguage()).toBe('zh_CN');
    localStorage.removeItem('lang');
    expect(readStoredLanguage()).toBe('zh_CN');
  });

  it('toggles between the two languages', () => {
    expect(otherLanguage('zh_CN')).toBe('en_US');
    expect(otherLanguage('en_US')).toBe('zh_CN');
    expect(otherLanguage('whatever')).toBe('en_US');
  });
});
