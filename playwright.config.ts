import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs } from './scripts/chromium-args.mjs';

/** Ports of the two servers the browser tests run against. */
/**
 * Days of simulated history of the main test server. The history starts at midnight UTC that many days back and the
 * simulated ship first lies 50–80 h at her Qingdao berth: with 3 days she was still alongside in the early hours of
 * some days (no passage to fit models on) and at sea later the same day. With 5 she is always on her passage to
 * Singapore (≥ 40 h at sea, ≥ 5 days before arrival), whatever the hour the tests run.
 */
const HISTORY_DAYS = 5;
export const MAIN_PORT = Number(process.env.E2E_PORT ?? 8181);
export const OFFLINE_PORT = MAIN_PORT + 1;
/** A server reading ship systems (no simulator): a Modbus device it polls, an NMEA multiplexer that is not there. */
export const ADAPTERS_PORT = MAIN_PORT + 50;
export const MODBUS_PEER_PORT = MAIN_PORT + 51;
export const ABSENT_NMEA_PORT = MAIN_PORT + 52;
/** A Modbus device that accepts connections and never answers (a hung gateway). */
export const SILENT_MODBUS_PORT = MAIN_PORT + 53;
/** A Modbus device configured with a map whose registers overlap: its adapter cannot start. */
export const BAD_MAP_MODBUS_URL = '127.0.0.1:9';

/**
 * The adapters server's configuration file: the answering device, the silent one and the one with a wrong map
 * (the environment can name only one Modbus device).
 */
const adaptersDir = path.join(tmpdir(), 'ecohelm-e2e-adapters');
export const BAD_MAP_FILE = path.join(adaptersDir, 'overlapping-map.csv');
mkdirSync(adaptersDir, { recursive: true });
writeFileSync(
  BAD_MAP_FILE,
  [
    'group,interval_ms,unit_id,table,address,type,word_order,scale,offset,unit,channel',
    'me,1000,1,holding,3,float32,big,1,0,kW,propulsion.main.shaftPower',
    'me,1000,1,holding,4,uint16,,0.1,0,rpm,propulsion.main.revolutions',
  ].join('\n'),
);
const exampleMap = path.resolve('docs/examples/modbus-register-map.csv');
const adaptersConfig = path.join(adaptersDir, 'config.json');
writeFileSync(
  adaptersConfig,
  JSON.stringify({
    ingest: {
      modbus: [
        { url: `tcp://127.0.0.1:${MODBUS_PEER_PORT}`, map: exampleMap },
        { url: `tcp://127.0.0.1:${SILENT_MODBUS_PORT}`, map: exampleMap },
        { url: BAD_MAP_MODBUS_URL, map: BAD_MAP_FILE },
      ],
    },
  }),
);

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
        ...chromiumArgs,
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: `node scripts/e2e-server.mjs ${MAIN_PORT} ECOHELM_SIMULATOR=${simulator} ECOHELM_SIMULATOR_HISTORY_DAYS=${process.env.E2E_HISTORY_DAYS ?? HISTORY_DAYS}`,
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
    {
      command: `node scripts/e2e-modbus-peer.mjs ${MODBUS_PEER_PORT}`,
      port: MODBUS_PEER_PORT,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: `node scripts/e2e-silent-peer.mjs ${SILENT_MODBUS_PORT}`,
      port: SILENT_MODBUS_PORT,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: `node scripts/e2e-server.mjs ${ADAPTERS_PORT} ECOHELM_SIMULATOR=0 ECOHELM_CONFIG=${adaptersConfig} ECOHELM_NMEA_TCP=127.0.0.1:${ABSENT_NMEA_PORT}`,
      url: `http://127.0.0.1:${ADAPTERS_PORT}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
    },
  ],
});
