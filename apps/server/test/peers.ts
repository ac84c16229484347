import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error: a plain .mjs script of the repo, typed by use.
import { ensureSignalKServer } from '../../../scripts/ensure-signalk-server.mjs';

/** A TCP port nothing listens on right now. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Polls `check` until it returns a value (not undefined/false) or `timeoutMs` passes. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The installed Signal K server's folder (installed into the test cache on first use). */
export const signalkServerDir = (): string => ensureSignalKServer() as string;

/**
 * A real Signal K server (the `signalk-server` package) playing its bundled NMEA 0183 sample data, on
 * `port`, with its configuration in a fresh folder (`configDir` to reuse one across a restart), with security
 * on when asked.
 */
export async function startSignalKServer(
  port: number,
  configDir = mkdtempSync(path.join(tmpdir(), 'ecohelm-sk-')),
  options: { security?: boolean } = {},
): Promise<{ child: ChildProcess; configDir: string; stop(): Promise<void>; dispose(): void }> {
  const dir = signalkServerDir();
  const args = [path.join(dir, 'bin/signalk-server'), '-c', configDir, '--sample-nmea0183-data'];
  // Token security (security.json in the folder, see secureSignalKConfig).
  if (options.security) args.push('--securityenabled');
  const child = spawn(process.execPath, args, {
    cwd: dir,
    env: { ...process.env, PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`signalk-server exited: ${stderr.slice(-500)}`);
      return fetch(`http://127.0.0.1:${port}/signalk`).then(
        (r) => r.ok,
        () => false,
      );
    },
    60_000,
    'signalk-server to answer',
  );
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { child, configDir, stop, dispose: () => rmSync(configDir, { recursive: true, force: true }) };
}

/**
 * Turns security on in a Signal K server's configuration folder (token security, no read-only access) with
 * one read-only user, and returns a token for it made by the server's own `signalk-generate-token`.
 */
export function secureSignalKConfig(configDir: string): string {
  const security = path.join(configDir, 'security.json');
  writeFileSync(
    security,
    JSON.stringify({
      allow_readonly: false,
      expiration: '1d',
      secretKey: randomBytes(32).toString('hex'),
      users: [{ username: 'ecohelm', type: 'readonly', password: 'unused: the test logs in by token' }],
      devices: [],
      acls: [],
      immutableConfig: false,
      allowDeviceAccessRequests: false,
      allowNewUserRegistration: false,
    }),
  );
  return execFileSync(
    process.execPath,
    [
      path.join(signalkServerDir(), 'bin/signalk-generate-token'),
      '-u',
      'ecohelm',
      '-e',
      '1d',
      '-s',
      security,
    ],
    {
      encoding: 'utf8',
    },
  ).trim();
}
