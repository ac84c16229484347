import type { Locator } from '@playwright/test';
import { buttonName, expect } from '../fixtures.ts';
import { ConsolePage } from './console-page.ts';

const text = {
  en_US: {
    title: 'Energy reports',
    add: buttonName('Add'),
    save: buttonName('Save'),
    delete: buttonName('Delete'),
    confirm: 'Do you really want to delete this column?',
    added: 'Successfully added',
    deleted: 'Deleted',
    byMonth: 'By month',
    exportXlsx: 'Export XLSX',
    endBeforeStart: 'The end time must not be before the start time',
    fields: {
      port: 'Port',
      fuelType: 'Fuel type',
      quantity: 'Quantity',
      supplier: 'Supplier',
      start: 'Start time',
      end: 'End time',
      tank: 'Tank number',
    },
    fuel: 'MDO/MGO',
  },
  zh_CN: {
    title: '能效报告',
    add: buttonName('新增'),
    save: buttonName('保存'),
    delete: buttonName('删除'),
    confirm: '确定要删除该条数据吗?',
    added: '添加成功',
    deleted: '已删除',
    byMonth: '按月',
    exportXlsx: '导出 XLSX',
    endBeforeStart: '结束时间不能早于开始时间',
    fields: {
      port: '港口',
      fuelType: '燃油种类',
      quantity: '数量',
      supplier: '供应商',
      start: '开始时间',
      end: '结束时间',
      tank: '舱号',
    },
    fuel: '船用柴油/轻柴油',
  },
} as const;

/** Energy reports (`/eff-analysis/report`): fuel oil report, bunker and oil change records. */
export class EnergyReportPage extends ConsolePage {
  get text() {
    return text[this.lang];
  }

  open(): Promise<string> {
    return this.visit('/eff-analysis/report');
  }

  get reportRows(): Locator {
    return this.panel('fuelOilReport').locator('.fuel-oil-report tbody tr.ant-table-row');
  }

  get bunkerRows(): Locator {
    return this.panel('bunkerRecords').locator('.bunker-records tbody tr.ant-table-row');
  }

  /**
   * Fills the bunker modal; times in ship time `YYYY-MM-DD HH:mm`. The port, quantity and tank are 80 t at Qingdao
   * into tank 4C unless given.
   */
  async fillBunker(
    dialog: Locator,
    v: { supplier: string; start: string; end: string; port?: string; quantity?: string; tank?: string },
  ) {
    const { port = 'Qingdao', quantity = '80', tank = '4C' } = v;
    const f = this.text.fields;
    await dialog.getByLabel(f.port).fill(port);
    await this.chooseOption(
      dialog.getByLabel(f.fuelType),
      this.page.locator('.ant-select-item-option', { hasText: this.text.fuel }).first(),
    );
    await expect(dialog.locator('.ant-select', { hasText: this.text.fuel })).toBeVisible();
    await dialog.getByLabel(f.quantity).fill(quantity);
    await dialog.getByLabel(f.supplier).fill(v.supplier);
    await this.fillTimes(dialog, v.start, v.end);
    await dialog.getByLabel(f.tank).fill(tank);
  }

  /** Opens the add dialog of the bunker records. */
  async addBunker(): Promise<Locator> {
    await this.panel('bunkerRecords').getByRole('button', { name: this.text.add }).click();
    return this.page.getByRole('dialog');
  }

  /** Types a record's start and end (ship time `YYYY-MM-DD HH:mm`) into the dialog's pickers. */
  async fillTimes(dialog: Locator, start: string, end: string) {
    await this.setTime(dialog, this.text.fields.start, start);
    await this.setTime(dialog, this.text.fields.end, end);
  }

  /**
   * Types a time into one of the dialog's pickers until the picker has taken it: the picker can drop a value typed
   * while its panel is still opening, and the text then stays in the field until it loses focus, when the picker puts
   * its own value back. So the field is left and read again.
   */
  async setTime(dialog: Locator, label: string, value: string) {
    const input = dialog.getByLabel(label);
    await expect(async () => {
      await input.click();
      await input.fill(value);
      await input.press('Enter');
      await input.blur();
      await expect(input).toHaveValue(value, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
  }
}
