import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error: a plain .mjs script of the repo, typed by use.
import { natsServerPath } from '../../../scripts/ensure-nats-server.mjs';
import type { SyncConfig } from '../src/platform/config.ts';
import { freePort, waitFor } from './peers.ts';

export interface TestNats {
  port: number;
  url: string;
  storeDir: string;
  /** Kills the server at once (SIGKILL): the link drops mid-sync. */
  kill(): Promise<void>;
  /** Starts it again on the same port and store, as a restored link. */
  restart(): Promise<void>;
  dispose(): Promise<void>;
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });

/**
 * A NATS server with JetStream (Debian's nats-server) on a free port with a temporary store; `authorization` is a
 * configuration block of its own (users and their permissions), `tls` one of TLS (certificates); none by default.
 */
export async function startNats(options: { authorization?: string; tls?: string } = {}): Promise<TestNats> {
  const bin = natsServerPath() as string;
  const port = await freePort();
  const storeDir = mkdtempSync(path.join(tmpdir(), 'ecohelm-nats-'));
  const configFile = path.join(storeDir, 'nats.conf');
  writeFileSync(
    configFile,
    [
      `listen: "127.0.0.1:${port}"`,
      `jetstream { store_dir: ${JSON.stringify(path.join(storeDir, 'js'))} }`,
      options.authorization ? `authorization ${options.authorization}` : '',
      options.tls ? `tls ${options.tls}` : '',
    ].join('\n'),
  );
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(bin, ['-c', configFile], { stdio: ['ignore', 'ignore', 'ignore'] });
    await waitFor(() => listening(port), 10_000, `nats-server on ${port}`);
  };
  const kill = async () => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    port,
    url: `nats://127.0.0.1:${port}`,
    storeDir,
    kill,
    restart: start,
    dispose: async () => {
      await kill();
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}

/**
 * A sync configuration for tests and benches: no credentials or TLS, no bandwidth cap worth the name, and quick
 * scans and retries (`over` sets what a test needs otherwise).
 */
export const testSyncConfig = (
  natsUrl: string,
  role: 'ship' | 'shore',
  over: Partial<SyncConfig> = {},
): SyncConfig => ({
  role,
  natsUrl,
  user: undefined,
  password: undefined,
  token: undefined,
  credsFile: undefined,
  tlsCa: undefined,
  tlsCert: undefined,
  tlsKey: undefined,
  maxKbits: 100_000,
  historyDays: 5,
  recheckHours: 5 * 24,
  recheckMs: 500,
  scanMs: 150,
  reconnectMs: 150,
  ackTimeoutMs: 1500,
  minuteGroups: [],
  reconcileMs: 86_400_000,
  // The tests and benches made before registration let their ships appear on their first message.
  autoRegister: true,
  futureMarginS: 600,
  maxDeliver: 3,
  streamMaxAgeDays: 1,
  streamMaxMb: 512,
  ...over,
});
