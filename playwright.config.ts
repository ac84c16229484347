import { defineConfig } from '@playwright/test';

/** Ports of the two servers the browser tests run against. */
export const MAIN_PORT = Number(process.env.E2E_PORT ?? 8181);
export const OFFLINE_PORT = MAIN_PORT + 1;

const simulator = process.env.E2E_SIMULATOR ?? '1';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: `http://127.0.0.1:${MAIN_PORT}`,
    viewport: { width: 1600, height: 900 },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: `node scripts/e2e-server.mjs ${MAIN_PORT} ECOHELM_SIMULATOR=${simulator} ECOHELM_SIMULATOR_HISTORY_DAYS=${process.env.E2E_HISTORY_DAYS ?? 3}`,
      url: `http://127.0.0.1:${MAIN_PORT}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
    {
      command: `node scripts/e2e-server.mjs ${OFFLINE_PORT} ECOHELM_SIMULATOR=0 ECOHELM_OFFLINE=1 ECOHELM_HIDE_LOAD_PAGE=1`,
      url: `http://127.0.0.1:${OFFLINE_PORT}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
    },
  ],
});
