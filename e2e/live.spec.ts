import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { MAIN_PORT } from '../playwright.config.ts';
import { E2E_DEVICE, expect, saveScreen, test } from './fixtures.ts';

// A server of this test's own, so that it can be stopped and started again under the open page.
const PORT = MAIN_PORT + 7;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SCRIPT = path.join(import.meta.dirname, '../scripts/e2e-server.mjs');

async function startServer(keepData: boolean): Promise<ChildProcess> {
  mkdirSync('test-results', { recursive: true });
  const child = spawn(
    process.execPath,
    [SCRIPT, String(PORT), 'ECOHELM_SIMULATOR=1', 'ECOHELM_SIMULATOR_HISTORY_DAYS=1'],
    {
      stdio: [
        'ignore',
        openSync('test-results/live-server.log', 'a'),
        openSync('test-results/live-server.log', 'a'),
      ],
      env: { ...process.env, E2E_KEEP_DATA: keepData ? '1' : '0' },
    },
  );
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${ORIGIN}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the test server did not start');
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

test('live panels go stale when the server stops and come back by themselves after a restart', async ({
  page,
}) => {
  test.setTimeout(120_000);
  let server = await startServer(false);
  try {
    const login = await fetch(`${ORIGIN}/api/v1/devices/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(E2E_DEVICE),
    });
    const { dcToken } = (await login.json()) as { dcToken: string };
    await page.addInitScript(() => localStorage.setItem('lang', 'en_US'));
    await page.goto(`${ORIGIN}/overview?dcToken=${dcToken}`);
    const nav = page.locator('[data-panel="navigationStatus"]');
    await expect(nav.getByText('kW')).toBeVisible({ timeout: 20_000 });
    await expect(nav.getByText('No live data (stale)')).toHaveCount(0);

    await stopServer(server);
    await expect(nav.getByText('No live data (stale)')).toBeVisible({ timeout: 20_000 });
    await saveScreen(page, 'live-stale');

    server = await startServer(true);
    // The stream reopens on its own (no reload) and fresh values clear the stale mark.
    await expect(nav.getByText('No live data (stale)')).toHaveCount(0, { timeout: 30_000 });
    await expect(page).toHaveURL(/\/overview/);
    await saveScreen(page, 'live-recovered');
  } finally {
    await stopServer(server);
  }
});
