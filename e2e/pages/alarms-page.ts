import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, login } from '../fixtures.ts';
import { ConsolePage } from './console-page.ts';

const text = {
  en_US: {
    exhaustHigh: (n: number) => new RegExp(`M/E exhaust gas temperature cyl\\. ${n} high: 44\\d`),
    acknowledge: 'Acknowledge',
    history: 'History',
    notifications: 'Notifications',
    unread: /\d+ unread messages/,
    limits: 'Alarm limits',
    low: 'Low',
    high: 'High',
    save: 'Save',
    lowBelowHigh: 'The low limit must be below the high limit',
    equipment: 'Equipment',
    ge1: 'G/E 1',
    empty: 'No messages in this period',
  },
  zh_CN: {
    exhaustHigh: (n: number) => new RegExp(`主机 ${n} 缸排气温度 高报警：44\\d`),
    acknowledge: '确认',
    history: '历史',
    notifications: '消息中心',
    unread: /\d+ 条未读消息/,
    limits: '报警限值',
    low: '低限',
    high: '高限',
    save: '保存',
    lowBelowHigh: '低限必须小于高限',
    equipment: '设备',
    ge1: '1号发电机',
    empty: '该时段内无消息',
  },
} as const;

/**
 * Raises a high exhaust-temperature alarm on one cylinder through the Signal K ingest API: the main
 * engine turning and the cylinder at 445 °C (limit 430 °C) held for 6 s. The samples are dated just
 * ahead of the simulator's, so its 1 Hz values do not interleave before the minimum duration is met.
 * Returns when the alarm's raise time is, epoch ms.
 */
export async function raiseExhaustAlarm(request: APIRequestContext, cylinder: number): Promise<number> {
  const { dcToken } = await login(request);
  const start = Date.now() + 2000;
  const res = await request.post('/api/v1/ingest/signalk', {
    headers: { authorization: `Bearer ${dcToken}` },
    data: {
      context: 'vessels.self',
      updates: [0, 3000, 6000].map((dt) => ({
        timestamp: new Date(start + dt).toISOString(),
        values: [
          { path: 'propulsion.main.revolutions', value: 100 / 60 },
          { path: `propulsion.main.cylinders.${cylinder}.exhaustTemperature`, value: 445 + 273.15 },
        ],
      })),
    },
  });
  expect(res.ok()).toBe(true);
  return start + 6000;
}

/** The message center (`/notification`): real-time and history views, filters, limit settings. */
export class AlarmsPage extends ConsolePage {
  get text() {
    return text[this.lang];
  }

  open(query = ''): Promise<string> {
    return this.visit(`/notification${query}`);
  }

  exhaustAlarmRow(cylinder: number): Locator {
    return this.page.getByRole('row', { name: this.text.exhaustHigh(cylinder) });
  }

  bell(): Locator {
    return this.page.getByRole('button', { name: this.text.notifications });
  }

  unreadBadge(): Locator {
    return this.page.locator('.ant-badge-count').first();
  }

  acknowledgeButton(row: Locator): Locator {
    return row.getByRole('button', { name: this.text.acknowledge });
  }

  showHistory(): Promise<void> {
    return this.page.getByText(this.text.history, { exact: true }).click();
  }

  async expandEvents(row: Locator): Promise<Locator> {
    await row.locator('.ant-table-row-expand-icon').click();
    return this.page.getByRole('list').filter({ hasText: 'BRIDGE-01' }).first();
  }

  async filterFirstGenerator(): Promise<void> {
    await this.page.getByRole('combobox', { name: this.text.equipment }).first().click();
    await this.page.locator(`.ant-select-item-option[title="${this.text.ge1}"]`).click();
  }

  emptyNotice(): Locator {
    return this.page.getByText(this.text.empty);
  }

  firstDateInput(): Locator {
    return this.page.getByRole('textbox').first();
  }

  /** Opens the limit editor of cylinder 5's exhaust temperature; returns the editor dialog. */
  async editCylinder5Limits(): Promise<Locator> {
    await this.page.getByRole('button', { name: this.text.limits }).click();
    const dialog = this.page.getByRole('dialog');
    await expect(dialog.getByRole('table').first()).toBeVisible();
    await dialog
      .getByRole('row', { name: /cyl\. 5|5 缸/ })
      .getByRole('button')
      .click();
    return this.page.getByRole('dialog').last();
  }
}
