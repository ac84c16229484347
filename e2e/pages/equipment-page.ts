import type { Locator } from '@playwright/test';
import { buttonName } from '../fixtures.ts';
import { ConsolePage } from './console-page.ts';

const text = {
  en_US: {
    title: 'Equipment assessment',
    me: 'M/E',
    ge1: 'G/E 1',
    unit: 'Equipment',
    model: 'Model',
    save: buttonName('Save'),
    saved: 'Modify successfully',
    rating: /excellent|good|normal|serious|not enough data/,
    detail: /full running hours/,
    updated: /^Changed by BRIDGE-01 on /,
  },
  zh_CN: {
    title: '设备评估',
    me: '主机',
    ge1: '1号发电机',
    unit: '设备',
    model: '型号',
    save: buttonName('保存'),
    saved: '修改成功',
    rating: /优秀|良好|一般|严重|数据不足/,
    detail: /完整运行/,
    updated: /^由 BRIDGE-01 于 /,
  },
} as const;

/** Equipment assessment (`/eff-analysis/device`): ratings with their detail, equipment parameters. */
export class EquipmentPage extends ConsolePage {
  get text() {
    return text[this.lang];
  }

  open(): Promise<string> {
    return this.visit('/eff-analysis/device');
  }

  get rows(): Locator {
    return this.panel('energyAssessment').locator('.assessment tbody tr.ant-table-row');
  }
}
