import { expect, type Locator, type Page } from '@playwright/test';
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

  /**
   * Chooses `option` in the select `select` and waits until the list is shut again. The list is opened from the keyboard
   * (focus, arrow down), as a crew member without a mouse would: a click that lands while a dialog or a new row is
   * still being laid out can leave the list shut (seen in CI), a key press does not depend on where the select is
   * drawn. Tried again until the option can be chosen.
   */
  async chooseOption(select: Locator, option: Locator): Promise<void> {
    await expect(async () => {
      if (!(await option.isVisible())) {
        await select.focus();
        await this.page.keyboard.press('ArrowDown');
      }
      await option.click({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(select).toHaveAttribute('aria-expanded', 'false');
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
