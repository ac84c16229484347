import type { Locator } from '@playwright/test';
import { ConsolePage } from './console-page.ts';

const words = {
  en_US: {
    open: 'Data sources and import',
    connected: 'connected',
    reconnecting: 'reconnecting',
    error: 'error',
    connection: 'Connection',
    jobs: 'Background jobs',
    prune: 'Data retention and compaction (every 10 min)',
    ok: 'OK',
  },
  zh_CN: {
    open: '数据源与导入',
    connected: '已连接',
    reconnecting: '重连中',
    error: '错误',
    connection: '连接',
    jobs: '后台任务',
    prune: '数据保留与压缩（每 10 分钟）',
    ok: '正常',
  },
} as const;

/** The header's Data sources dialog: each connection to a ship system with its state, and the counters per source. */
export class DataSourcesDialog extends ConsolePage {
  get words() {
    return words[this.lang];
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  async open(): Promise<void> {
    await this.page.getByRole('button', { name: this.words.open }).click();
  }

  /** Opens the console at `pathname` as the test device and the dialog from its header. */
  async openFrom(pathname: string): Promise<Locator> {
    await this.visit(pathname);
    await this.open();
    return this.dialog;
  }

  /** The row of the connection whose name starts with `name` (e.g. `modbus:127.0.0.1`). */
  connection(name: string): Locator {
    return this.dialog.getByRole('row').filter({ hasText: name });
  }

  /** The row of a background job in the jobs table, by its name as the dialog shows it. */
  job(name: string): Locator {
    return this.dialog
      .getByRole('region', { name: this.words.jobs })
      .getByRole('row')
      .filter({ hasText: name });
  }

  state(name: string): Locator {
    return this.connection(name).getByTestId('adapter-state');
  }
}
