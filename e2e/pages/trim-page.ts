import type { Locator } from '@playwright/test';
import { buttonName } from '../fixtures.ts';
import { ConsolePage } from './console-page.ts';

const text = {
  en_US: {
    title: 'Trim optimization',
    detail: 'Trim bin details',
    noBins: 'No filtered history yet.',
    importOpen: 'Import trim table',
    importBtn: buttonName('Import'),
    missingRow: 'No value for 16 kn, 13 m draught and 2 m trim',
    advice:
      /^(Trim to .* m by the stern: saves .*|The trim is within .*|The optimum is .* m from the trim now, .*|No live trim.*|The ship is not under way.*|No history yet.*|Not enough data.*)$/,
    heel: /^(Upright: heel within 2°\.|Heel above 2°.*|No live trim.*)$/,
  },
  zh_CN: {
    title: '纵倾优化',
    detail: '纵倾分区详情',
    noBins: '尚无经过滤的历史数据。',
    importOpen: '导入纵倾表',
    importBtn: buttonName('导入'),
    missingRow: '缺少 16 节、吃水 13 m、纵倾 2 m 的数值',
    advice:
      /^(建议调整为尾倾.*|当前纵倾在.*|当前纵倾与纵倾表.*|最佳纵倾为尾倾.*|无实时纵倾.*|船舶未在航.*|该航速与吃水下.*|数据不足.*)$/,
    heel: /^(正浮：横倾在2°以内。|横倾超过2°.*|无实时纵倾.*)$/,
  },
} as const;

/** Trim optimisation (`/eff-optimize/triming`): monitors, advice, bins with their detail modal, curve. */
export class TrimPage extends ConsolePage {
  get text() {
    return text[this.lang];
  }

  open(): Promise<string> {
    return this.visit('/eff-optimize/triming');
  }

  get bins(): Locator {
    return this.panel('trimDetail').locator('tbody tr.ant-table-row');
  }
}
