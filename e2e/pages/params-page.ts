import type { Locator } from '@playwright/test';
import { ConsolePage } from './console-page.ts';

const text = {
  en_US: {
    title: 'Parameter analysis',
    summary: /^[\d,]+ nm sailed, \d+ port calls \(\d+ points\)$/,
    colourBy: 'Colour by',
    shaftPower: 'M/E shaft power (kW)',
    exportCsv: 'Export CSV',
  },
  zh_CN: {
    title: '参数分析',
    summary: /^航行 [\d,]+ 海里，挂港 \d+ 次（\d+ 个点）$/,
    colourBy: '着色参数',
    shaftPower: '主机轴功率 (kW)',
    exportCsv: '导出 CSV',
  },
} as const;

/** Parameter analysis (`/eff-analysis/params`): track on the sea chart, trends, fuel statistics. */
export class ParamsPage extends ConsolePage {
  get text() {
    return text[this.lang];
  }

  open(query = ''): Promise<string> {
    return this.visit(`/eff-analysis/params${query}`);
  }

  get summary(): Locator {
    return this.page.getByTestId('track-summary');
  }
}
