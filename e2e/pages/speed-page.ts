import type { Locator } from '@playwright/test';
import { buttonName } from '../fixtures.ts';
import { ConsolePage } from './console-page.ts';

const text = {
  en_US: {
    title: 'Speed optimization',
    edit: buttonName('Edit'),
    save: buttonName('Save'),
    adjust: buttonName('Adjust'),
    indicator: buttonName('Indicator'),
    slip: buttonName('Slip rate'),
    importRtz: buttonName('Import RTZ'),
    exportRtz: buttonName('Export RTZ'),
    cargo: 'Cargo loaded',
    cargoNegative: 'The cargo loaded cannot be negative.',
    status: 'Ship status',
    drifting: '4 Drifiting',
    ballasted: '2 Ballasted',
    confirm: 'Save as entered: a sensor is wrong',
    shownDrifting: 'Drifiting',
    loading: 'Loading status',
    shownBallasted: 'Ballasted',
    gribDamaged: 'This is not a GRIB2 file or it is damaged',
    override: 'Run another RPM',
    reason: 'Reason',
    reasonRequired: 'Give a reason for not following the advice.',
    rpm: 'RPM',
    indicatorTitle: 'What the advice is based on',
    slipNow: 'Apparent slip now',
    rtzInvalid: 'This is not a valid RTZ route file.',
    imported: /^Route imported: \d+ waypoints$/,
    rpmOutOfRange: 'The RPM must be within the engine’s range.',
    simInvalid: /^Type an RPM between \d+ and \d+: the simulation waits for one\.$/,
    cargoNotNumber:
      'Cargo loaded: type a number (digits, a point for decimals); letters and exponents are not taken.',
    statuses: /^(Optimized|Not optimized)$/,
    voyageNo: 'Voyage number',
    eta: 'ETA',
    etaBeforeEtd: 'The ETA must be later than the ETD.',
    cancel: buttonName('Cancel'),
  },
  zh_CN: {
    title: '航速优化',
    edit: buttonName('编辑'),
    save: buttonName('保存'),
    adjust: buttonName('调整'),
    indicator: buttonName('指标'),
    slip: buttonName('滑失率'),
    importRtz: buttonName('导入 RTZ'),
    exportRtz: buttonName('导出 RTZ'),
    cargo: '载货量',
    cargoNegative: '载货量不能为负数。',
    status: '船舶状态',
    drifting: '4 漂航',
    ballasted: '2 压载',
    confirm: '按输入保存：传感器有误',
    shownDrifting: '漂航',
    loading: '装载状态',
    shownBallasted: '压载',
    gribDamaged: '这不是 GRIB2 文件或文件已损坏',
    override: '采用其他转速',
    reason: '原因',
    reasonRequired: '不按建议执行时请填写原因。',
    rpm: '转速',
    indicatorTitle: '建议的依据',
    slipNow: '当前表观滑失率',
    rtzInvalid: '这不是有效的 RTZ 航线文件。',
    imported: /^航线已导入：\d+ 个航路点$/,
    rpmOutOfRange: '转速必须在主机允许范围内。',
    simInvalid: /^请输入 \d+ 至 \d+ 之间的转速，模拟将据此计算。$/,
    cargoNotNumber: '载货量：请输入数字（小数用小数点），不接受字母或指数形式。',
    statuses: /^(已优化|未优化)$/,
    voyageNo: '航次号',
    eta: '预计到港',
    etaBeforeEtd: '预计到港时间必须晚于预计离港时间。',
    cancel: buttonName('取消'),
  },
} as const;

/** Speed optimisation (`/eff-optimize/speed`): navigation, status, advice and its modals, plan, RTZ, simulation. */
export class SpeedPage extends ConsolePage {
  get text() {
    return text[this.lang];
  }

  open(): Promise<string> {
    return this.visit('/eff-optimize/speed');
  }

  /** Clicks a button of a panel and returns the dialog it opens. */
  async openDialog(panel: string, name: RegExp): Promise<Locator> {
    await this.panel(panel).getByRole('button', { name }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.waitFor();
    return dialog;
  }

  /** Picks an option of an antd select in a dialog. */
  async choose(dialog: Locator, label: string, option: string): Promise<void> {
    await this.chooseOption(
      dialog.getByRole('combobox', { name: label }),
      this.page.locator(`.ant-select-item-option[title="${option}"]`),
    );
  }
}
