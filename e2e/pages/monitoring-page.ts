import type { Locator } from '@playwright/test';
import { ConsolePage } from './console-page.ts';

const text = {
  en_US: {
    download: 'Download image',
    ok: 'Download',
    live: 'Live',
    state: /^(Running|Stopped)$/,
    ge2: 'G/E 2',
    boiler1: 'Boiler 1',
    boiler2: 'Boiler 2 (exhaust-gas economiser)',
    title: { me: 'Main engine monitoring', ge: 'Generator monitoring', boiler: 'Boiler monitoring' },
  },
  zh_CN: {
    download: '下载图片',
    ok: '下载',
    live: '实时',
    state: /^(运行|停止)$/,
    ge2: '2号发电机',
    boiler1: '1号锅炉',
    boiler2: '2号锅炉（废气锅炉）',
    title: { me: '主机监测', ge: '发电机监测', boiler: '锅炉监测' },
  },
} as const;

type Equipment = 'me' | 'ge' | 'boiler';

/** State analysis (`/eff-monitory/me|ge|boiler`): key factors, efficiency curve, status, alarms, image download. */
export class MonitoringPage extends ConsolePage {
  get text() {
    return text[this.lang];
  }

  open(equipment: Equipment): Promise<string> {
    return this.visit(`/eff-monitory/${equipment}`);
  }

  /** Goes to another equipment's tab in the same console session. */
  async show(equipment: Equipment): Promise<void> {
    await this.page.goto(`/eff-monitory/${equipment}`);
  }

  heading(equipment: Equipment): Locator {
    return this.page.getByRole('heading', { name: this.text.title[equipment] });
  }

  /** A key factor's value cell by channel. */
  factor(channel: string): Locator {
    return this.panel('keyFactors').locator(`[data-factor="${channel}"] dd`);
  }

  curve(): Locator {
    return this.panel('fuelEfficiencyCurve').locator('canvas').first();
  }

  statusRow(unit: string): Locator {
    return this.panel('equipmentStatus').locator(`tr[data-unit="${unit}"]`);
  }

  statusRows(): Locator {
    return this.panel('equipmentStatus').locator('tbody tr');
  }

  selectUnit(label: string): Promise<void> {
    return this.page.getByText(label, { exact: true }).first().click();
  }

  /** Opens the image download's confirmation dialog; returns it. */
  async openDownload(): Promise<Locator> {
    await this.page.getByRole('button', { name: this.text.download, exact: true }).click();
    return this.page.getByRole('dialog');
  }
}
