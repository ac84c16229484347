import type { Locator, Page } from '@playwright/test';
import { expectNoRawText, type Lang, openConsole, saveScreen } from '../fixtures.ts';

/**
 * The console as a person sees it, for page objects to build on: opened as the test device in one language,
 * with its panels found by `data-panel`, and screenshots named after the feature and the language.
 */
export class ConsolePage {
  readonly page: Page;
  readonly lang: Lang;

  constructor(page: Page, lang: Lang) {
    this.page = page;
    this.lang = lang;
  }

  /** Opens `pathname` logged in as the test device; returns the device token. */
  visit(pathname: string): Promise<string> {
    return openConsole(this.page, pathname, this.lang);
  }

  /** A panel of the page frame by its id. */
  panel(id: string): Locator {
    return this.page.locator(`[data-panel="${id}"]`);
  }

  /** Fails on a raw translation key, NaN or "undefined" on screen. */
  expectTranslated(): Promise<void> {
    return expectNoRawText(this.page);
  }

  /** Saves `test-results/screens/<name>-<lang>.png`. */
  screen(name: string): Promise<void> {
    return saveScreen(this.page, `${name}-${this.lang}`);
  }
}
