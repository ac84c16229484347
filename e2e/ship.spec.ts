import { expect, langs, openConsole, saveScreen, test } from './fixtures.ts';

const text = {
  en_US: {
    save: 'Save',
    mmsi: 'Please enter the correct MMSI number',
    fuel: 'Please select the type of fuel to use',
    imo: 'Please enter the correct IMO number',
    ok: /Successfully added|Modify successfully/,
    reg: 'Registration / operation',
    addFuel: 'Add fuel type',
    remove: 'Remove',
    fuelType: 'Fuel type',
    capacity: 'Maximum capacity (t)',
    shipType: 'Ship type',
    bulk: 'Bulk carrier',
    addStart: 'Add start information',
    yearBeginning: 'Year beginning',
    changeType: 'Change type',
  },
  zh_CN: {
    save: '保存',
    mmsi: '请输入正确的MMSI号',
    fuel: '请选择使用的燃料类型',
    imo: '请输入正确的IMO编号',
    ok: /添加成功|修改成功/,
    reg: '登记/运营信息',
    addFuel: '添加燃料类型',
    remove: '移除',
    fuelType: '燃料类型',
    capacity: '最大容量(t)',
    shipType: '船舶类型',
    bulk: '散货船',
    addStart: '新增起始信息',
    yearBeginning: '年初',
    changeType: '变更类型',
  },
};
const fields = {
  en_US: {
    mmsi: 'MMSI',
    imo: 'IMO number',
    nameEn: 'Ship name (English)',
    flag: 'Flag state',
    dwt: 'Deadweight (t)',
  },
  zh_CN: { mmsi: 'MMSI', imo: 'IMO编号', nameEn: '船名(英文)', flag: '船旗国', dwt: '载重吨(t)' },
};

for (const lang of langs) {
  test(`ship basic info validates with the spec messages and saves in ${lang}`, async ({ page }) => {
    const tx = text[lang];
    const f = fields[lang];
    await openConsole(page, '/carbon-manage/basic', lang);
    await page.evaluate(() => localStorage.removeItem('ecohelm.draft.ship'));
    const form = page.locator('[data-panel="basicInfo"]');
    await form.getByLabel(f.mmsi, { exact: true }).fill('1234');
    await form.getByLabel(f.imo, { exact: true }).fill('9074728');
    await form.getByRole('button', { name: tx.save, exact: true }).click();
    await expect(form.getByText(tx.mmsi, { exact: true })).toBeVisible();
    await expect(form.getByText(tx.imo, { exact: true })).toBeVisible();
    await saveScreen(page, `carbon-basic-errors-${lang}`);

    await form.getByLabel(f.mmsi, { exact: true }).fill('413000001');
    await form.getByLabel(f.imo, { exact: true }).fill('9074729');
    await form.getByLabel(f.nameEn, { exact: true }).fill('ECO HELM');
    await form.getByLabel(f.flag, { exact: true }).fill('China');
    await form.getByLabel(f.dwt, { exact: true }).fill('82000');
    await form.getByLabel(tx.shipType, { exact: true }).click();
    await page.locator(`.ant-select-item-option[title="${tx.bulk}"]`).click();
    await form.getByRole('tab', { name: tx.reg }).click();
    // Another test may have saved fuel types already: remove them all to see the rule.
    const removeFuel = form.getByRole('button', { name: tx.remove, exact: true });
    while ((await removeFuel.count()) > 0) await removeFuel.first().click();
    await form.getByRole('button', { name: tx.save, exact: true }).click();
    await expect(form.getByText(tx.fuel, { exact: true })).toBeVisible();

    // A reload keeps the entries (local draft).
    await page.reload();
    await expect(form.getByLabel(f.mmsi, { exact: true })).toHaveValue('413000001');

    await form.getByRole('tab', { name: tx.reg }).click();
    await form.getByRole('button', { name: tx.addFuel }).first().click();
    await form.getByLabel(tx.fuelType, { exact: true }).first().click();
    await page.getByTitle(lang === 'en_US' ? 'LS HFO' : '低硫重油', { exact: true }).click();
    await form.getByLabel(tx.capacity, { exact: true }).first().fill('2500');
    await form.getByRole('button', { name: tx.save, exact: true }).click();
    await expect(page.getByText(tx.ok)).toBeVisible();
    await saveScreen(page, `carbon-basic-saved-${lang}`);
  });
}
