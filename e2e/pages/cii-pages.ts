import type { Locator } from '@playwright/test';
import { ConsolePage } from './console-page.ts';

const text = {
  en_US: {
    week: 'Week',
    voyage: 'Voyage',
    search: 'Search',
    viewSeemp: 'View report SEEMP Part III',
    viewSeemp1: 'View report SEEMP Part I',
    viewSeemp2: 'View report SEEMP Part II',
    seemp1Measures: 'Energy-efficiency measures',
    seemp2Methods: 'Methods',
    viewDcs: 'View report IMO DCS reporting format',
    viewTrial: 'View report Trial CII',
    seempPlan: 'Three-year implementation plan: required and attained CII',
    dcsImo: 'IMO number',
    reduction: 'Reduction factor Z',
    simulate: 'Simulate',
    speedMessage: 'Please enter the sailing speed',
    daysMessage: 'Please enter the expected sailing days',
    speed: 'Sailing speed (kn)',
    days: 'Expected sailing days',
    compare: 'Compare with speeds (kn)',
    highest: 'Highest average speed keeping rating',
    noSpeed: 'No speed keeps rating',
  },
  zh_CN: {
    week: '周',
    voyage: '航次',
    search: '查询',
    viewSeemp: '查看报告 SEEMP 第三部分',
    viewSeemp1: '查看报告 SEEMP 第一部分',
    viewSeemp2: '查看报告 SEEMP 第二部分',
    seemp1Measures: '能效措施',
    seemp2Methods: '方法',
    viewDcs: '查看报告 IMO DCS 报告格式',
    viewTrial: '查看报告 CII 试算',
    seempPlan: '三年实施计划:要求CII与达到CII',
    dcsImo: 'IMO编号',
    reduction: '折减系数Z',
    simulate: '模拟',
    speedMessage: '请输入航速',
    daysMessage: '请输入预计航行天数',
    speed: '航速 (kn)',
    days: '预计航行天数',
    compare: '对比航速 (kn)',
    highest: '保持',
    noSpeed: '今年没有航速能保持',
  },
} as const;

/** Carbon management → CII statistics (`/carbon-manage/cii-statistics`). */
export class CiiStatisticsPage extends ConsolePage {
  get text() {
    return text[this.lang];
  }

  open(): Promise<string> {
    return this.visit('/carbon-manage/cii-statistics');
  }

  chart(panel: 'ciiGauge' | 'ciiTrend'): Locator {
    return this.panel(panel).getByRole('img');
  }

  summary(): Locator {
    return this.page.getByTestId('cii-summary');
  }

  async byWeek(): Promise<void> {
    await this.page.getByText(this.text.week, { exact: true }).click();
  }

  async byVoyage(): Promise<void> {
    await this.page.getByText(this.text.voyage, { exact: true }).first().click();
    await this.page.getByRole('button', { name: this.text.search, exact: true }).click();
  }

  /** Opens one of the report samples; returns the dialog. */
  async openReport(
    which: 'viewSeemp1' | 'viewSeemp2' | 'viewSeemp' | 'viewDcs' | 'viewTrial',
  ): Promise<Locator> {
    await this.page.getByRole('button', { name: this.text[which], exact: true }).click();
    return this.page.getByRole('dialog');
  }

  closeDialog(): Promise<void> {
    return this.page.keyboard.press('Escape');
  }
}

/** Carbon management → CII simulator (`/carbon-manage/cii-simulator`). */
export class CiiSimulatorPage extends ConsolePage {
  get text() {
    return text[this.lang];
  }

  open(): Promise<string> {
    return this.visit('/carbon-manage/cii-simulator');
  }

  simulate(): Promise<void> {
    return this.page.getByRole('button', { name: this.text.simulate }).click();
  }

  message(which: 'speedMessage' | 'daysMessage'): Locator {
    return this.page.getByText(this.text[which], { exact: true });
  }

  async enter(speedKn: string, days: string, compareKn: string[]): Promise<void> {
    await this.page.getByLabel(this.text.speed, { exact: true }).fill(speedKn);
    await this.page.getByLabel(this.text.days, { exact: true }).fill(days);
    const compare = this.page.getByLabel(this.text.compare, { exact: true });
    for (const kn of compareKn) {
      await compare.fill(kn);
      await this.page.keyboard.press('Enter');
    }
  }

  scenarioRows(): Locator {
    return this.page.getByTestId('cii-scenarios').locator('tbody tr.ant-table-row');
  }

  maxSpeed(): Locator {
    return this.page.getByTestId('cii-max-speed');
  }

  chart(): Locator {
    return this.panel('simulatorChart').getByRole('img');
  }
}
