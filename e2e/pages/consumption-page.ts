import type { Locator } from '@playwright/test';
import { ConsolePage } from './console-page.ts';

const text = {
  en_US: {
    title: 'Energy consumption distribution',
    me: 'M/E',
    exportCsv: 'Export CSV',
    last7: 'Last 7 days',
    summary:
      /^[\d,.]+ t of fuel and [\d,.]+ t of CO₂ in \d+ h of data; the period before: [\d,.]+ t \((—|[+−][\d,.]+ %)\)\.$/,
  },
  zh_CN: {
    title: '能耗分布',
    me: '主机',
    exportCsv: '导出 CSV',
    last7: '最近 7 天',
    summary:
      /^数据 \d+ 小时内共消耗燃油 [\d,.]+ t，排放 CO₂ [\d,.]+ t；上一周期 [\d,.]+ t（(—|[+−][\d,.]+ %)）。$/,
  },
} as const;

/** Energy consumption distribution (`/eff-analysis/distributed`): range, charts, table, CSV. */
export class ConsumptionPage extends ConsolePage {
  get text() {
    return text[this.lang];
  }

  open(query = ''): Promise<string> {
    return this.visit(`/eff-analysis/distributed${query}`);
  }

  get rows(): Locator {
    return this.panel('consumptionTable').locator('tbody tr.ant-table-row');
  }

  get summary(): Locator {
    return this.panel('consumptionTable').getByTestId('consumption-summary');
  }
}
