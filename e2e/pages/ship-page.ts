import type { Locator } from '@playwright/test';
import { ConsolePage } from './console-page.ts';

const text = {
  en_US: {
    save: 'Save',
    mmsiMessage: 'Please enter the correct MMSI number',
    fuelMessage: 'Please select the type of fuel to use',
    imoMessage: 'Please enter the correct IMO number',
    saved: /Successfully added|Modify successfully/,
    registration: 'Registration / operation',
    addFuel: 'Add fuel type',
    remove: 'Remove',
    fuelType: 'Fuel type',
    capacity: 'Maximum capacity (t)',
    shipType: 'Ship type',
    bulk: 'Bulk carrier',
    lsHfo: 'LS HFO',
    mmsi: 'MMSI',
    imo: 'IMO number',
    nameEn: 'Ship name (English)',
    flag: 'Flag state',
    dwt: 'Deadweight (t)',
  },
  zh_CN: {
    save: '保存',
    mmsiMessage: '请输入正确的MMSI号',
    fuelMessage: '请选择使用的燃料类型',
    imoMessage: '请输入正确的IMO编号',
    saved: /添加成功|修改成功/,
    registration: '登记/运营信息',
    addFuel: '添加燃料类型',
    remove: '移除',
    fuelType: '燃料类型',
    capacity: '最大容量(t)',
    shipType: '船舶类型',
    bulk: '散货船',
    lsHfo: '低硫重油',
    mmsi: 'MMSI',
    imo: 'IMO编号',
    nameEn: '船名(英文)',
    flag: '船旗国',
    dwt: '载重吨(t)',
  },
} as const;

type Field = 'mmsi' | 'imo' | 'nameEn' | 'flag' | 'dwt' | 'capacity';

/** Carbon management → basic info: the ship particulars form (`/carbon-manage/basic`). */
export class ShipPage extends ConsolePage {
  get text() {
    return text[this.lang];
  }

  get form(): Locator {
    return this.panel('basicInfo');
  }

  async openFresh(): Promise<void> {
    await this.visit('/carbon-manage/basic');
    await this.page.evaluate(() => localStorage.removeItem('ecohelm.draft.ship'));
  }

  field(name: Field): Locator {
    return this.form.getByLabel(this.text[name], { exact: true });
  }

  async fill(values: Partial<Record<Exclude<Field, 'capacity'>, string>>): Promise<void> {
    for (const [name, value] of Object.entries(values)) await this.field(name as Field).fill(value);
  }

  async chooseBulkCarrier(): Promise<void> {
    await this.form.getByLabel(this.text.shipType, { exact: true }).click();
    await this.page.locator(`.ant-select-item-option[title="${this.text.bulk}"]`).click();
  }

  async openRegistration(): Promise<void> {
    await this.form.getByRole('tab', { name: this.text.registration }).click();
  }

  async removeAllFuels(): Promise<void> {
    const remove = this.form.getByRole('button', { name: this.text.remove, exact: true });
    while ((await remove.count()) > 0) await remove.first().click();
  }

  async addFuel(capacityT: string): Promise<void> {
    await this.form.getByRole('button', { name: this.text.addFuel }).first().click();
    await this.chooseOption(
      this.form.getByLabel(this.text.fuelType, { exact: true }).last(),
      this.page.getByTitle(this.text.lsHfo, { exact: true }),
    );
    await this.form.getByLabel(this.text.capacity, { exact: true }).last().fill(capacityT);
  }

  save(): Promise<void> {
    return this.form.getByRole('button', { name: this.text.save, exact: true }).click();
  }

  message(which: 'mmsiMessage' | 'imoMessage' | 'fuelMessage'): Locator {
    return this.form.getByText(this.text[which], { exact: true });
  }

  savedNotice(): Locator {
    return this.page.getByText(this.text.saved);
  }
}
