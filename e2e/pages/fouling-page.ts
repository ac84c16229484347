import type { Locator } from '@playwright/test';
import { ConsolePage } from './console-page.ts';

const text = {
  en_US: {
    title: 'Hull fouling monitoring',
    add: 'Add record',
    modalTitle: 'Add a cleaning record',
    save: 'Save',
    placeRequired: 'Please enter the place',
    endBeforeStart: 'The end time must not be before the start time',
    added: 'Record added',
    kind: 'Propeller polishing',
    rating: /^(Excellent|Good|Fair|Poor)$/,
    notEnough: 'Not enough valid data in the last 30 days to rate the hull.',
    tips: /^(no worsening trend|worsening trend, keep monitoring|severely polluted, clean in time)$/,
    range: '6 months',
    noBlocks: 'No 10-minute block met the reference conditions in this range.',
  },
  zh_CN: {
    title: '船体污底监测',
    add: '新增记录',
    modalTitle: '新增清洗记录',
    save: '保存',
    placeRequired: '请输入地点',
    endBeforeStart: '结束时间不能早于开始时间',
    added: '记录已添加',
    kind: '螺旋桨抛光',
    rating: /^(优|良|中|差)$/,
    notEnough: '近30天有效数据不足，无法评定船体状况。',
    tips: /^(无恶化趋势|呈恶化趋势，请持续关注|污染严重，请及时清洗)$/,
    range: '6个月',
    noBlocks: '该时间范围内没有满足参考条件的10分钟数据块。',
  },
} as const;

/** Hull fouling (`/eff-optimize/fouling`): trend, rating and tip, maintenance records and their modal, indicators. */
export class FoulingPage extends ConsolePage {
  get text() {
    return text[this.lang];
  }

  open(): Promise<string> {
    return this.visit('/eff-optimize/fouling');
  }

  get modal(): Locator {
    return this.page.getByRole('dialog');
  }

  /** Fills the add-record modal; times in ship time as the date picker takes them. */
  async fillRecord(r: { kind?: string; place?: string; start?: string; end?: string; remark?: string }) {
    if (r.kind) {
      await this.modal.getByRole('combobox').first().click();
      await this.page.getByTitle(r.kind, { exact: true }).click();
    }
    if (r.place !== undefined) await this.modal.getByLabel(/Place|地点/).fill(r.place);
    for (const [label, value] of [
      [/^Start$|^开始时间$/, r.start],
      [/^End$|^结束时间$/, r.end],
    ] as const) {
      if (value === undefined) continue;
      const input = this.modal.getByLabel(label);
      await input.click();
      await input.fill(value);
      await input.press('Enter');
    }
    if (r.remark !== undefined) await this.modal.getByLabel(/Remark|备注/).fill(r.remark);
  }

  save(): Promise<void> {
    return this.modal.getByRole('button', { name: this.text.save }).click();
  }
}
