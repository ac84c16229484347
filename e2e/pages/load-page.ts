import type { Locator } from '@playwright/test';
import { buttonName } from '../fixtures.ts';
import { ConsolePage } from './console-page.ts';

const text = {
  en_US: {
    title: 'Generator load assistant',
    settings: buttonName('Settings'),
    save: buttonName('Save'),
    running: 'running',
    minLoad: 'Minimum load',
    maxLoad: 'Maximum load',
    reserve: 'Reserve for the largest consumer',
    maxBelowMin: 'The maximum load must be above the minimum load.',
    priorityOf: (n: string) => `Priority of G/E ${n}`,
    level: (p: number) => `Priority ${p}`,
    keep: /^Keep the sets as they run: G\/E \d give the least fuel for \d+ kW\.$/,
    /** Keep, or change over to the set the priorities put first when the sets burn the same fuel. */
    keepOrPriority:
      /^(Keep the sets as they run: G\/E \d give the least fuel for \d+ kW\.|.+: the same fuel \([\d.,]+ kg\/h\), and the priorities put G\/E \d first\.)$/,
    start: (n: string) => new RegExp(`^Start G/E ${n}(: saves|, | to keep)`),
  },
  zh_CN: {
    title: '发电机负荷助手',
    settings: buttonName('设置'),
    save: buttonName('保存'),
    running: '运行',
    minLoad: '最低负荷',
    maxLoad: '最高负荷',
    reserve: '最大用电设备备用功率',
    maxBelowMin: '最高负荷必须高于最低负荷。',
    priorityOf: (n: string) => `${n}号发电机优先级`,
    level: (p: number) => `优先级 ${p}`,
    keep: /^保持当前运行方式：G\/E \d 在 \d+ kW 负荷下油耗最低。$/,
    keepOrPriority:
      /^(保持当前运行方式：G\/E \d 在 \d+ kW 负荷下油耗最低。|.+：油耗相同（[\d.,]+ kg\/h），按优先级应由 G\/E \d 运行。)$/,
    start: (n: string) => new RegExp(`^启动${n}号发电机(：|，)`),
  },
} as const;

/** Generator load assistant (`/eff-optimize/load`): sets, advice, priorities, settings modal, curves. */
export class LoadPage extends ConsolePage {
  get text() {
    return text[this.lang];
  }

  open(): Promise<string> {
    return this.visit('/eff-optimize/load');
  }

  get advice(): Locator {
    return this.panel('generatorStatus').getByTestId('load-advice');
  }

  /** The status table's rows, one per set. */
  get setRows(): Locator {
    return this.panel('generatorStatus').locator('.load-sets tbody tr.ant-table-row');
  }

  /** Numbers (1–3) of the sets whose status says running, and of the others. */
  async runningSets(): Promise<{ running: string[]; stopped: string[] }> {
    const running: string[] = [];
    const stopped: string[] = [];
    for (const row of await this.setRows.all()) {
      const n = (await row.locator('td').first().innerText()).replace('G/E ', '').trim();
      const status = (await row.locator('td').nth(1).innerText()).trim();
      (status === this.text.running ? running : stopped).push(n);
    }
    return { running, stopped };
  }

  async setPriority(n: string, level: number): Promise<void> {
    await this.page.getByRole('combobox', { name: this.text.priorityOf(n) }).click();
    await this.page.locator(`.ant-select-item-option[title="${this.text.level(level)}"]`).click();
  }

  /** Opens the settings modal; returns it. */
  async openSettings(): Promise<Locator> {
    await this.page.getByRole('button', { name: this.text.settings }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.waitFor();
    return dialog;
  }
}
