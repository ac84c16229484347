import type { Locator } from '@playwright/test';
import { buttonName } from '../fixtures.ts';
import { ConsolePage } from './console-page.ts';

const text = {
  en_US: {
    title: 'ECA monitoring',
    addPosition: 'Add position',
    addRange: 'Add range',
    save: buttonName('Save'),
    cancel: buttonName('Cancel'),
    delete: buttonName('Delete'),
    name: 'Zone',
    limit: 'Sulphur limit',
    from: 'In force from',
    latitude: 'Latitude',
    longitude: 'Longitude',
    radius: 'Radius',
    positions: 'Positions',
    crossed: /These positions do not bound an area\./,
    inside: (zone: string) => `Inside ${zone}.`,
    nearest: /Nearest: /,
  },
  zh_CN: {
    title: 'ECA监控',
    addPosition: '新增位置',
    addRange: '新增范围',
    save: buttonName('保存'),
    cancel: buttonName('取消'),
    delete: buttonName('删除'),
    name: '区域',
    limit: '硫含量限值',
    from: '生效日期',
    latitude: '纬度',
    longitude: '经度',
    radius: '半径',
    positions: '位置',
    crossed: /这些位置无法围成一个区域。|These positions do not bound an area\./,
    inside: (zone: string) => `位于 ${zone} 内。`,
    nearest: /最近：/,
  },
} as const;

/** ECA monitoring (`/eff-analysis/eca`): sea chart, zones, alarm history, crew areas and watch settings. */
export class EcaPage extends ConsolePage {
  get text() {
    return text[this.lang];
  }

  open(): Promise<string> {
    return this.visit('/eff-analysis/eca');
  }

  get status(): Locator {
    return this.page.getByTestId('eca-status');
  }

  get zoneRows(): Locator {
    return this.panel('ecaZones').locator('.eca-zones tbody tr.ant-table-row');
  }

  /** Fills the common fields of the area modal. */
  async fillArea(dialog: Locator, name: string) {
    await dialog.getByLabel(this.text.name).fill(name);
    await dialog.getByLabel(this.text.limit).fill('0.1');
    const from = dialog.getByLabel(this.text.from);
    await from.click();
    await from.fill('2026-01-01');
    await from.press('Enter');
  }
}
