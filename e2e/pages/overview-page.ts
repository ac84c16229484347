import type { Locator } from '@playwright/test';
import { ConsolePage } from './console-page.ts';

const text = {
  en_US: {
    settings: 'Settings',
    bunker: 'Bunker record (fuel oil / diesel oil / lube oil)',
    dialogTitle: 'Overview settings',
    tooMany: 'At most four factors can be selected',
    save: 'Save',
    saved: 'Settings saved',
    inside: /Inside|Outside ECA/,
    /** Factors typed into the picker, by their names in this language. */
    heading: 'Heading (true)',
    hfoFlow: 'M/E fuel flow HFO',
    /** A factor's name on the panel: the chosen channels in the console's language. */
    shaftSpeed: 'M/E shaft speed',
  },
  zh_CN: {
    settings: '设置',
    bunker: '燃油存量（燃料油 / 柴油 / 润滑油）',
    dialogTitle: '总览设置',
    tooMany: '最多只能选择四个因素',
    save: '保存',
    saved: '设置已保存',
    inside: /位于|排放控制区外/,
    heading: '真艏向',
    hfoFlow: '主机燃油流量 HFO',
    shaftSpeed: '主机转速',
  },
} as const;

/** The overview (`/overview`): its panels, the live navigation values and the per-console settings dialog. */
export class OverviewPage extends ConsolePage {
  get text() {
    return text[this.lang];
  }

  open(): Promise<string> {
    return this.visit('/overview');
  }

  ciiRating(): Locator {
    return this.panel('ciiRating')
      .getByText(/^[A-E]$/)
      .first();
  }

  /** The six live navigation values as drawn now. */
  navigationValues(): Promise<string[]> {
    return this.panel('navigationStatus').locator('.ant-statistic-content').allInnerTexts();
  }

  factors(): Locator {
    return this.panel('factorStatistics').locator('[data-factor]');
  }

  settingsDialog(): Locator {
    return this.page.getByRole('dialog');
  }

  async openSettings(): Promise<Locator> {
    await this.page.getByRole('button', { name: this.text.settings, exact: true }).click();
    return this.settingsDialog();
  }

  /** Types a factor's name into the factor picker and picks it. */
  async addFactor(name: string): Promise<void> {
    await this.settingsDialog()
      .getByLabel(/Factors|因素/)
      .click();
    await this.page.keyboard.type(name);
    await this.page.keyboard.press('Enter');
  }

  async removeLastFactor(): Promise<void> {
    await this.settingsDialog().locator('.ant-select-selection-item-remove').last().click();
  }

  /** Closes the factor picker's dropdown by clicking the dialog's title. */
  closePicker(): Promise<void> {
    return this.settingsDialog().getByText(this.text.dialogTitle).click();
  }

  bunkerToggle(): Locator {
    return this.settingsDialog().getByRole('checkbox', { name: this.text.bunker });
  }

  saveSettings(): Promise<void> {
    return this.settingsDialog().getByRole('button', { name: this.text.save, exact: true }).click();
  }
}
